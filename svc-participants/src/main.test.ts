import { ConfigError } from '@study/service-kit';
import { validParticipantsEnv } from './test-support/participants-env';

// main.ts as the process runs it, without tracing or a process of its own: runMain hands over
// the start-up function, and start (which connects to MongoDB, RabbitMQ and Redis) is a stand-in.
jest.mock('./tracing', () => ({}));
jest.mock('./app', () => ({ start: jest.fn(() => Promise.resolve({ ctx: {}, stop: () => Promise.resolve() })) }));
jest.mock('@study/service-kit', () => ({ ...jest.requireActual<object>('@study/service-kit'), runMain: jest.fn() }));

const env = { ...validParticipantsEnv, LOG_LEVEL: 'silent' };

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
