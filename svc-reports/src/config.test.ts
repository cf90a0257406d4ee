import { ConfigError } from '@study/service-kit';
import { loadReportsConfig } from './config';

const env = { MONGO_URL: 'mongodb://127.0.0.1:27017/', AMQP_URL: 'amqp://guest:guest@127.0.0.1:5672', REDIS_URL: 'redis://127.0.0.1:6379', LOG_FINGERPRINT_KEY: 'log-fingerprint-key-0123' };

describe('svc-reports configuration', () => {
  it('uses the embedded defaults', () => {
    expect(loadReportsConfig(env)).toMatchObject({ PORT: 4103, HOST: '127.0.0.1', MONGO_DB: 'reports', EVENTS_EXCHANGE: 'study.events', EVENTS_QUEUE: 'svc-reports' });
  });

  it('fails naming MONGO_URL when it is missing', () => {
    const { MONGO_URL: _omit, ...rest } = env;
    expect(() => loadReportsConfig(rest)).toThrow(ConfigError);
    expect(() => loadReportsConfig(rest)).toThrow(/MONGO_URL: missing/);
  });
});
