import path from 'node:path';
import { ConfigError, loadConfig } from './config';

/** The settings without a default: the study team's contact address and the participant session secret. */
const REQUIRED = { STUDY_CONTACT_EMAIL: 'study-team@example.org', PARTICIPANT_SESSION_SECRET: 'participant-session-secret-for-tests-0123' };

function problemsOf(env: Record<string, string>): string {
  try {
    loadConfig({ ...REQUIRED, ...env });
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('refuses to start without the study team\'s contact address, naming the variable', () => {
    const message = problemsOf({ STUDY_CONTACT_EMAIL: undefined as unknown as string });
    expect(message).toContain('STUDY_CONTACT_EMAIL');
    expect(message).toContain("the study team's contact email address");
  });

  it('refuses to start without the participant session secret, or with a short one, naming the variable', () => {
    expect(problemsOf({ PARTICIPANT_SESSION_SECRET: undefined as unknown as string })).toContain('PARTICIPANT_SESSION_SECRET');
    expect(problemsOf({ PARTICIPANT_SESSION_SECRET: 'too-short' })).toContain('PARTICIPANT_SESSION_SECRET');
  });

  it('has embedded defaults for everything else', () => {
    const config = loadConfig(REQUIRED);
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      services: { participants: 'http://127.0.0.1:4101', scoring: 'http://127.0.0.1:4102', reports: 'http://127.0.0.1:4103' },
      logLevel: 'info',
      trustProxy: false,
      bodyLimitBytes: 100 * 1024,
      routeBodyLimits: [
        { method: 'POST', path: '/api/user/mbti', limitBytes: 5 * 1024 * 1024 },
        { method: 'POST', path: '/api/typefinder/import', limitBytes: 2 * 1024 * 1024 },
      ],
      frontendUpstreamTimeoutMs: 10_000,
      cspFrameSrc: ["'self'"],
      publicConfig: { studyName: 'Personality Genetics Study', contactEmail: 'study-team@example.org' },
    });
    // No frontend server configured: every frontend is served from FRONTEND_ROOT.
    expect(config.shellUpstream).toBeUndefined();
    expect(config.remotes.map((remote) => remote.upstream)).toEqual([undefined, undefined, undefined, undefined]);
    expect(config.remotes.map((remote) => [remote.name, remote.entry])).toEqual([
      ['mf_consent', '/mf/consent/mf-manifest.json'],
      ['mf_dashboard', '/mf/dashboard/mf-manifest.json'],
      ['mf_nardi', '/mf/nardi/mf-manifest.json'],
      ['mf_admin', '/mf/admin/mf-manifest.json'],
    ]);
  });

  it('defaults FRONTEND_ROOT to the repository root', () => {
    expect(loadConfig(REQUIRED).frontendRoot).toBe(path.resolve(__dirname, '..', '..'));
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9090',
      HOST: '0.0.0.0',
      PARTICIPANTS_URL: 'http://participants:4101/',
      SCORING_URL: 'https://scoring.internal',
      REPORTS_URL: 'http://reports:4103',
      FRONTEND_ROOT: '/srv/www',
      REMOTE_MF_CONSENT_URL: 'https://cdn.example.org/consent/mf-manifest.json',
      REMOTE_MF_ADMIN_URL: '/admin-v2/mf-manifest.json',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'loopback, 10.0.0.0/8',
      BODY_LIMIT: '64KB',
      MBTI_UPLOAD_LIMIT: '2.5mb',
      TYPEFINDER_IMPORT_LIMIT: '3MB',
      SHELL_UPSTREAM_URL: 'http://shell',
      MF_CONSENT_UPSTREAM_URL: 'http://mf-consent/',
      MF_DASHBOARD_UPSTREAM_URL: 'https://dashboard.internal:8443',
      MF_NARDI_UPSTREAM_URL: 'http://mf-nardi:80',
      MF_ADMIN_UPSTREAM_URL: 'http://10.0.0.7:8081',
      FRONTEND_UPSTREAM_TIMEOUT_MS: '2500',
      CSP_FRAME_SRC: "'self', https://www.youtube-nocookie.com",
      HOW_IT_WORKS_VIDEO_URL: 'https://www.youtube-nocookie.com/embed/abc123',
      STUDY_CONTACT_EMAIL: 'study-team@example.org',
      STUDY_NAME: ' Type and Genes ',
      PARTICIPANT_SESSION_SECRET: 'participant-session-secret-for-tests-0123',
    });
    expect(config).toMatchObject({
      port: 9090,
      host: '0.0.0.0',
      services: { participants: 'http://participants:4101', scoring: 'https://scoring.internal', reports: 'http://reports:4103' },
      frontendRoot: '/srv/www',
      releasesRoot: '/srv/www/releases',
      logLevel: 'warn',
      trustProxy: 'loopback, 10.0.0.0/8',
      bodyLimitBytes: 64 * 1024,
      routeBodyLimits: [
        { method: 'POST', path: '/api/user/mbti', limitBytes: Math.floor(2.5 * 1024 * 1024) },
        { method: 'POST', path: '/api/typefinder/import', limitBytes: 3 * 1024 * 1024 },
      ],
      shellUpstream: 'http://shell',
      frontendUpstreamTimeoutMs: 2500,
      cspFrameSrc: ["'self'", 'https://www.youtube-nocookie.com'],
      publicConfig: { studyName: 'Type and Genes', howItWorksVideoUrl: 'https://www.youtube-nocookie.com/embed/abc123', contactEmail: 'study-team@example.org' },
    });
    expect(config.remotes[0]?.entry).toBe('https://cdn.example.org/consent/mf-manifest.json');
    expect(config.remotes[3]?.entry).toBe('/admin-v2/mf-manifest.json');
    expect(config.remotes.map((remote) => [remote.name, remote.upstream])).toEqual([
      ['mf_consent', 'http://mf-consent'],
      ['mf_dashboard', 'https://dashboard.internal:8443'],
      ['mf_nardi', 'http://mf-nardi'],
      ['mf_admin', 'http://10.0.0.7:8081'],
    ]);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['SCORING_URL', 'not a url'],
    ['SCORING_URL', 'http://scoring:4102/api'],
    ['PARTICIPANTS_URL', 'ftp://participants'],
    ['REMOTE_MF_NARDI_URL', 'mf-manifest.json'],
    ['REMOTE_MF_NARDI_URL', '//cdn.example.org/x.json'],
    ['LOG_LEVEL', 'loud'],
    ['BODY_LIMIT', 'lots'],
    ['MBTI_UPLOAD_LIMIT', '5 megabytes'],
    ['TYPEFINDER_IMPORT_LIMIT', 'two megabytes'],
    ['SHELL_UPSTREAM_URL', 'shell'],
    ['SHELL_UPSTREAM_URL', 'http://shell/app'],
    ['MF_CONSENT_UPSTREAM_URL', 'ftp://mf-consent'],
    ['MF_DASHBOARD_UPSTREAM_URL', 'http://mf-dashboard/mf/dashboard/'],
    ['MF_NARDI_UPSTREAM_URL', 'http://mf-nardi?x=1'],
    ['FRONTEND_UPSTREAM_TIMEOUT_MS', '0'],
    ['HOW_IT_WORKS_VIDEO_URL', 'youtube.com/embed/abc'],
    ['HOW_IT_WORKS_VIDEO_URL', 'javascript:alert(1)'],
    ['HOW_IT_WORKS_VIDEO_URL', 'http://videos.example.org/embed/1'],
    ['HOW_IT_WORKS_VIDEO_URL', 'https://user:secret@videos.example.org/embed/1'],
    ['STUDY_CONTACT_EMAIL', 'not an email'],
    ['STUDY_CONTACT_EMAIL', 'team@example.org<script>'],
    ['STUDY_NAME', ' '],
    ['STUDY_NAME', 'x'.repeat(81)],
    ['UPSTREAM_CONNECT_TIMEOUT_MS', '0'],
    ['CSP_FRAME_SRC', "'self'; script-src *"],
  ])('stops with a message naming %s when it is %p', (name, value) => {
    const message = problemsOf({ [name]: value });
    expect(message).toContain(`${name}: not valid`);
  });

  it('refuses a CSP keyword without its quotes, saying how to write it in a .env file', () => {
    const message = problemsOf({ CSP_FRAME_SRC: 'self' });
    expect(message).toContain('CSP_FRAME_SRC: not valid');
    expect(message).toContain(`CSP_FRAME_SRC="'self'"`);
  });

  it('treats an empty frontend server variable as unset, as docker-compose passes `${VAR:-}`', () => {
    const config = loadConfig({ ...REQUIRED, SHELL_UPSTREAM_URL: '', MF_ADMIN_UPSTREAM_URL: '' });
    expect(config.shellUpstream).toBeUndefined();
    expect(config.remotes[3]?.upstream).toBeUndefined();
  });

  it('passes browser error reports on to the project ERROR_REPORTING_DSN names; unset or empty, to none', () => {
    expect(loadConfig({ ...REQUIRED, ERROR_REPORTING_DSN: 'https://0123abcd@glitchtip.example.org/3' }).errorReportingDsn).toEqual({
      text: 'https://0123abcd@glitchtip.example.org/3',
      envelopeUrl: 'https://glitchtip.example.org/api/3/envelope/?sentry_key=0123abcd&sentry_version=7',
    });
    expect(loadConfig(REQUIRED).errorReportingDsn).toBeUndefined();
    // docker-compose.yml passes it as ${ERROR_REPORTING_DSN:-}.
    expect(loadConfig({ ...REQUIRED, ERROR_REPORTING_DSN: '' }).errorReportingDsn).toBeUndefined();
  });

  it('refuses to start with a malformed ERROR_REPORTING_DSN, saying what a DSN looks like', () => {
    for (const dsn of ['errors.example.net/5', 'https://errors.example.net/5', 'https://4567ef@errors.example.net/', 'ftp://4567ef@errors.example.net/5']) {
      const message = problemsOf({ ERROR_REPORTING_DSN: dsn });
      expect(message).toContain('ERROR_REPORTING_DSN: not valid; expected a Sentry or GlitchTip project DSN, https://<public key>@<host>/<project id>');
      expect(message).not.toContain(dsn);
    }
  });

  it('never echoes a value: a URL may carry a password', () => {
    expect(problemsOf({ SCORING_URL: 'http://user:hunter2@scoring:4102/api' })).not.toContain('hunter2');
  });

  it('lists every bad variable at once', () => {
    const message = problemsOf({ PORT: 'x', REPORTS_URL: 'y' });
    expect(message).toContain('PORT: not valid');
    expect(message).toContain('REPORTS_URL: not valid');
  });
});
