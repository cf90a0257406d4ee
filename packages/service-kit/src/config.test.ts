import { z } from 'zod';
import { baseServiceConfig, ConfigError, loadConfig } from './config';

const schema = baseServiceConfig({ port: 4101, mongoDb: 'participants', queue: 'svc-participants' });
const required = {
  MONGO_URL: 'mongodb://127.0.0.1:27017/',
  AMQP_URL: 'amqp://guest:guest@127.0.0.1:5672',
  REDIS_URL: 'redis://127.0.0.1:6379',
  LOG_FINGERPRINT_KEY: 'log-fingerprint-key-0123',
};

function configError(env: Record<string, string | undefined>, s: z.ZodObject = schema): ConfigError {
  try {
    loadConfig(s, env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig with the base service settings', () => {
  it('applies the embedded defaults', () => {
    expect(loadConfig(schema, required)).toEqual({
      ...required,
      PORT: 4101,
      HOST: '127.0.0.1',
      MONGO_DB: 'participants',
      MONGO_MAX_POOL_SIZE: 4,
      EVENTS_EXCHANGE: 'study.events',
      EVENTS_QUEUE: 'svc-participants',
      LOG_LEVEL: 'info',
      SHUTDOWN_NOTICE_MS: 0,
    });
  });

  it('takes a shutdown notice of at most 5 s, which stays inside the exit limit with the drain', () => {
    expect(loadConfig(schema, { ...required, SHUTDOWN_NOTICE_MS: '3000' }).SHUTDOWN_NOTICE_MS).toBe(3000);
    expect(configError({ ...required, SHUTDOWN_NOTICE_MS: '6000' }).problems.map((p) => p.split(':')[0])).toEqual(['SHUTDOWN_NOTICE_MS']);
  });

  it('reads overrides and coerces the port', () => {
    const config = loadConfig(schema, { ...required, PORT: '0', MONGO_DB: 'p_test', EVENTS_QUEUE: 'q1', LOG_LEVEL: 'debug' });
    expect(config).toMatchObject({ PORT: 0, MONGO_DB: 'p_test', EVENTS_QUEUE: 'q1', LOG_LEVEL: 'debug' });
  });

  it('reads the retry schedule of failing events, unset by default', () => {
    const defaults = loadConfig(schema, required);
    expect(defaults.EVENTS_RETRY_DELAYS_MS).toBeUndefined();
    expect(defaults.EVENTS_MAX_ATTEMPTS).toBeUndefined();
    expect(loadConfig(schema, { ...required, EVENTS_RETRY_DELAYS_MS: '200,500,1000', EVENTS_MAX_ATTEMPTS: '4' })).toMatchObject({
      EVENTS_RETRY_DELAYS_MS: [200, 500, 1000],
      EVENTS_MAX_ATTEMPTS: 4,
    });
    const err = configError({ ...required, EVENTS_RETRY_DELAYS_MS: '1s,5s', EVENTS_MAX_ATTEMPTS: '0' });
    expect(err.problems.map((p) => p.split(':')[0]).sort()).toEqual(['EVENTS_MAX_ATTEMPTS', 'EVENTS_RETRY_DELAYS_MS']);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig(schema, { ...required, PORT: '', LOG_LEVEL: '' })).toMatchObject({ PORT: 4101, LOG_LEVEL: 'info' });
  });

  it('names a missing MONGO_URL and says what is expected', () => {
    const { MONGO_URL: _omit, ...env } = required;
    const err = configError(env);
    expect(err.message).toContain('MONGO_URL: missing; expected a MongoDB connection URL');
    expect(err.problems).toHaveLength(1);
  });

  it('lists every bad or missing variable at once', () => {
    const err = configError({ PORT: 'eighty', AMQP_URL: 'http://rabbit', LOG_LEVEL: 'loud' });
    expect(err.problems.map((p) => p.split(':')[0]).sort()).toEqual(['AMQP_URL', 'LOG_FINGERPRINT_KEY', 'LOG_LEVEL', 'MONGO_URL', 'PORT', 'REDIS_URL']);
    expect(err.message).toContain('PORT: not valid; expected a TCP port number');
    expect(err.message).toContain('AMQP_URL: not valid; expected a RabbitMQ URL');
    expect(err.message).toContain('LOG_LEVEL: not valid; expected one of fatal, error');
  });

  it('never echoes a bad value, which may hold a password', () => {
    const err = configError({ ...required, MONGO_URL: 'postgres://admin:hunter2@db' });
    expect(err.message).toContain('MONGO_URL: not valid');
    expect(err.message).not.toContain('hunter2');
  });

  it.each([['65536'], ['-1'], ['1.5']])('refuses PORT=%s', (port) => {
    expect(configError({ ...required, PORT: port }).problems[0]).toMatch(/^PORT: not valid/);
  });

  it('sends server errors to the project ERROR_REPORTING_DSN names; unset or empty (compose passes it empty), to none', () => {
    expect(loadConfig(schema, { ...required, ERROR_REPORTING_DSN: 'https://0123abcd@glitchtip.example.org/3' }).ERROR_REPORTING_DSN).toBe('https://0123abcd@glitchtip.example.org/3');
    expect(loadConfig(schema, required).ERROR_REPORTING_DSN).toBeUndefined();
    expect(loadConfig(schema, { ...required, ERROR_REPORTING_DSN: '' }).ERROR_REPORTING_DSN).toBeUndefined();
  });

  it.each(['glitchtip.example.org/3', 'https://glitchtip.example.org/3', 'https://0123abcd@glitchtip.example.org/project'])('refuses to start with ERROR_REPORTING_DSN=%s, saying what a DSN looks like', (dsn) => {
    const err = configError({ ...required, ERROR_REPORTING_DSN: dsn });
    expect(err.problems).toEqual(['ERROR_REPORTING_DSN: not valid; expected a Sentry or GlitchTip project DSN, https://<public key>@<host>/<project id> (e.g. https://0123abcd@glitchtip.example.org/3); unset: server errors are only logged']);
  });

  it("includes a service's own settings", () => {
    const extended = schema.extend({ STUDY_EMAIL_HOST: z.string().min(1).describe('the study email host name') });
    expect(configError(required, extended).message).toContain('STUDY_EMAIL_HOST: missing; expected the study email host name');
    expect(loadConfig(extended, { ...required, STUDY_EMAIL_HOST: 'study.example' }).STUDY_EMAIL_HOST).toBe('study.example');
  });
});
