import request from 'supertest';
import { closeUpstreams, startGateway, startUpstreams, upstreamEnv, type RunningGateway, type Upstreams } from '../test-support/harness';
import { remoteOrigins } from './headers';

function directives(csp: string | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (csp ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

describe('security headers', () => {
  let upstreams: Upstreams;
  let running: RunningGateway;

  beforeAll(async () => {
    upstreams = await startUpstreams();
    running = await startGateway({
      ...upstreamEnv(upstreams),
      CSP_FRAME_SRC: "'self' https://www.youtube-nocookie.com",
      REMOTE_MF_ADMIN_URL: 'https://admin.example.org/mf/admin/mf-manifest.json',
    });
  });

  afterAll(async () => {
    await running?.gateway.stop();
    await closeUpstreams(upstreams ?? {});
  });

  it.each([
    ['a page', '/survey/123'],
    ['an API call', '/api/stats'],
    ['a 404', '/api/unknown'],
  ])('are set on %s', async (_what, url) => {
    const res = await request(running.url).get(url).set('accept', 'text/html');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'", 'https://admin.example.org']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://admin.example.org']);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'", 'https://admin.example.org']);
    expect(csp.get('media-src')).toEqual(["'self'", 'https://admin.example.org']);
    expect(csp.get('frame-src')).toEqual(["'self'", 'https://www.youtube-nocookie.com']);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
  });

  it("overrides a service's x-powered-by and Referrer-Policy", async () => {
    const res = await request(running.url).get('/api/stats');
    expect(res.status).toBe(200);
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });
});

describe('remoteOrigins', () => {
  it('keeps only remotes on another origin', () => {
    expect(remoteOrigins(['/mf/consent/mf-manifest.json', 'https://cdn.example.org/a/mf-manifest.json', 'https://cdn.example.org/b/mf-manifest.json'])).toEqual([
      'https://cdn.example.org',
    ]);
  });
});
