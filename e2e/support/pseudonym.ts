import { parseEncryptionKey } from '../../svc-participants/src/data-access/token-cipher';
import { studyPseudonyms } from '../../svc-participants/src/domain/admin/study-pseudonym';

/** The pseudonym the test stack's exports give a study ID (from the stack's own key). */
export function pseudonymOf(pgId: string): string {
  const key = parseEncryptionKey(process.env.E2E_TOKEN_ENCRYPTION_KEY ?? '');
  if (!key) throw new Error('E2E_TOKEN_ENCRYPTION_KEY is not set: run the browser tests through jest --selectProjects e2e');
  return studyPseudonyms(key)(pgId);
}
