import { randomBytes } from 'node:crypto';
import { masterKeyProblem } from '@study/staff-auth/src/master-key';
import {
  DEFAULT_CONTACT_EMAIL,
  LOCAL_REVIEW_BOARD,
  LOCAL_SECRET_BYTES,
  completeSecrets,
  gatewayEnvironment,
  openHumansStandinEnvironment,
  participantsEnvironment,
  passkeyOrigin,
  serviceEnvironment,
  typeFinderStandinEnvironment,
  typeFinderWidgetUrl,
  weakMasterKeyAdvice,
  type LocalSecrets,
} from './stack-env';

// Master keys svc-participants accepts (32 random bytes in hex): one the stack generated, one an operator set.
const ADMIN_KEY = '8e3b61f0c27d94a5be0d3c7f12a86e49d5b7c03f6a1e28d94cb57f0a3e6d21b8';
const OPERATOR_ADMIN_KEY = 'b2f47c9e05a13d86f1c0e7b4a9d25e3f68c1b07a4d9e2f53c86a1b0d7e4f3a92';

const SECRETS: LocalSecrets = {
  tokenEncryptionKey: 'token-key',
  openHumansClientSecret: 'oh-client-secret',
  openHumansWebhookSecret: 'oh-webhook-secret',
  openHumansMasterToken: 'oh-master-token',
  adminMasterKey: ADMIN_KEY,
  typeFinderWebhookSecret: 'tf-webhook-secret',
  participantSessionSecret: 'session-secret',
  logFingerprintKey: 'fingerprint-key',
};

describe('completeSecrets', () => {
  const makeSecret = (bytes: number): string => `made-${bytes}`;

  it('makes every secret when there is no file, at its size', () => {
    const { secrets, changed } = completeSecrets(undefined, makeSecret);
    expect(changed).toBe(true);
    expect(Object.keys(secrets).sort()).toEqual(Object.keys(LOCAL_SECRET_BYTES).sort());
    expect(secrets.tokenEncryptionKey).toBe('made-32');
    expect(secrets.adminMasterKey).toBe('made-32');
  });

  it('generates a master key svc-participants accepts: 32 random bytes, as hex', () => {
    expect(LOCAL_SECRET_BYTES.adminMasterKey).toBe(32);
    const { secrets } = completeSecrets(undefined, (bytes) => randomBytes(bytes).toString('hex'));
    expect(secrets.adminMasterKey).toMatch(/^[0-9a-f]{64}$/);
    expect(masterKeyProblem(secrets.adminMasterKey)).toBeNull();
  });

  it('keeps the stored secrets and other entries, making only the missing or empty ones', () => {
    const { secrets, changed } = completeSecrets({ ...SECRETS, adminMasterKey: '', logFingerprintKey: undefined, note: 'kept' }, makeSecret);
    expect(changed).toBe(true);
    expect(secrets).toMatchObject({ tokenEncryptionKey: 'token-key', adminMasterKey: 'made-32', logFingerprintKey: 'made-24', note: 'kept' });
  });

  it('changes nothing when every secret is there', () => {
    expect(completeSecrets(SECRETS, makeSecret)).toEqual({ secrets: SECRETS, changed: false });
  });
});

