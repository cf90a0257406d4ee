import { ConfigError, loadConfig } from './config';

const minimal = { CLIENT_ID: 'study-client', CLIENT_SECRET: 'study-secret-123' };

function problemsOf(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return [...err.problems];
    throw err;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig(minimal);
    expect(config).toMatchObject({
      port: 4201,
      host: '127.0.0.1',
      redirectUri: 'http://127.0.0.1:8080/return',
      tokenTtlSeconds: 36_000,
      masterTokenTtlSeconds: 86_400,
      deauthTimestampBug: false,
      uploadMaxBytes: 25 * 1024 * 1024,
      pageSize: 20,
      projectIdLabel: 'direct-sharing-1000',
    });
    expect(config.publicUrl).toBeUndefined();
    expect(config.deauthWebhookUrl).toBeUndefined();
    expect(config.stateFile).toBeUndefined();
  });

  it('reads every variable', () => {
    const config = loadConfig({
      ...minimal,
      PORT: '5000',
      HOST: '0.0.0.0',
      PUBLIC_URL: 'http://localhost:5000/',
      REDIRECT_URI: 'http://localhost:8080/return',
      DEAUTH_WEBHOOK_URL: 'http://localhost:8080/api/openhumans/deauthorize',
      WEBHOOK_SECRET: 'hook',
      TOKEN_TTL_SECONDS: '5',
      MASTER_TOKEN_TTL_SECONDS: '0',
      DEAUTH_TIMESTAMP_BUG: 'true',
      UPLOAD_MAX_BYTES: '1mb',
      PAGE_SIZE: '3',
      STATE_FILE: '/tmp/oh.json',
      PROJECT_NAME: 'My study',
      PROJECT_ID_LABEL: 'direct-sharing-77',
    });
    expect(config).toEqual({
      port: 5000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:5000',
      clientId: 'study-client',
      clientSecret: 'study-secret-123',
      redirectUri: 'http://localhost:8080/return',
      deauthWebhookUrl: 'http://localhost:8080/api/openhumans/deauthorize',
      webhookSecret: 'hook',
      tokenTtlSeconds: 5,
      masterTokenTtlSeconds: 0,
      deauthTimestampBug: true,
      uploadMaxBytes: 1024 * 1024,
      pageSize: 3,
      stateFile: '/tmp/oh.json',
      projectName: 'My study',
      projectIdLabel: 'direct-sharing-77',
    });
  });

  it('names each missing required variable', () => {
    const problems = problemsOf({});
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^CLIENT_ID: missing; expected/);
    expect(problems[1]).toMatch(/^CLIENT_SECRET: missing; expected/);
  });

  it('treats an empty variable as unset', () => {
    expect(problemsOf({ ...minimal, CLIENT_ID: '' })).toEqual([expect.stringMatching(/^CLIENT_ID: missing/)]);
    expect(loadConfig({ ...minimal, PORT: '' }).port).toBe(4201);
  });

  it('rejects bad values without echoing them', () => {
    const problems = problemsOf({
      ...minimal,
      PORT: '99999',
      REDIRECT_URI: 'not a url',
      DEAUTH_WEBHOOK_URL: 'ftp://x/y',
      PAGE_SIZE: '0',
      TOKEN_TTL_SECONDS: 'soon',
      MASTER_TOKEN_TTL_SECONDS: '-1',
      DEAUTH_TIMESTAMP_BUG: 'yes',
      UPLOAD_MAX_BYTES: 'lots',
      CLIENT_SECRET: 'short',
    });
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(
      ['CLIENT_SECRET', 'DEAUTH_TIMESTAMP_BUG', 'DEAUTH_WEBHOOK_URL', 'MASTER_TOKEN_TTL_SECONDS', 'PAGE_SIZE', 'PORT', 'REDIRECT_URI', 'TOKEN_TTL_SECONDS', 'UPLOAD_MAX_BYTES'].sort(),
    );
    for (const p of problems) expect(p).toMatch(/: not valid; expected /);
    expect(problems.join('\n')).not.toContain('short');
  });

  it('refuses a project label that is one of the data sources', () => {
    expect(problemsOf({ ...minimal, PROJECT_ID_LABEL: 'direct-sharing-128' })).toEqual([expect.stringMatching(/^PROJECT_ID_LABEL: not valid/)]);
  });

  it('lists all problems in the error message', () => {
    expect(() => loadConfig({ PORT: 'x' })).toThrow(/Invalid configuration:\n {2}- PORT: not valid[\s\S]*CLIENT_ID: missing/);
  });
});
