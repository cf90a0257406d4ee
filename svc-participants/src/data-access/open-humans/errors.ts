/**
 * What went wrong talking to Open Humans:
 * - code-rejected: the authorization code was invalid, used, expired or for another redirect URI;
 * - refresh-rejected: the stored refresh token no longer works (the member left, or it was rotated);
 * - token-rejected: the access token was refused by the API;
 * - client-rejected: the study's client id or secret is wrong (configuration);
 * - unavailable: no answer, a timeout, a server error, or the platform limiting the study's calls (429);
 * - bad-response: an answer the study cannot read.
 */
export type OpenHumansErrorKind = 'code-rejected' | 'refresh-rejected' | 'token-rejected' | 'client-rejected' | 'unavailable' | 'bad-response';

export class OpenHumansError extends Error {
  constructor(
    readonly kind: OpenHumansErrorKind,
    message: string,
    readonly details: {
      status?: number;
      oauthError?: string;
      description?: string;
      /** Members a project-members form named invalid (no longer in the project). */
      invalidMemberIds?: string[];
      /** How long the platform asked the study to wait (its Retry-After on a 429). */
      retryAfterSeconds?: number;
    } = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'OpenHumansError';
  }
}