describe('serviceEnvironment', () => {
  const common = { HOST: '127.0.0.1', MONGO_URL: 'mongodb://127.0.0.1:27027/' };

  it('gives a service its port, its database with the stack\'s prefix and the shared log fingerprint key', () => {
    const env = serviceEnvironment({ common, service: 'scoring', port: 5102, dbPrefix: 'e2e_', logFingerprintKey: 'fp', participantsEnv: { ADMIN_MASTER_KEY: ADMIN_KEY } });
    expect(env).toMatchObject({ HOST: '127.0.0.1', PORT: '5102', MONGO_DB: 'e2e_scoring', LOG_FINGERPRINT_KEY: 'fp' });
    // svc-participants' own variables stay with it.
    expect(env.ADMIN_MASTER_KEY).toBeUndefined();
    // Without a queue prefix, the service's own default queue.
    expect(env.EVENTS_QUEUE).toBeUndefined();
  });

  it('prefixes the queue for a test stack and adds svc-participants\' own variables', () => {
    const env = serviceEnvironment({ common, service: 'participants', port: 4101, queuePrefix: 'bench_1.', logFingerprintKey: 'fp', participantsEnv: { ADMIN_MASTER_KEY: ADMIN_KEY } });
    expect(env).toMatchObject({ MONGO_DB: 'participants', EVENTS_QUEUE: 'bench_1.svc-participants', ADMIN_MASTER_KEY: ADMIN_KEY });
  });

  it('keeps a fingerprint key the operator set', () => {
    expect(serviceEnvironment({ common: { LOG_FINGERPRINT_KEY: 'operator' }, service: 'reports', port: 1, logFingerprintKey: 'fp', participantsEnv: {} }).LOG_FINGERPRINT_KEY).toBe('operator');
  });
});

describe('participantsEnvironment', () => {
  const standin = { standin: true as const, url: 'http://127.0.0.1:4201', clientId: 'client', clientSecret: 'secret', webhookSecret: 'hook', masterAccessToken: 'master' };

  it('points svc-participants at the stand-in with the study\'s client and the local secrets', () => {
    const env = participantsEnvironment({ common: {}, secrets: SECRETS, openHumans: standin, typeFinderWidgetUrl: 'http://127.0.0.1:4202/widget', publicUrl: 'http://127.0.0.1:8080' });
    expect(env).toEqual({
      OH_BASE_URL: 'http://127.0.0.1:4201',
      OH_CLIENT_ID: 'client',
      OH_CLIENT_SECRET: 'secret',
      OH_WEBHOOK_SECRET: 'hook',
      OH_MASTER_ACCESS_TOKEN: 'master',
      OH_REDIRECT_URI: 'http://127.0.0.1:8080/return',
      TOKEN_ENCRYPTION_KEY: 'token-key',
      STUDY_EMAIL_HOST: 'study.localhost',
      ADMIN_MASTER_KEY: ADMIN_KEY,
      TYPEFINDER_WEBHOOK_SECRET: 'tf-webhook-secret',
      PARTICIPANT_SESSION_SECRET: 'session-secret',
      TYPEFINDER_WIDGET_URL: 'http://127.0.0.1:4202/widget',
      STAFF_WEBAUTHN_ORIGIN: 'http://localhost:8080',
      STUDY_CONTACT_EMAIL: DEFAULT_CONTACT_EMAIL,
      ...LOCAL_REVIEW_BOARD,
    });
  });

  it('binds the study team\'s passkeys to localhost for a stack at 127.0.0.1 (browsers take no IP address), else to the public address', () => {
    expect(passkeyOrigin('http://127.0.0.1:8080')).toBe('http://localhost:8080');
    expect(passkeyOrigin('https://study.example/')).toBe('https://study.example');
    const env = participantsEnvironment({ common: { STAFF_WEBAUTHN_ORIGIN: 'https://admin.study.example' }, secrets: SECRETS, openHumans: standin, typeFinderWidgetUrl: 'x', publicUrl: 'http://127.0.0.1:8080' });
    expect(env.STAFF_WEBAUTHN_ORIGIN).toBe('https://admin.study.example');
  });

  it('names only the real platform\'s address when a client is configured (its id and secret come from the operator)', () => {
    const env = participantsEnvironment({ common: {}, secrets: SECRETS, openHumans: { standin: false, url: 'https://www.openhumans.org' }, typeFinderWidgetUrl: 'https://tf.example/widget', publicUrl: 'https://study.example' });
    expect(env.OH_BASE_URL).toBe('https://www.openhumans.org');
    expect(env.OH_CLIENT_ID).toBeUndefined();
    expect(env.OH_CLIENT_SECRET).toBeUndefined();
  });

  it('lets what the operator set win over the embedded values', () => {
    const common = { OH_CLIENT_SECRET: 'operator-secret', ADMIN_MASTER_KEY: OPERATOR_ADMIN_KEY, REVIEW_BOARD_NAME: 'Real board', STUDY_CONTACT_EMAIL: 'team@example.org', TOKEN_ENCRYPTION_KEY: '' };
    const env = participantsEnvironment({ common, secrets: SECRETS, openHumans: standin, typeFinderWidgetUrl: 'http://127.0.0.1:4202/widget', publicUrl: 'http://127.0.0.1:8080' });
    expect(env).toMatchObject({ OH_CLIENT_SECRET: 'operator-secret', ADMIN_MASTER_KEY: OPERATOR_ADMIN_KEY, REVIEW_BOARD_NAME: 'Real board', STUDY_CONTACT_EMAIL: 'team@example.org' });
    // An empty value is not a setting.
    expect(env.TOKEN_ENCRYPTION_KEY).toBe('token-key');
  });
});

