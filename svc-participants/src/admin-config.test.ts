import { ConfigError } from '@study/service-kit';
import { loadParticipantsConfig } from './config';
import { CONSENT_SETTINGS_ENV } from './test-support/consent-settings-env';

const env = {
  MONGO_URL: 'mongodb://127.0.0.1:27017/',
  AMQP_URL: 'amqp://guest:guest@127.0.0.1:5672',
  REDIS_URL: 'redis://127.0.0.1:6379',
  LOG_FINGERPRINT_KEY: 'log-fingerprint-key-0123',
  OH_BASE_URL: 'https://www.openhumans.org/',
  OH_CLIENT_ID: 'study-client',
  OH_CLIENT_SECRET: 'study-secret-123',
  TOKEN_ENCRYPTION_KEY: '0f'.repeat(32),
  STUDY_EMAIL_HOST: 'study.example.org',
  ADMIN_MASTER_KEY: 'd4d2cfc924870f6c8fc8de6d5ef6bed8d27f5013ea394269e358a83ebec5a25c',
  TYPEFINDER_WEBHOOK_SECRET: 'typefinder-secret-0123',
  OH_MASTER_ACCESS_TOKEN: 'oh-master-token-0123',
  OH_WEBHOOK_SECRET: 'oh-webhook-secret-0123',
  PARTICIPANT_SESSION_SECRET: 'participant-session-secret-for-tests-0123',
  ...CONSENT_SETTINGS_ENV,
};

describe('the admin tools settings', () => {
  it('default to 10 refused and 120 accepted calls per address and route in 15 minutes, the gateway trusted on private networks, 5mb uploads', () => {
    expect(loadParticipantsConfig(env)).toMatchObject({
      ADMIN_FAILED_ATTEMPTS_LIMIT: 10,
      ADMIN_CALLS_LIMIT: 120,
      ADMIN_RATE_WINDOW_SECONDS: 900,
      TRUST_PROXY: 'loopback, uniquelocal',
      MBTI_UPLOAD_LIMIT: 5 * 1024 * 1024,
    });
  });

  it('reads them', () => {
    expect(loadParticipantsConfig({ ...env, ADMIN_FAILED_ATTEMPTS_LIMIT: '3', ADMIN_CALLS_LIMIT: '50', ADMIN_RATE_WINDOW_SECONDS: '60', TRUST_PROXY: '10.0.0.0/8', MBTI_UPLOAD_LIMIT: '8mb' })).toMatchObject({
      ADMIN_FAILED_ATTEMPTS_LIMIT: 3,
      ADMIN_CALLS_LIMIT: 50,
      ADMIN_RATE_WINDOW_SECONDS: 60,
      TRUST_PROXY: '10.0.0.0/8',
      MBTI_UPLOAD_LIMIT: 8 * 1024 * 1024,
    });
  });

  it.each([
    ['ADMIN_FAILED_ATTEMPTS_LIMIT', '0'],
    ['ADMIN_CALLS_LIMIT', 'many'],
    ['ADMIN_RATE_WINDOW_SECONDS', '-5'],
    ['MBTI_UPLOAD_LIMIT', 'huge'],
    ['TRUST_PROXY', 'loopback; rm -rf'],
  ])('refuses a bad %s, naming it', (name, value) => {
    expect(() => loadParticipantsConfig({ ...env, [name]: value })).toThrow(ConfigError);
    expect(() => loadParticipantsConfig({ ...env, [name]: value })).toThrow(new RegExp(`${name}: not valid`));
  });
});
