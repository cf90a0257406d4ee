import { AppError } from '@study/service-kit';
import { memoryLogger } from '@study/service-kit/testing';
import { OpenHumansError, type OpenHumansErrorKind } from '../data-access/open-humans';
import { callOpenHumans, openHumansAppError } from './open-humans-failures';

describe('openHumansAppError', () => {
  it('tells the participant to authorize again when the code is refused, with the reason', () => {
    const err = openHumansAppError(new OpenHumansError('code-rejected', 'x', { status: 400, oauthError: 'invalid_grant' }));
    expect(err).toMatchObject({ status: 400, code: 'OH_CODE_REJECTED', message: 'Open Humans did not accept the authorization code (invalid_grant). Please authorize again.' });
    const described = openHumansAppError(new OpenHumansError('code-rejected', 'x', { oauthError: 'invalid_grant', description: 'Authorization code has already been used.' }));
    expect(described.message).toBe('Open Humans did not accept the authorization code (invalid_grant: Authorization code has already been used.). Please authorize again.');
  });

  it.each<[OpenHumansErrorKind, number, string]>([
    ['refresh-rejected', 409, 'OH_AUTHORIZATION_REJECTED'],
    ['token-rejected', 409, 'OH_AUTHORIZATION_REJECTED'],
    ['client-rejected', 502, 'OH_CLIENT_REJECTED'],
    ['unavailable', 503, 'OH_UNAVAILABLE'],
    ['bad-response', 502, 'OH_BAD_RESPONSE'],
  ])('maps %s to %d %s', (kind, status, code) => {
    expect(openHumansAppError(new OpenHumansError(kind, 'Open Humans could not be reached (ECONNREFUSED).'))).toMatchObject({ status, code });
  });

  it('answers 503 with the wait Open Humans asked for when it limited the calls, and 30 s when it said nothing', () => {
    expect(openHumansAppError(new OpenHumansError('unavailable', 'Limited.', { status: 429, retryAfterSeconds: 120 }))).toMatchObject({ status: 503, retryAfterSeconds: 120 });
    expect(openHumansAppError(new OpenHumansError('unavailable', 'Open Humans could not be reached (ECONNREFUSED).'))).toMatchObject({ status: 503, retryAfterSeconds: 30 });
  });

  it('says the platform could not be reached in words the user can act on', () => {
    expect(openHumansAppError(new OpenHumansError('unavailable', 'Open Humans could not be reached (ECONNREFUSED).')).message).toBe(
      'Open Humans could not be reached (ECONNREFUSED). Please try again in a few minutes.',
    );
  });
});

describe('callOpenHumans', () => {
  it('logs a platform failure without secrets and rethrows it as an AppError', async () => {
    const { logger, lines } = memoryLogger('debug');
    const failing = () => Promise.reject(new OpenHumansError('client-rejected', 'refused', { status: 401, oauthError: 'invalid_client' }));
    await expect(callOpenHumans(logger, 'code exchange', failing)).rejects.toBeInstanceOf(AppError);
    expect(lines().at(-1)).toMatchObject({ level: 'error', msg: 'Open Humans: code exchange failed', kind: 'client-rejected', status: 401, oauthError: 'invalid_client' });
  });

  it('passes other errors through untouched', async () => {
    const { logger } = memoryLogger('debug');
    const boom = new Error('database down');
    await expect(callOpenHumans(logger, 'x', () => Promise.reject(boom))).rejects.toBe(boom);
  });
});