describe('weakMasterKeyAdvice', () => {
  const secretsFile = '/study/.data/secrets.json';

  it('has nothing to say about a key svc-participants accepts, stored or set', () => {
    expect(weakMasterKeyAdvice({ common: {}, secrets: SECRETS, secretsFile })).toBeUndefined();
    // 24 random bytes, as npm start generated them before: kept, and still accepted.
    expect(weakMasterKeyAdvice({ common: {}, secrets: { ...SECRETS, adminMasterKey: randomBytes(24).toString('hex') }, secretsFile })).toBeUndefined();
    expect(weakMasterKeyAdvice({ common: { ADMIN_MASTER_KEY: OPERATOR_ADMIN_KEY }, secrets: { ...SECRETS, adminMasterKey: 'weak' }, secretsFile })).toBeUndefined();
  });

  it('names the stored key and its file, why it is refused and how to replace it, without showing it', () => {
    const advice = weakMasterKeyAdvice({ common: {}, secrets: { ...SECRETS, adminMasterKey: 'admin-master-key-0123' }, secretsFile }) ?? '';
    expect(advice).toContain(`the admin master key kept in ${secretsFile} (adminMasterKey) is too weak: it has 21 characters, at least 32 are needed`);
    expect(advice).toContain('openssl rand -hex 32');
    expect(advice).toContain('delete the adminMasterKey entry for npm start to generate one');
    expect(advice).not.toContain('admin-master-key-0123');
  });

  it('names ADMIN_MASTER_KEY when the environment sets the weak key, which wins over the stored one', () => {
    const advice = weakMasterKeyAdvice({ common: { ADMIN_MASTER_KEY: 'a'.repeat(40) }, secrets: SECRETS, secretsFile }) ?? '';
    expect(advice).toContain('ADMIN_MASTER_KEY as set in the environment is too weak: it repeats a shorter pattern');
    expect(advice).toContain(`set ADMIN_MASTER_KEY to a new key (make one with \`openssl rand -hex 32\``);
    expect(advice).toContain(`or unset it to use the one npm start keeps in ${secretsFile}`);
  });
});

