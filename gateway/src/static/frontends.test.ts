import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { startGateway, type RunningGateway } from '../test-support/harness';
import { IMMUTABLE } from './cache-control';

const INDEX_HTML = '<!doctype html><html><body><div id="root"></div><script src="/main.3f2a9c1b.js"></script></body></html>';

function writeFile(root: string, relative: string, content: string): void {
  const file = path.join(root, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

let root: string;
let running: RunningGateway;

beforeAll(async () => {
  // A dot folder in the path, as in a deployment under ~/.local or a test copy: deep links must still work.
  root = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-frontends-')), '.frontends');
  writeFile(root, 'shell/dist/index.html', INDEX_HTML);
  writeFile(root, 'shell/dist/main.3f2a9c1b.js', 'console.log("shell")');
  writeFile(root, 'mf-consent/dist/mf-manifest.json', '{"id":"mf_consent"}');
  writeFile(root, 'mf-consent/dist/remoteEntry.js', 'var mf_consent;');
  writeFile(root, 'mf-consent/dist/412.0d2c6e7f81a3.js', 'chunk');
  // mf-admin, mf-dashboard and mf-nardi have not been built.
  running = await startGateway({ FRONTEND_ROOT: root, REMOTE_MF_NARDI_URL: 'https://cdn.example.org/nardi/mf-manifest.json' });
});

afterAll(async () => {
  await running?.gateway.stop();
  fs.rmSync(path.dirname(root), { recursive: true, force: true });
});

describe('the shell', () => {
  it('serves index.html at / without caching', async () => {
    const res = await request(running.url).get('/').set('accept', 'text/html');
    expect(res.status).toBe(200);
    expect(res.text).toBe(INDEX_HTML);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves index.html for a deep link such as /survey/123', async () => {
    for (const link of ['/survey/123', '/nardi/part-two', '/consent', '/no-such-page']) {
      const res = await request(running.url).get(link).set('accept', 'text/html,application/xhtml+xml,*/*;q=0.8');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.text).toBe(INDEX_HTML);
    }
  });

  it('caches hashed assets for long and revalidates config.js', async () => {
    const asset = await request(running.url).get('/main.3f2a9c1b.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe(IMMUTABLE);
    const config = await request(running.url).get('/config.js');
    expect(config.status).toBe(200);
    expect(config.headers['cache-control']).toBe('no-cache');
  });

  it('answers 404 JSON for a missing file, a non-HTML request and a non-GET', async () => {
    const missingFile = await request(running.url).get('/missing.js').set('accept', 'text/html');
    expect(missingFile.status).toBe(404);
    expect(missingFile.body).toMatchObject({ code: 'NOT_FOUND', requestId: missingFile.headers['x-request-id'] });
    const json = await request(running.url).get('/survey/123').set('accept', 'application/json');
    expect(json.status).toBe(404);
    const post = await request(running.url).post('/survey/123').set('accept', 'text/html');
    expect(post.status).toBe(404);
  });

  it('never answers an /api path with the app', async () => {
    const res = await request(running.url).get('/api/unknown').set('accept', 'text/html');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('the remotes', () => {
  it('serves a built remote under /mf/<name>/ with its manifest and entry revalidated', async () => {
    const manifest = await request(running.url).get('/mf/consent/mf-manifest.json');
    expect(manifest.status).toBe(200);
    expect(manifest.body).toEqual({ id: 'mf_consent' });
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const entry = await request(running.url).get('/mf/consent/remoteEntry.js');
    expect(entry.headers['cache-control']).toBe('no-cache');
    const chunk = await request(running.url).get('/mf/consent/412.0d2c6e7f81a3.js');
    expect(chunk.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('answers 404 for a remote that is not built, or not known, never with the app', async () => {
    for (const url of ['/mf/admin/mf-manifest.json', '/mf/missing/x', '/mf/consent/nope.js', '/mf/dashboard/']) {
      const res = await request(running.url).get(url).set('accept', 'text/html');
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('lists the remotes in /remotes.json from deployment config, without caching', async () => {
    const res = await request(running.url).get('/remotes.json');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toEqual({
      remotes: [
        { name: 'mf_consent', entry: '/mf/consent/mf-manifest.json', paths: ['/consent', '/return', '/how-it-works'] },
        { name: 'mf_dashboard', entry: '/mf/dashboard/mf-manifest.json', paths: ['/survey', '/self-assessment', '/typefinder', '/mbti', '/test', '/thank-you'] },
        { name: 'mf_nardi', entry: 'https://cdn.example.org/nardi/mf-manifest.json', paths: ['/nardi', '/nardi-report'] },
        { name: 'mf_admin', entry: '/mf/admin/mf-manifest.json', paths: ['/mbti-load', '/enrollment', '/ready-csv', '/consent-versions', '/audit-trail', '/reminders', '/analysis-export', '/staff', '/staff-sign-in', '/staff-setup'] },
      ],
    });
  });
});

describe('with no frontend built at all', () => {
  let bare: RunningGateway;
  let empty: string;

  beforeAll(async () => {
    empty = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-empty-'));
    bare = await startGateway({ FRONTEND_ROOT: empty });
  });

  afterAll(async () => {
    await bare?.gateway.stop();
    fs.rmSync(empty, { recursive: true, force: true });
  });

  it('still starts and answers 404 JSON for pages and remotes', async () => {
    const page = await request(bare.url).get('/survey/123').set('accept', 'text/html');
    expect(page.status).toBe(404);
    expect(page.body).toMatchObject({ code: 'NOT_FOUND' });
    const remote = await request(bare.url).get('/mf/consent/mf-manifest.json');
    expect(remote.status).toBe(404);
    const remotes = await request(bare.url).get('/remotes.json');
    expect(remotes.status).toBe(200);
  });
});
