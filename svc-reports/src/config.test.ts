import { ConfigError } from '@study/service-kit';
import { loadReportsConfig } from './config';

const env = { MONGO_URL: 'mongodb://127.0.0.1:27017/', AMQP_URL: 'amqp://guest:guest@127.0.0.1:5672', REDIS_URL: 'redis://127.0.0.1:6379' };

describe('svc-reports configuration', () => {
  it('uses the embedded defaults', () => {
    expect(loadReportsConfig(env)).toMatchObject({ PORT: 4103, HOST: '127.0.0.1', MONGO_DB: 'reports', EVENTS_EXCHANGE: 'study.events', EVENTS_QUEUE: 'svc-reports', REPORT_READ_WAIT_MS: 5000 });
  });

  it('reads how long the report calls wait, within 0..30000 ms', () => {
    expect(loadReportsConfig({ ...env, REPORT_READ_WAIT_MS: '0' }).REPORT_READ_WAIT_MS).toBe(0);
    expect(() => loadReportsConfig({ ...env, REPORT_READ_WAIT_MS: '31000' })).toThrow(/REPORT_READ_WAIT_MS: not valid/);
  });

  it('fails naming MONGO_URL when it is missing', () => {
    const { MONGO_URL: _omit, ...rest } = env;
    expect(() => loadReportsConfig(rest)).toThrow(ConfigError);
    expect(() => loadReportsConfig(rest)).toThrow(/MONGO_URL: missing/);
  });
});