describe('gatewayEnvironment', () => {
  const base = {
    common: { HOST: '127.0.0.1' },
    port: 9000,
    host: '127.0.0.1',
    frontendRoot: '/srv/frontends',
    servicePorts: { participants: 5101, scoring: 5102, reports: 5103 },
    participantSessionSecret: 'session-secret',
    typeFinderWidgetUrl: 'http://127.0.0.1:5202/widget',
  };

  it('points the gateway at this stack\'s services through the topology\'s variables', () => {
    expect(gatewayEnvironment(base)).toMatchObject({
      PORT: '9000',
      FRONTEND_ROOT: '/srv/frontends',
      PARTICIPANTS_URL: 'http://127.0.0.1:5101',
      SCORING_URL: 'http://127.0.0.1:5102',
      REPORTS_URL: 'http://127.0.0.1:5103',
      STUDY_CONTACT_EMAIL: DEFAULT_CONTACT_EMAIL,
      PARTICIPANT_SESSION_SECRET: 'session-secret',
      RATE_LIMIT_KEY_PREFIX: 'study:rate',
      CSP_FRAME_SRC: "'self' http://127.0.0.1:5202",
    });
  });

  it('keeps a test stack\'s rate counts apart and adds the widget to the operator\'s frame sources', () => {
    const env = gatewayEnvironment({ ...base, common: { CSP_FRAME_SRC: "'self' https://video.example" }, queuePrefix: 'e2e_1.' });
    expect(env.RATE_LIMIT_KEY_PREFIX).toBe('rate:e2e_1.');
    expect(env.CSP_FRAME_SRC).toBe("'self' https://video.example http://127.0.0.1:5202");
  });

  it('gives another gateway its own settings last', () => {
    const env = gatewayEnvironment({ ...base, common: { RATE_LIMIT_KEY_PREFIX: 'operator:' }, extra: { FRONTEND_ROOT: '/old', RELEASES_ROOT: '/releases' } });
    expect(env).toMatchObject({ FRONTEND_ROOT: '/old', RELEASES_ROOT: '/releases', RATE_LIMIT_KEY_PREFIX: 'operator:' });
  });
});

describe('the stand-ins\' environments', () => {
  it('registers the study\'s client, return page and deauthorization webhook with the Open Humans stand-in', () => {
    const env = openHumansStandinEnvironment({
      base: { PATH: '/bin' },
      port: 4201,
      host: '127.0.0.1',
      publicUrl: 'http://127.0.0.1:8080',
      clientId: 'client',
      clientSecret: 'secret',
      webhookSecret: 'hook',
      masterAccessToken: 'master',
      stateFile: '/data/open-humans-standin.json',
      extra: { MEMBER_COUNT: '3' },
    });
    expect(env).toEqual({
      PATH: '/bin',
      PORT: '4201',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://127.0.0.1:4201',
      CLIENT_ID: 'client',
      CLIENT_SECRET: 'secret',
      REDIRECT_URI: 'http://127.0.0.1:8080/return',
      DEAUTH_WEBHOOK_URL: 'http://127.0.0.1:8080/api/openhumans/deauthorize',
      WEBHOOK_SECRET: 'hook',
      MASTER_ACCESS_TOKEN: 'master',
      STATE_FILE: '/data/open-humans-standin.json',
      MEMBER_COUNT: '3',
    });
  });

  it('keeps the Open Humans stand-in\'s members in memory without a state file', () => {
    const env = openHumansStandinEnvironment({ base: {}, port: 1, host: 'h', publicUrl: 'http://h:2', clientId: 'c', clientSecret: 's', webhookSecret: 'w', masterAccessToken: 'm' });
    expect('STATE_FILE' in env).toBe(false);
  });

  it('sends the TypeFinder stand-in\'s results to the study\'s webhook and lets the study frame it', () => {
    expect(typeFinderStandinEnvironment({ base: {}, port: 4202, host: '127.0.0.1', publicUrl: 'http://127.0.0.1:8080', webhookSecret: 'hook' })).toEqual({
      PORT: '4202',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://127.0.0.1:4202',
      STUDY_WEBHOOK_URL: 'http://127.0.0.1:8080/api/typefinder/results',
      WEBHOOK_SECRET: 'hook',
      FRAME_ANCESTORS: "'self' http://127.0.0.1:8080",
    });
    expect(typeFinderWidgetUrl('http://127.0.0.1:4202')).toBe('http://127.0.0.1:4202/widget');
  });
});
