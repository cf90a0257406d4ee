import { createHmac, hkdfSync } from 'node:crypto';

/** Turns a study ID into the participant's pseudonym in the statistics and the analysis export. */
export type PseudonymOf = (pgId: string) => string;

/**
 * The participant's study pseudonym: a keyed hash of the study ID (HMAC-SHA256, 80 bits shown),
 * the same in every download, so files can be joined with each other but not with the study
 * ID, the Open Humans member or anything the providers saw. Only the key, which never leaves
 * the service, links them back.
 *
 * The key is derived (HKDF, a purpose of its own) from the study's token encryption key, the one
 * secret a deployment and its backups already keep; so a restored backup gives the same
 * pseudonyms, and no second secret has to be kept in step.
 */
export function studyPseudonyms(tokenEncryptionKey: Buffer): PseudonymOf {
  const key = Buffer.from(hkdfSync('sha256', tokenEncryptionKey, Buffer.alloc(0), 'study pseudonyms v1', 32));
  return (pgId) => `P${createHmac('sha256', key).update(pgId.toLowerCase()).digest('hex').slice(0, 20)}`;
}
