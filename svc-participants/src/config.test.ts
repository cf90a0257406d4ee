import { randomBytes } from 'node:crypto';
import { ConfigError } from '@study/service-kit';
import { loadParticipantsConfig } from './config';
import { VALID_ENV_KEYS, validParticipantsEnv } from './test-support/participants-env';

const { MASTER_KEY } = VALID_ENV_KEYS;
const env = validParticipantsEnv;

describe('svc-participants configuration', () => {
  it('uses the embedded defaults', () => {
    expect(loadParticipantsConfig(env)).toMatchObject({
      PORT: 4101,
      HOST: '127.0.0.1',
      MONGO_DB: 'participants',
      EVENTS_EXCHANGE: 'study.events',
      EVENTS_QUEUE: 'svc-participants',
      RESET_SURVEYS: false,
    });
    expect(loadParticipantsConfig(env).OH_REDIRECT_URI).toBeUndefined();
  });

  it('normalizes the Open Humans base URL and the study email host', () => {
    expect(loadParticipantsConfig(env)).toMatchObject({ OH_BASE_URL: 'https://www.openhumans.org', STUDY_EMAIL_HOST: 'study.example.org' });
  });

  it('reads the optional settings', () => {
    const config = loadParticipantsConfig({
      ...env,
      OH_REDIRECT_URI: 'http://127.0.0.1:8080/return',
      RESET_SURVEYS: '1',
      TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    });
    expect(config).toMatchObject({ OH_REDIRECT_URI: 'http://127.0.0.1:8080/return', RESET_SURVEYS: true });
  });

  it("reads the consent form's contacts, and refuses a value that would change the form's markup or a missing one, naming it", () => {
    expect(loadParticipantsConfig({ ...env, REVIEW_BOARD_NAME: '  Example Board  ' })).toMatchObject({ REVIEW_BOARD_NAME: 'Example Board', REVIEW_BOARD_APPROVAL: 'IRB-2026-0417', STUDY_CONTACT_EMAIL: 'study-team@study.example.org' });
    expect(() => loadParticipantsConfig({ ...env, REVIEW_BOARD_NAME: 'Board\n# 13. Extra' })).toThrow(/REVIEW_BOARD_NAME/);
    expect(() => loadParticipantsConfig({ ...env, REVIEW_BOARD_CONTACT: '**irb@example.edu**' })).toThrow(/REVIEW_BOARD_CONTACT/);
    expect(() => loadParticipantsConfig({ ...env, REVIEW_BOARD_APPROVAL: '{{review-board-name}}' })).toThrow(/REVIEW_BOARD_APPROVAL/);
    expect(() => loadParticipantsConfig({ ...env, STUDY_CONTACT_EMAIL: 'not an address' })).toThrow(/STUDY_CONTACT_EMAIL/);
    const { REVIEW_BOARD_CONTACT: _omit, ...rest } = env;
    expect(() => loadParticipantsConfig(rest)).toThrow(/REVIEW_BOARD_CONTACT/);
  });

  it('fails naming MONGO_URL when it is missing', () => {
    const { MONGO_URL: _omit, ...rest } = env;
    expect(() => loadParticipantsConfig(rest)).toThrow(ConfigError);
    expect(() => loadParticipantsConfig(rest)).toThrow(/MONGO_URL: missing/);
  });

  it('reads the admin key, the TypeFinder webhook secret and the widget address', () => {
    expect(loadParticipantsConfig(env)).toMatchObject({
      ADMIN_MASTER_KEY: MASTER_KEY,
      TYPEFINDER_WEBHOOK_SECRET: 'typefinder-secret-0123',
      TYPEFINDER_WIDGET_URL: 'http://127.0.0.1:4202/widget',
    });
    expect(loadParticipantsConfig({ ...env, TYPEFINDER_WIDGET_URL: 'https://typefinder.example.org/widget' }).TYPEFINDER_WIDGET_URL).toBe('https://typefinder.example.org/widget');
  });

  it.each(['OH_BASE_URL', 'OH_CLIENT_ID', 'OH_CLIENT_SECRET', 'TOKEN_ENCRYPTION_KEY', 'STUDY_EMAIL_HOST', 'ADMIN_MASTER_KEY', 'TYPEFINDER_WEBHOOK_SECRET', 'OH_WEBHOOK_SECRET', 'PARTICIPANT_SESSION_SECRET'])('requires %s', (name) => {
    const rest: Record<string, string> = { ...env };
    delete rest[name];
    expect(() => loadParticipantsConfig(rest)).toThrow(new RegExp(`${name}: missing`));
  });

  it.each([
    ['OH_BASE_URL', 'openhumans-without-scheme'],
    ['OH_BASE_URL', 'ftp://openhumans.org'],
    ['OH_REDIRECT_URI', '/back-home'],
    ['TOKEN_ENCRYPTION_KEY', 'not-a-key'],
    ['TOKEN_ENCRYPTION_KEY', '0f'.repeat(16)],
    ['STUDY_EMAIL_HOST', 'study email host'],
    ['STUDY_EMAIL_HOST', 'someone@study.example.org'],
    ['RESET_SURVEYS', 'yes'],
    ['RESET_SURVEYS', 'true'],
    ['ADMIN_MASTER_KEY', 'short-key-15char'.slice(0, 15)],
    ['ADMIN_MASTER_KEY', 'a master key with spaces'],
    ['TYPEFINDER_WEBHOOK_SECRET', 'tooshortsecret'],
    // Open Humans takes a project webhook secret of 16 to 64 characters.
    ['OH_WEBHOOK_SECRET', 'tooshortsecret'],
    ['OH_WEBHOOK_SECRET', 'x'.repeat(65)],
    ['OH_WEBHOOK_SECRET', 'a webhook secret with spaces'],
    ['TYPEFINDER_WIDGET_URL', 'javascript:alert(1)'],
  ])('refuses %s=%s, naming it without echoing the value', (name, value) => {
    let message = '';
    try {
      loadParticipantsConfig({ ...env, [name]: value });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(new RegExp(`${name}: not valid`));
    expect(message).not.toContain(value);
  });

  it('accepts a master key of 32 random bytes, in hex or base64url', () => {
    for (const key of [randomBytes(32).toString('hex'), randomBytes(32).toString('base64url')]) {
      expect(loadParticipantsConfig({ ...env, ADMIN_MASTER_KEY: key }).ADMIN_MASTER_KEY).toBe(key);
    }
  });

  it.each([
    ['of one repeated character', 'aaaaaaaaaaaaaaaa', /it has 16 characters, at least 32 are needed/],
    ['of 31 random characters', randomBytes(24).toString('hex').slice(0, 31), /it has 31 characters, at least 32 are needed/],
    ['repeating a pattern', 'Xk9!'.repeat(10), /it repeats a shorter pattern/],
    ['these tests used before (21 characters)', 'admin-master-key-0123', /it has 21 characters/],
  ])('refuses a weak ADMIN_MASTER_KEY %s, naming it, why and how to make one, without echoing it', (_what, key, why) => {
    let message = '';
    try {
      loadParticipantsConfig({ ...env, ADMIN_MASTER_KEY: key });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      message = (err as Error).message;
    }
    expect(message).toMatch(/ADMIN_MASTER_KEY: not valid/);
    expect(message).toMatch(new RegExp(`too weak: ${why.source}`));
    expect(message).toContain('openssl rand -hex 32');
    expect(message).toContain("randomBytes(32).toString('base64url')");
    expect(message).not.toContain(key);
  });

  it('says how to make a master key when none is set', () => {
    const { ADMIN_MASTER_KEY: _omit, ...rest } = env;
    expect(() => loadParticipantsConfig(rest)).toThrow(/ADMIN_MASTER_KEY: missing; expected .*openssl rand -hex 32/);
  });

  it('needs the Open Humans master access token', () => {
    const { OH_MASTER_ACCESS_TOKEN: _omit, ...rest } = env;
    expect(() => loadParticipantsConfig(rest)).toThrow(/OH_MASTER_ACCESS_TOKEN: missing/);
    expect(() => loadParticipantsConfig({ ...env, OH_MASTER_ACCESS_TOKEN: 'short' })).toThrow(/OH_MASTER_ACCESS_TOKEN/);
  });

  it('no longer reads REPORTS_URL (the final report PDF comes in its event): one an older deployment still sets is ignored', () => {
    expect(loadParticipantsConfig({ ...env, REPORTS_URL: 'http://svc-reports:4103' })).not.toHaveProperty('REPORTS_URL');
    expect(loadParticipantsConfig({ ...env, REPORTS_URL: 'not a url' })).not.toHaveProperty('REPORTS_URL');
  });
});
