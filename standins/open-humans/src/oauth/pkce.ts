import { createHash } from 'node:crypto';

/**
 * PKCE (RFC 7636) as the platform's oauthlib 3.2.2 does it. The platform runs with PKCE_REQUIRED
 * off: a client may leave PKCE out, but a code issued for a challenge needs its verifier.
 */
export const CODE_CHALLENGE_METHODS = ['plain', 'S256'] as const;
export type CodeChallengeMethod = (typeof CODE_CHALLENGE_METHODS)[number];

export interface CodeChallenge {
  challenge: string;
  method: CodeChallengeMethod;
}

export function isCodeChallengeMethod(value: string): value is CodeChallengeMethod {
  return (CODE_CHALLENGE_METHODS as readonly string[]).includes(value);
}

/**
 * RFC 7636 section 4.6. Like oauthlib, S256 hashes the verifier's UTF-8 bytes and neither method
 * checks the verifier's length or alphabet.
 */
export function verifierMatches(verifier: string, challenge: string, method: CodeChallengeMethod): boolean {
  if (method === 'plain') return verifier === challenge;
  // Node's base64url has no padding, which is what RFC 7636 appendix A asks for.
  return createHash('sha256').update(verifier, 'utf8').digest('base64url') === challenge;
}
