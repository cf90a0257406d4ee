/** Keys the valid environment holds: a 32-byte token key in hex and a master key the strength check accepts. */
export const VALID_ENV_KEYS = { KEY_HEX: '0f'.repeat(32), MASTER_KEY: '5c0e8f3a9d27b1e64fa8c2d9073b5e1a6d4c8f20b97e3a15c6d2f8e04b19a7c3' } as const;

/** A whole, valid svc-participants environment for the configuration's tests (no service behind its addresses). */
export const validParticipantsEnv: Readonly<Record<string, string>> = {
  MONGO_URL: 'mongodb://127.0.0.1:27017/',
  AMQP_URL: 'amqp://guest:guest@127.0.0.1:5672',
  REDIS_URL: 'redis://127.0.0.1:6379',
  LOG_FINGERPRINT_KEY: 'log-fingerprint-key-0123',
  OH_BASE_URL: 'https://www.openhumans.org/',
  OH_CLIENT_ID: 'study-client',
  OH_CLIENT_SECRET: 'study-secret-123',
  TOKEN_ENCRYPTION_KEY: VALID_ENV_KEYS.KEY_HEX,
  STUDY_EMAIL_HOST: 'Study.Example.org',
  ADMIN_MASTER_KEY: VALID_ENV_KEYS.MASTER_KEY,
  TYPEFINDER_WEBHOOK_SECRET: 'typefinder-secret-0123',
  OH_MASTER_ACCESS_TOKEN: 'oh-master-token-0123',
  OH_WEBHOOK_SECRET: 'oh-webhook-secret-0123',
  PARTICIPANT_SESSION_SECRET: 'participant-session-secret-for-tests-0123',
  STUDY_CONTACT_EMAIL: 'study-team@study.example.org',
  REVIEW_BOARD_NAME: 'Example University Institutional Review Board',
  REVIEW_BOARD_APPROVAL: 'IRB-2026-0417',
  REVIEW_BOARD_CONTACT: 'irb@example.edu, +1 555 0100',
};
