import { ErrorCodes } from '@study/contracts';
import { AppError } from '@study/service-kit';
import type { Logger } from 'pino';
import { OpenHumansError } from '../data-access/open-humans';

/** How long to wait before trying again when Open Humans could not be reached and said nothing. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 30;

/** What the caller sees when Open Humans refuses or fails; the platform's own words go to the log. */
export function openHumansAppError(err: OpenHumansError): AppError {
  switch (err.kind) {
    case 'code-rejected': {
      const reason = [err.details.oauthError ?? 'invalid_grant', err.details.description].filter(Boolean).join(': ');
      return new AppError(400, ErrorCodes.OH_CODE_REJECTED, `Open Humans did not accept the authorization code (${reason}). Please authorize again.`, { cause: err });
    }
    case 'refresh-rejected':
    case 'token-rejected':
      return new AppError(409, ErrorCodes.OH_AUTHORIZATION_REJECTED, 'Open Humans no longer accepts the authorization you gave this study. Please consent and authorize again.', {
        cause: err,
      });
    case 'client-rejected':
      return new AppError(502, ErrorCodes.OH_CLIENT_REJECTED, "Open Humans did not accept this study's project credentials. The study team has been told; please try again later.", {
        cause: err,
      });
    case 'unavailable': {
      // A dependency away or busy: 503, with how long the platform asked to wait when it said.
      const error = new AppError(503, ErrorCodes.OH_UNAVAILABLE, `${err.message} Please try again in a few minutes.`, { cause: err }) as AppError & { retryAfterSeconds: number };
      error.retryAfterSeconds = err.details.retryAfterSeconds ?? UNAVAILABLE_RETRY_AFTER_SECONDS;
      return error;
    }
    case 'bad-response':
      return new AppError(502, ErrorCodes.OH_BAD_RESPONSE, 'Open Humans answered in a way the study could not read. Please try again later.', { cause: err });
  }
}

/**
 * Runs a call to Open Humans; a platform failure is logged (kind, status and the OAuth2 error,
 * never a token) and rethrown as the AppError the caller should see.
 */
export async function callOpenHumans<T>(logger: Logger, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!(err instanceof OpenHumansError)) throw err;
    const level = err.kind === 'client-rejected' || err.kind === 'bad-response' ? 'error' : 'warn';
    logger[level]({ kind: err.kind, ...err.details, reason: err.message }, `Open Humans: ${what} failed`);
    throw openHumansAppError(err);
  }
}
