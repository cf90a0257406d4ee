import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { startFakeFrontend, type FakeFrontend } from '../test-support/fake-frontend';
import { unusedPort } from '../test-support/fake-upstream';
import { closeUpstreams, startGateway, startUpstreams, upstreamEnv, type RunningGateway, type Upstreams } from '../test-support/harness';
import { IMMUTABLE } from './cache-control';

const SHELL_INDEX = '<!doctype html><html><body><div id="root"></div><script src="/main.3f2a9c1b.js"></script></body></html>';
const SHELL_FILES = { '/index.html': SHELL_INDEX, '/main.3f2a9c1b.js': 'console.log("shell")', '/favicon.ico': 'icon' };
const HTML_ACCEPT = 'text/html,application/xhtml+xml,*/*;q=0.8';

const REMOTES = [
  { segment: 'consent', env: 'MF_CONSENT_UPSTREAM_URL' },
  { segment: 'dashboard', env: 'MF_DASHBOARD_UPSTREAM_URL' },
  { segment: 'nardi', env: 'MF_NARDI_UPSTREAM_URL' },
  { segment: 'admin', env: 'MF_ADMIN_UPSTREAM_URL' },
] as const;
type RemoteSegment = (typeof REMOTES)[number]['segment'];

/** What each remote's container holds: its dist under /mf/<name>/. */
function remoteFiles(segment: string): Record<string, string> {
  return {
    [`/mf/${segment}/mf-manifest.json`]: JSON.stringify({ id: `mf_${segment}` }),
    [`/mf/${segment}/remoteEntry.js`]: `var mf_${segment};`,
    [`/mf/${segment}/412.0d2c6e7f81a3.js`]: `chunk of ${segment}`,
  };
}

