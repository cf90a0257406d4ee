import { z } from 'zod';

/** Every 4xx/5xx answer of the services and the gateway has this body. */
export const errorBodySchema = z.object({
  /** A message the user can act on. */
  error: z.string().min(1),
  /** Machine-readable, UPPER_SNAKE. */
  code: z.string().regex(/^[A-Z][A-Z0-9_]*$/),
  requestId: z.string().min(1),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Error codes shared by every service; domain flows add their own. */
export const ErrorCodes = {
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  MALFORMED_JSON: 'MALFORMED_JSON',
  BODY_TOO_LARGE: 'BODY_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FORBIDDEN_KEY: 'FORBIDDEN_KEY',
  NOT_FOUND: 'NOT_FOUND',
  INTERNAL: 'INTERNAL',
  PARTICIPANT_NOT_FOUND: 'PARTICIPANT_NOT_FOUND',
  /** POST /api/user/reset while RESET_SURVEYS is not 1. */
  RESET_DISABLED: 'RESET_DISABLED',
  /** Open Humans refused the authorization code (invalid, used or expired): authorize again. */
  OH_CODE_REJECTED: 'OH_CODE_REJECTED',
  /** Open Humans refused a stored authorization (refresh token or access token): consent again. */
  OH_AUTHORIZATION_REJECTED: 'OH_AUTHORIZATION_REJECTED',
  /** Open Humans refused the study's client credentials: a configuration problem. */
  OH_CLIENT_REJECTED: 'OH_CLIENT_REJECTED',
  /** Open Humans could not be reached, timed out or failed. */
  OH_UNAVAILABLE: 'OH_UNAVAILABLE',
  /** Open Humans answered something the study cannot read. */
  OH_BAD_RESPONSE: 'OH_BAD_RESPONSE',
  /** A participant without a live Open Humans authorization. */
  OH_NOT_AUTHORIZED: 'OH_NOT_AUTHORIZED',
  /** A deauthorization webhook with a missing or wrong signature. */
  WEBHOOK_SIGNATURE_INVALID: 'WEBHOOK_SIGNATURE_INVALID',
} as const;
export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];
