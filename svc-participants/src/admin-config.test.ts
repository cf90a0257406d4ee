import { ConfigError } from '@study/service-kit';
import { loadParticipantsConfig } from './config';
import { validParticipantsEnv } from './test-support/participants-env';

const env = { ...validParticipantsEnv };

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
