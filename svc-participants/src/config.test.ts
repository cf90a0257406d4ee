import { ConfigError } from '@study/service-kit';
import { loadParticipantsConfig } from './config';

const env = { MONGO_URL: 'mongodb://127.0.0.1:27017/', AMQP_URL: 'amqp://guest:guest@127.0.0.1:5672', REDIS_URL: 'redis://127.0.0.1:6379' };

describe('svc-participants configuration', () => {
  it('uses the embedded defaults', () => {
    expect(loadParticipantsConfig(env)).toMatchObject({ PORT: 4101, HOST: '127.0.0.1', MONGO_DB: 'participants', EVENTS_EXCHANGE: 'study.events', EVENTS_QUEUE: 'svc-participants' });
  });

  it('fails naming MONGO_URL when it is missing', () => {
    const { MONGO_URL: _omit, ...rest } = env;
    expect(() => loadParticipantsConfig(rest)).toThrow(ConfigError);
    expect(() => loadParticipantsConfig(rest)).toThrow(/MONGO_URL: missing/);
  });
});
