import { randomBytes } from 'node:crypto';
import { loadParticipantsConfig, type ParticipantsConfig } from '../config';
import { CONSENT_SETTINGS_ENV } from './consent-settings-env';
import { validParticipantsEnv } from './participants-env';

const { OH_CLIENT_ID, OH_CLIENT_SECRET, PARTICIPANT_SESSION_SECRET } = validParticipantsEnv;

/** Every variable a started svc-participants needs, with test values, so an integration test names only the ones it relies on. */
export function participantsTestEnv(serviceEnv: Record<string, string>, overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const env: Record<string, string | undefined> = {
    PORT: '0',
    ...serviceEnv,
    // Nothing listens there: a test that calls Open Humans passes its stand-in's address.
    OH_BASE_URL: 'http://127.0.0.1:9',
    OH_CLIENT_ID,
    OH_CLIENT_SECRET,
    OH_MASTER_ACCESS_TOKEN: 'oh-master-token-for-tests',
    OH_WEBHOOK_SECRET: 'hook-secret-for-tests',
    PARTICIPANT_SESSION_SECRET,
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    ADMIN_MASTER_KEY: randomBytes(32).toString('hex'),
    STUDY_EMAIL_HOST: 'study.example.org',
    TYPEFINDER_WEBHOOK_SECRET: 'typefinder-secret-for-tests',
    ...CONSENT_SETTINGS_ENV,
    ...overrides,
  };
  // An override of undefined removes the variable, for a test of a missing one.
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** The configuration participantsTestEnv describes. */
export function participantsTestConfig(serviceEnv: Record<string, string>, overrides: Record<string, string | undefined> = {}): ParticipantsConfig {
  return loadParticipantsConfig(participantsTestEnv(serviceEnv, overrides));
}
