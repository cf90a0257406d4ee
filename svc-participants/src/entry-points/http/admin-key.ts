import { createHash, timingSafeEqual } from 'node:crypto';
import { ErrorCodes } from '@study/contracts';
import { AppError } from '@study/service-kit';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Whether `given` is the master key. Both are hashed first so the constant-time comparison
 * also hides the key's length.
 */
export function isMasterKey(given: string, masterKey: string): boolean {
  return timingSafeEqual(digest(given), digest(masterKey));
}

/** The admin key check: 401 without the X-Master-Key header, 403 with a wrong key. */
export function checkAdminKey(given: string | undefined, masterKey: string): void {
  if (given === undefined || given === '') {
    throw new AppError(401, ErrorCodes.ADMIN_KEY_REQUIRED, 'This call needs the admin master key in the X-Master-Key header.');
  }
  if (!isMasterKey(given, masterKey)) throw new AppError(403, ErrorCodes.ADMIN_KEY_INVALID, 'The master key is not correct.');
}
