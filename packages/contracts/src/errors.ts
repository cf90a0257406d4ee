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
} as const;
export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];