function directives(csp: string | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (csp ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

/** The gateway's own security headers, never the upstream's. */
function expectGatewaySecurityHeaders(headers: Record<string, string | undefined>): void {
  expect(directives(headers['content-security-policy']).get('default-src')).toEqual(["'self'"]);
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-powered-by']).toBeUndefined();
}

function writeFile(root: string, relative: string, content: string): void {
  const file = path.join(root, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

describe('frontends served by their own web servers', () => {
  let services: Upstreams;
  let shell: FakeFrontend;
  const remotes = {} as Record<RemoteSegment, FakeFrontend>;
  let root: string;
  let running: RunningGateway;

  beforeAll(async () => {
    services = await startUpstreams();
    shell = await startFakeFrontend(SHELL_FILES, { spaFallback: true });
    for (const { segment } of REMOTES) remotes[segment] = await startFakeFrontend(remoteFiles(segment));
    // Files on disk too: with an upstream configured they must not be what is served.
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-upstreams-'));
    writeFile(root, 'shell/dist/index.html', '<!doctype html><title>from disk</title>');
    writeFile(root, 'mf-consent/dist/mf-manifest.json', '{"id":"from disk"}');
    running = await startGateway({
      ...upstreamEnv(services),
      FRONTEND_ROOT: root,
      SHELL_UPSTREAM_URL: shell.url,
      ...Object.fromEntries(REMOTES.map(({ segment, env }) => [env, remotes[segment].url])),
    });
  });

  afterAll(async () => {
    await running?.gateway.stop();
    await closeUpstreams(services ?? {});
    await Promise.all([shell, ...Object.values(remotes)].map((frontend) => frontend?.close()));
    fs.rmSync(root, { recursive: true, force: true });
  });

  beforeEach(() => {
    for (const frontend of [shell, ...Object.values(remotes)]) frontend.requests.length = 0;
    for (const service of Object.values(services)) service.requests.length = 0;
  });

  describe.each(REMOTES)('the $segment remote', ({ segment }) => {
    it('is forwarded with its path unchanged; manifest and entry revalidated, hashed chunks immutable, whatever the server says', async () => {
      const cases = [
        { file: 'mf-manifest.json', cacheControl: 'no-cache' },
        { file: 'remoteEntry.js', cacheControl: 'no-cache' },
        { file: '412.0d2c6e7f81a3.js', cacheControl: IMMUTABLE },
      ];
      for (const { file, cacheControl } of cases) {
        const url = `/mf/${segment}/${file}`;
        const res = await request(running.url).get(url);
        expect(res.status).toBe(200);
        expect(res.text).toBe(remoteFiles(segment)[url]);
        expect(res.headers['cache-control']).toBe(cacheControl);
        expectGatewaySecurityHeaders(res.headers);
        expect(remotes[segment].requests.at(-1)?.url).toBe(url);
      }
      expect(shell.requests).toHaveLength(0);
    });

    it('answers 404 JSON for a file its server does not have', async () => {
      const res = await request(running.url).get(`/mf/${segment}/nope.js`);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body).toMatchObject({ error: 'There is nothing at this address.', code: 'NOT_FOUND', requestId: res.headers['x-request-id'] });
      expect(res.headers['cache-control']).toBe('no-store');
    });
  });

  it('sends no request to a remote server for a write or a path with dot segments', async () => {
    const post = await request(running.url).post('/mf/consent/mf-manifest.json').send('x');
    expect(post.status).toBe(404);
    const climb = await request(running.url).get('/mf/consent/%2e%2e/admin/mf-manifest.json');
    expect(climb.status).toBe(404);
    expect(climb.body).toMatchObject({ code: 'NOT_FOUND' });
    expect(remotes.consent.requests).toHaveLength(0);
    expect(remotes.admin.requests).toHaveLength(0);
  });

  it('answers a conditional request with 304 and the same cache header', async () => {
    const first = await request(running.url).get('/mf/nardi/mf-manifest.json');
    const etag = first.headers.etag;
    expect(etag).toEqual(expect.any(String));
    const again = await request(running.url).get('/mf/nardi/mf-manifest.json').set('if-none-match', etag!);
    expect(again.status).toBe(304);
    expect(again.headers['cache-control']).toBe('no-cache');
    const chunk = await request(running.url).get('/mf/nardi/412.0d2c6e7f81a3.js');
    const chunkAgain = await request(running.url).get('/mf/nardi/412.0d2c6e7f81a3.js').set('if-none-match', chunk.headers.etag!);
    expect(chunkAgain.status).toBe(304);
    expect(chunkAgain.headers['cache-control']).toBe(IMMUTABLE);
  });

  it("forwards the request id but never this site's credentials", async () => {
    const res = await request(running.url)
      .get('/mf/dashboard/remoteEntry.js')
      .set('cookie', 'session=abc')
      .set('authorization', 'Bearer secret')
      .set('x-master-key', 'the-master-key');
    expect(res.status).toBe(200);
    const seen = remotes.dashboard.requests.at(-1);
    expect(seen?.headers['x-request-id']).toBe(res.headers['x-request-id']);
    expect(seen?.headers.cookie).toBeUndefined();
    expect(seen?.headers.authorization).toBeUndefined();
    expect(seen?.headers['x-master-key']).toBeUndefined();
  });

  it('answers 503 JSON when a remote server fails, so the shell shows its fallback', async () => {
    remotes.admin.failWith = 500;
    try {
      const res = await request(running.url).get('/mf/admin/mf-manifest.json');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({
        error: 'This part of the app is not available right now. Please try again shortly.',
        code: 'SERVICE_UNAVAILABLE',
        requestId: res.headers['x-request-id'],
      });
    } finally {
      remotes.admin.failWith = undefined;
    }
    expect((await request(running.url).get('/mf/admin/mf-manifest.json')).status).toBe(200);
  });

  describe('the shell', () => {
    it('serves / from the shell server without caching', async () => {
      const res = await request(running.url).get('/').set('accept', HTML_ACCEPT);
      expect(res.status).toBe(200);
      expect(res.text).toBe(SHELL_INDEX);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expectGatewaySecurityHeaders(res.headers);
    });

    it('serves deep links from the shell server, never cached', async () => {
      for (const link of ['/survey/123', '/nardi/part-two', '/consent', '/how-it-works', '/no-such-page']) {
        const res = await request(running.url).get(link).set('accept', HTML_ACCEPT);
        expect(res.status).toBe(200);
        expect(res.text).toBe(SHELL_INDEX);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(shell.requests.at(-1)?.url).toBe(link);
      }
    });

    it('caches hashed assets for long and revalidates the others', async () => {
      const asset = await request(running.url).get('/main.3f2a9c1b.js');
      expect(asset.status).toBe(200);
      expect(asset.text).toBe('console.log("shell")');
      expect(asset.headers['cache-control']).toBe(IMMUTABLE);
      const icon = await request(running.url).get('/favicon.ico');
      expect(icon.status).toBe(200);
      expect(icon.headers['cache-control']).toBe('no-cache');
      const index = await request(running.url).get('/index.html');
      expect(index.headers['cache-control']).toBe('no-cache');
    });

    it("answers 404 JSON for a missing file, not the server's index.html fallback", async () => {
      const res = await request(running.url).get('/missing.0123abcd.js');
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND' });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(shell.requests.at(-1)?.url).toBe('/missing.0123abcd.js');
    });

    it('answers 404 without asking the shell server for a non-page request or a write', async () => {
      const json = await request(running.url).get('/survey/123').set('accept', 'application/json');
      expect(json.status).toBe(404);
      const post = await request(running.url).post('/survey/123').set('accept', HTML_ACCEPT);
      expect(post.status).toBe(404);
      expect(shell.requests).toHaveLength(0);
    });

    it('never receives what the gateway answers itself: /api, /mf, /remotes.json, /config.js, /healthz', async () => {
      const api = await request(running.url).get('/api/stats').set('accept', HTML_ACCEPT);
      expect(api.status).toBe(200);
      expect(api.body).toMatchObject({ service: 'participants', url: '/api/stats' });
      const unknownApi = await request(running.url).get('/api/unknown').set('accept', HTML_ACCEPT);
      expect(unknownApi.status).toBe(404);
      expect(unknownApi.body).toMatchObject({ code: 'NOT_FOUND' });
      const unknownRemote = await request(running.url).get('/mf/unknown/mf-manifest.json').set('accept', HTML_ACCEPT);
      expect(unknownRemote.status).toBe(404);

      const remotesJson = await request(running.url).get('/remotes.json');
      expect(remotesJson.status).toBe(200);
      expect(remotesJson.headers['cache-control']).toBe('no-cache');
      expect(remotesJson.body.remotes[0]).toEqual({ name: 'mf_consent', entry: '/mf/consent/mf-manifest.json', paths: ['/consent', '/return', '/how-it-works'] });
      const config = await request(running.url).get('/config.js');
      expect(config.status).toBe(200);
      expect(config.headers['cache-control']).toBe('no-cache');
      const health = await request(running.url).get('/healthz');
      expect(health.status).toBe(200);

      expect(shell.requests).toHaveLength(0);
      expect(services.participants.requests.map((seen) => seen.url)).toEqual(['/api/stats']);
    });
  });
});

describe('a frontend server that is down', () => {
  let services: Upstreams;
  let consent: FakeFrontend;
  let nardiPort: number;
  let shellPort: number;
  let revived: FakeFrontend | undefined;
  let running: RunningGateway;

  beforeAll(async () => {
    services = await startUpstreams();
    consent = await startFakeFrontend(remoteFiles('consent'));
    nardiPort = await unusedPort();
    shellPort = await unusedPort();
    running = await startGateway({
      ...upstreamEnv(services),
      SHELL_UPSTREAM_URL: `http://127.0.0.1:${shellPort}`,
      MF_CONSENT_UPSTREAM_URL: consent.url,
      MF_NARDI_UPSTREAM_URL: `http://127.0.0.1:${nardiPort}`,
      BREAKER_PROBE_INTERVAL_MS: '50',
    });
  });

  afterAll(async () => {
    await running?.gateway.stop();
    await closeUpstreams(services ?? {});
    await Promise.all([consent, revived].map((frontend) => frontend?.close()));
  });

  it(
    "answers the remote's files with 503 JSON at once, every time, while the other remotes work",
    async () => {
      for (const file of ['mf-manifest.json', 'remoteEntry.js', 'mf-manifest.json']) {
        const res = await request(running.url).get(`/mf/nardi/${file}`);
        expect(res.status).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.body).toMatchObject({
          error: 'This part of the app is not available right now. Please try again shortly.',
          code: 'SERVICE_UNAVAILABLE',
          requestId: res.headers['x-request-id'],
        });
      }
      const other = await request(running.url).get('/mf/consent/mf-manifest.json');
      expect(other.status).toBe(200);
    },
    2000,
  );

  it(
    'answers a page with a small 503 HTML page and a script with 503 JSON when the shell server is down',
    async () => {
      const page = await request(running.url).get('/survey/123').set('accept', HTML_ACCEPT);
      expect(page.status).toBe(503);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.headers['retry-after']).toBe('5');
      expect(page.text).toContain('The study site is temporarily unavailable');
      expect(page.text).toContain(`Reference: ${page.headers['x-request-id']}`);
      expect(page.text).not.toMatch(/<script/i);
      expectGatewaySecurityHeaders(page.headers);

      const asset = await request(running.url).get('/main.3f2a9c1b.js').set('accept', '*/*');
      expect(asset.status).toBe(503);
      expect(asset.body).toMatchObject({
        error: 'The web app is not available right now. Please try again shortly.',
        code: 'SERVICE_UNAVAILABLE',
        requestId: asset.headers['x-request-id'],
      });
    },
    2000,
  );

  it(
    'keeps /api and the gateway documents working',
    async () => {
      const api = await request(running.url).post('/api/consent').send({ code: 'x' });
      expect(api.status).toBe(200);
      expect((await request(running.url).get('/remotes.json')).status).toBe(200);
      expect((await request(running.url).get('/config.js')).status).toBe(200);
    },
    2000,
  );

  it(
    'serves the remote again once its server is back',
    async () => {
      revived = await startFakeFrontend(remoteFiles('nardi'), { port: nardiPort });
      let status = 0;
      while (status !== 200) {
        status = (await request(running.url).get('/mf/nardi/mf-manifest.json')).status;
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(revived.requests.at(-1)?.url).toBe('/mf/nardi/mf-manifest.json');
    },
    5000,
  );

  it('logs that the server went down and came back', () => {
    const messages = running.logs.entries().filter((entry) => entry.upstream === 'mf_nardi').map((entry) => entry.msg);
    expect(messages).toEqual(expect.arrayContaining(['frontend server unreachable: its files answer 503 until it is back', 'frontend server reachable again']));
  });
});

describe('a frontend server that does not answer in time', () => {
  let shell: FakeFrontend;
  let dashboard: FakeFrontend;
  let running: RunningGateway;

  beforeAll(async () => {
    shell = await startFakeFrontend(SHELL_FILES, { spaFallback: true });
    dashboard = await startFakeFrontend(remoteFiles('dashboard'));
    shell.hang = true;
    dashboard.hang = true;
    running = await startGateway({ SHELL_UPSTREAM_URL: shell.url, MF_DASHBOARD_UPSTREAM_URL: dashboard.url, FRONTEND_UPSTREAM_TIMEOUT_MS: '200' });
  });

  afterAll(async () => {
    await running?.gateway.stop();
    await Promise.all([shell, dashboard].map((frontend) => frontend?.close()));
  });

  it(
    'answers 504 JSON for a remote file and the 503 page for a shell page, then serves again',
    async () => {
      const remote = await request(running.url).get('/mf/dashboard/mf-manifest.json');
      expect(remote.status).toBe(504);
      expect(remote.body).toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
      const page = await request(running.url).get('/nardi').set('accept', HTML_ACCEPT);
      expect(page.status).toBe(503);
      expect(page.text).toContain('The study site is temporarily unavailable');

      // Slow is not down: the next request is forwarded again.
      shell.hang = false;
      dashboard.hang = false;
      expect((await request(running.url).get('/mf/dashboard/mf-manifest.json')).status).toBe(200);
      expect((await request(running.url).get('/nardi').set('accept', HTML_ACCEPT)).text).toBe(SHELL_INDEX);
    },
    3000,
  );
});
