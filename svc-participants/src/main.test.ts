import { ConfigError } from '@study/service-kit';

// main.ts as the process runs it, without tracing or a process of its own: runMain hands over
// the start-up function, and start (which connects to MongoDB, RabbitMQ and Redis) is a stand-in.
jest.mock('./tracing', () => ({}));
jest.mock('./app', () => ({ start: jest.fn(() => Promise.resolve({ ctx: {}, stop: () => Promise.resolve() })) }));
jest.mock('@study/service-kit', () => ({ ...jest.requireActual<object>('@study/service-kit'), runMain: jest.fn() }));

const env = {
  MONGO_URL: 'mongodb://127.0.0.1:1/',
  AMQP_URL: 'amqp://guest:guest@127.0.0.1:1',
  REDIS_URL: 'redis://127.0.0.1:1',
  LOG_FINGERPRINT_KEY: 'log-fingerprint-key-0123',
  OH_BASE_URL: 'https://www.openhumans.org',
  OH_CLIENT_ID: 'study-client',
  OH_CLIENT_SECRET: 'study-secret-123',
  TOKEN_ENCRYPTION_KEY: '0f'.repeat(32),
  STUDY_EMAIL_HOST: 'study.example.org',
  ADMIN_MASTER_KEY: '5c0e8f3a9d27b1e64fa8c2d9073b5e1a6d4c8f20b97e3a15c6d2f8e04b19a7c3',
  TYPEFINDER_WEBHOOK_SECRET: 'typefinder-secret-0123',
  OH_MASTER_ACCESS_TOKEN: 'oh-master-token-0123',
  OH_WEBHOOK_SECRET: 'oh-webhook-secret-0123',
  PARTICIPANT_SESSION_SECRET: 'participant-session-secret-for-tests-0123',
  STUDY_CONTACT_EMAIL: 'study-team@study.example.org',
  REVIEW_BOARD_NAME: 'Example University Institutional Review Board',
  REVIEW_BOARD_APPROVAL: 'IRB-2026-0417',
  REVIEW_BOARD_CONTACT: 'irb@example.edu',
  LOG_LEVEL: 'silent',
};

/** main.ts's start-up function, run with `overrides` in the environment; answers what it threw and whether start was reached. */
function startWith(overrides: Record<string, string>): { thrown: unknown; started: boolean } {
  const saved = { ...process.env };
  Object.assign(process.env, env, overrides);
  try {
    let thrown: unknown;
    let started = false;
    jest.isolateModules(() => {
      require('./main');
      const { runMain } = jest.requireMock<{ runMain: jest.Mock }>('@study/service-kit');
      const { start } = jest.requireMock<{ start: jest.Mock }>('./app');
      const [service, startUp] = runMain.mock.calls.at(-1) as [string, () => unknown];
      expect(service).toBe('svc-participants');
      try {
        startUp();
      } catch (err) {
        thrown = err;
      }
      started = start.mock.calls.length > 0;
    });
    return { thrown, started };
  } finally {
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    Object.assign(process.env, saved);
  }
}

describe("svc-participants' start-up", () => {
  it('starts with a strong master key', () => {
    expect(startWith({})).toEqual({ thrown: undefined, started: true });
  });

  it.each(['aaaaaaaaaaaaaaaa', 'x7Kq9mZ2vB4nR8tL1wC6yH3jF5dG0pA'])('stops before connecting anything when ADMIN_MASTER_KEY is weak (%s), naming it and how to make one', (key) => {
    const { thrown, started } = startWith({ ADMIN_MASTER_KEY: key });
    expect(thrown).toBeInstanceOf(ConfigError);
    expect((thrown as Error).message).toMatch(/ADMIN_MASTER_KEY: not valid; .*openssl rand -hex 32.*; too weak: /);
    expect(started).toBe(false);
  });
});
