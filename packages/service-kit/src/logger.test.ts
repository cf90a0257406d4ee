import { isSecretName, participantFingerprint, REDACTED, redactSecrets } from './logger';
import { loggedParticipant, memoryLogger } from './memory-logger';

describe('isSecretName', () => {
  it.each(['key', 'token', 'secret', 'masterKey', 'authorization', 'cookie', 'set-cookie', 'accessToken', 'ohAccessToken', 'refresh_token', 'clientSecret', 'client_secret', 'apiKey', 'password', 'x-openhumans-webhooks-signature'])(
    '%s is a secret',
    (name) => {
      expect(isSecretName(name)).toBe(true);
    },
  );

  it.each(['pgId', 'route', 'status', 'requestId', 'routingKey', 'keys', 'tokenCount2', 'method'])('%s is not a secret', (name) => {
    expect(isSecretName(name)).toBe(false);
  });
});

describe('redactSecrets', () => {
  it('censors credential-named fields at any depth and leaves the rest', () => {
    const input = { pgId: 'p1', headers: { authorization: 'Bearer abc', cookie: 'sid=1', accept: 'json' }, list: [{ token: 't', n: 1 }] };
    expect(redactSecrets(input)).toEqual({
      pgId: 'p1',
      headers: { authorization: REDACTED, cookie: REDACTED, accept: 'json' },
      list: [{ token: REDACTED, n: 1 }],
    });
    expect(input.headers.authorization).toBe('Bearer abc');
  });
});

describe('createLogger', () => {
  it('writes JSON lines with the service name, level label and no secrets', () => {
    const { logger, lines } = memoryLogger();
    logger.child({ requestId: 'req-12345678' }).info({ masterKey: 'mk-1', body: { data: { accessToken: 'at-1' } }, pgId: 'p1' }, 'hello');
    const [line] = lines();
    expect(line).toMatchObject({ level: 'info', service: 'svc-test', requestId: 'req-12345678', msg: 'hello', participant: loggedParticipant('p1'), masterKey: REDACTED });
    expect(JSON.stringify(line)).not.toMatch(/mk-1|at-1/);
  });

  it('names participants by a keyed fingerprint, never by the study ID, in fields and bindings, one or many', () => {
    const pgId = '6f1c2a7e-3b4d-4c5e-8f60-7a8b9c0d1e2f';
    const other = '7f1c2a7e-3b4d-4c5e-8f60-7a8b9c0d1e2f';
    const { logger, lines } = memoryLogger();
    logger.child({ pgId }).info({ nested: { pgIds: [pgId, other] } }, 'sent');
    const [line] = lines();
    expect(JSON.stringify(line)).not.toContain(pgId);
    expect(JSON.stringify(line)).not.toContain(other);
    expect(line).toMatchObject({ participant: loggedParticipant(pgId), nested: { participants: [loggedParticipant(pgId), loggedParticipant(other)] } });
    expect(loggedParticipant(pgId)).toMatch(/^fp_[0-9a-f]{16}$/);
    expect(loggedParticipant(pgId.toUpperCase())).toBe(loggedParticipant(pgId));
    expect(participantFingerprint('another-key-for-logs', pgId)).not.toBe(loggedParticipant(pgId));
  });

  it('censors secrets in child bindings and in error extras', () => {
    const { logger, lines } = memoryLogger();
    const err = Object.assign(new Error('call failed'), { config: { headers: { Authorization: 'Bearer zzz' } } });
    logger.child({ secret: 's-1' }).error({ err }, 'boom');
    const [line] = lines();
    expect(JSON.stringify(line)).not.toMatch(/s-1|zzz/);
    expect(line).toMatchObject({ err: { message: 'call failed', type: 'Error' } });
    expect(String((line!.err as { stack: string }).stack)).toContain('call failed');
  });

  it('respects the level', () => {
    const { logger, lines } = memoryLogger('warn');
    logger.info('quiet');
    logger.warn('loud');
    expect(lines().map((l) => l.msg)).toEqual(['loud']);
  });
});
