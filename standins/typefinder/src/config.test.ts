import { ConfigError, loadConfig } from './config';

const SECRET = 'typefinder-secret-for-tests';

describe('TypeFinder stand-in configuration', () => {
  it('uses the embedded defaults', () => {
    expect(loadConfig({ WEBHOOK_SECRET: SECRET })).toEqual({
      port: 4202,
      host: '127.0.0.1',
      publicUrl: undefined,
      studyWebhookUrl: 'http://127.0.0.1:8080/api/typefinder/results',
      webhookSecret: SECRET,
      frameAncestors: ["'self'", 'http://127.0.0.1:8080', 'http://localhost:8080'],
    });
  });

  it('reads every setting', () => {
    const config = loadConfig({
      PORT: '5000',
      HOST: '0.0.0.0',
      PUBLIC_URL: 'https://typefinder.example.org/',
      STUDY_WEBHOOK_URL: 'https://study.example.org/api/typefinder/results',
      WEBHOOK_SECRET: SECRET,
      FRAME_ANCESTORS: ' https://study.example.org  https://*.example.org ',
    });
    expect(config).toMatchObject({ port: 5000, host: '0.0.0.0', publicUrl: 'https://typefinder.example.org', frameAncestors: ['https://study.example.org', 'https://*.example.org'] });
  });

  it.each([
    [{}, /WEBHOOK_SECRET: missing/],
    [{ WEBHOOK_SECRET: 'short' }, /WEBHOOK_SECRET: not valid/],
    [{ WEBHOOK_SECRET: SECRET, STUDY_WEBHOOK_URL: 'ftp://x' }, /STUDY_WEBHOOK_URL: not valid/],
    [{ WEBHOOK_SECRET: SECRET, FRAME_ANCESTORS: "https://ok.org 'unsafe-inline'" }, /FRAME_ANCESTORS: not valid/],
    [{ WEBHOOK_SECRET: SECRET, PORT: '70000' }, /PORT: not valid/],
  ])('refuses %j naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('never echoes a value', () => {
    expect(() => loadConfig({ WEBHOOK_SECRET: 'has space in the secret' })).toThrow(/^(?!.*has space)/s);
  });
});
