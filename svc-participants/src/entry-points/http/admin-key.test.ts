import { AppError } from '@study/service-kit';
import { checkAdminKey, isMasterKey } from './admin-key';

describe('the admin master key', () => {
  const KEY = 'master-key-0123456789';

  it('matches only the exact key', () => {
    expect(isMasterKey(KEY, KEY)).toBe(true);
    expect(isMasterKey(`${KEY} `, KEY)).toBe(false);
    expect(isMasterKey(KEY.slice(0, -1), KEY)).toBe(false);
    expect(isMasterKey('', KEY)).toBe(false);
  });

  it.each([
    [undefined, 401, 'ADMIN_KEY_REQUIRED'],
    ['', 401, 'ADMIN_KEY_REQUIRED'],
    ['wrong-key-0123456789', 403, 'ADMIN_KEY_INVALID'],
  ])('%j -> %d %s', (given, status, code) => {
    let caught: unknown;
    try {
      checkAdminKey(given, KEY);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect(caught).toMatchObject({ status, code });
  });

  it('lets the right key through', () => {
    expect(() => checkAdminKey(KEY, KEY)).not.toThrow();
  });
});
