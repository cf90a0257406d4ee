import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { startGateway, type RunningGateway } from '../test-support/harness';
import { IMMUTABLE, NO_CACHE } from './cache-control';

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as sent, never decompressed. */
  body: Buffer;
}

function fetchRaw(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

function writeFile(root: string, relative: string, content: string | Buffer): void {
  const file = path.join(root, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const MAIN_JS = `${'console.log("the shell, long enough to be worth compressing");\n'.repeat(80)}`;
const CHUNK_JS = `${'export const question = "How do you recharge after a long week?";\n'.repeat(60)}`;
const ENTRY_JS = `${'var mf_consent = { get: function (name) { return name; } };\n'.repeat(40)}`;
const INDEX_HTML = '<!doctype html><html><body><div id="root"></div><script src="/main.3f2a9c1b.js"></script></body></html>';
// Different bytes from a plain gzip of the file, so the test can tell which one was sent.
const MAIN_BR = zlib.brotliCompressSync(Buffer.from(MAIN_JS));
const MAIN_GZ = zlib.gzipSync(Buffer.from(MAIN_JS), { level: 1 });
const ENTRY_GZ = zlib.gzipSync(Buffer.from(ENTRY_JS), { level: 1 });

let root: string;
let running: RunningGateway;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-precompressed-'));
  writeFile(root, 'shell/dist/index.html', INDEX_HTML);
  writeFile(root, 'shell/dist/main.3f2a9c1b.js', MAIN_JS);
  writeFile(root, 'shell/dist/main.3f2a9c1b.js.br', MAIN_BR);
  writeFile(root, 'shell/dist/main.3f2a9c1b.js.gz', MAIN_GZ);
  writeFile(root, 'shell/dist/412.0d2c6e7f81a3.js', CHUNK_JS);
  writeFile(root, 'shell/dist/logo.5a6b7c8d.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  writeFile(root, 'mf-consent/dist/remoteEntry.js', ENTRY_JS);
  writeFile(root, 'mf-consent/dist/remoteEntry.js.gz', ENTRY_GZ);
  writeFile(root, 'mf-consent/dist/mf-manifest.json', '{"id":"mf_consent"}');
  running = await startGateway({ FRONTEND_ROOT: root });
});

afterAll(async () => {
  await running?.gateway.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('static files from memory', () => {
  it('sends the file as it is to a client that accepts no encoding, with its validators and cache header', async () => {
    const res = await fetchRaw(`${running.url}/main.3f2a9c1b.js`);
    expect(res.status).toBe(200);
    expect(res.body.toString('utf8')).toBe(MAIN_JS);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(MAIN_JS)));
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers.etag).toMatch(/^"[^"]+"$/);
    expect(Date.parse(res.headers['last-modified'] ?? '')).not.toBeNaN();
    // The gateway's own headers still apply.
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toEqual(expect.any(String));
  });

  it('sends the .br beside the file to a browser that accepts br', async () => {
    const res = await fetchRaw(`${running.url}/main.3f2a9c1b.js`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.body.equals(MAIN_BR)).toBe(true);
    expect(res.headers['content-length']).toBe(String(MAIN_BR.length));
    expect(zlib.brotliDecompressSync(res.body).toString('utf8')).toBe(MAIN_JS);
  });

  it('sends the .gz to a client that takes only gzip, or weighs it above br', async () => {
    for (const accept of ['gzip', 'gzip, deflate', 'br;q=0, gzip', 'gzip;q=1, br;q=0.5']) {
      const res = await fetchRaw(`${running.url}/main.3f2a9c1b.js`, { 'accept-encoding': accept });
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.body.equals(MAIN_GZ)).toBe(true);
    }
    const refused = await fetchRaw(`${running.url}/main.3f2a9c1b.js`, { 'accept-encoding': 'gzip;q=0, br;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('answers 304 to a client holding the same encoding of the file, and 200 to one holding another', async () => {
    const br = await fetchRaw(`${running.url}/main.3f2a9c1b.js`, { 'accept-encoding': 'br' });
    const plain = await fetchRaw(`${running.url}/main.3f2a9c1b.js`);
    expect(br.headers.etag).not.toBe(plain.headers.etag);

    const again = await fetchRaw(`${running.url}/main.3f2a9c1b.js`, { 'accept-encoding': 'br', 'if-none-match': br.headers.etag ?? '' });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(br.headers.etag);
    expect(again.headers['cache-control']).toBe(IMMUTABLE);
    expect(again.headers.vary).toBe('Accept-Encoding');

    const weak = await fetchRaw(`${running.url}/main.3f2a9c1b.js`, { 'if-none-match': `"other", W/${plain.headers.etag ?? ''}` });
    expect(weak.status).toBe(304);

    const other = await fetchRaw(`${running.url}/main.3f2a9c1b.js`, { 'accept-encoding': 'br', 'if-none-match': plain.headers.etag ?? '' });
    expect(other.status).toBe(200);
    expect(other.headers['content-encoding']).toBe('br');

    const since = await fetchRaw(`${running.url}/main.3f2a9c1b.js`, { 'if-modified-since': plain.headers['last-modified'] ?? '' });
    expect(since.status).toBe(304);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const res = await fetchRaw(`${running.url}/main.3f2a9c1b.js`, { 'accept-encoding': 'br' }, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-length']).toBe(String(MAIN_BR.length));
    expect(res.body.length).toBe(0);
  });

  it('gzips a text file that came without a .gz once, in the background, and sends it as it is meanwhile', async () => {
    let res = await fetchRaw(`${running.url}/412.0d2c6e7f81a3.js`, { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers.vary).toBe('Accept-Encoding');
    for (let tries = 0; res.headers['content-encoding'] !== 'gzip' && tries < 100; tries += 1) {
      expect(res.body.toString('utf8')).toBe(CHUNK_JS);
      await sleep(20);
      res = await fetchRaw(`${running.url}/412.0d2c6e7f81a3.js`, { 'accept-encoding': 'gzip' });
    }
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.body).toString('utf8')).toBe(CHUNK_JS);
    // No brotli is made here: that is the build's job.
    const br = await fetchRaw(`${running.url}/412.0d2c6e7f81a3.js`, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBeUndefined();
  });

  it('sends small or binary files as they are, with no Vary', async () => {
    const page = await fetchRaw(`${running.url}/`, { accept: 'text/html', 'accept-encoding': 'gzip, br' });
    expect(page.body.toString('utf8')).toBe(INDEX_HTML);
    expect(page.headers['content-encoding']).toBeUndefined();
    expect(page.headers['cache-control']).toBe(NO_CACHE);
    const logo = await fetchRaw(`${running.url}/logo.5a6b7c8d.png`, { 'accept-encoding': 'gzip, br' });
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['content-encoding']).toBeUndefined();
    expect(logo.headers.vary).toBeUndefined();
  });

  it("serves a remote's precompressed entry with its revalidation header", async () => {
    const res = await fetchRaw(`${running.url}/mf/consent/remoteEntry.js`, { 'accept-encoding': 'gzip, br' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.body.equals(ENTRY_GZ)).toBe(true);
    expect(res.headers['cache-control']).toBe(NO_CACHE);
  });

  it(
    'picks up a new build, a folder moved away and one brought back',
    async () => {
      const dist = path.join(root, 'mf-consent', 'dist');
      fs.writeFileSync(path.join(dist, 'mf-manifest.json'), '{"id":"mf_consent","version":2}');
      await sleep(300);
      const manifest = await fetchRaw(`${running.url}/mf/consent/mf-manifest.json`);
      expect(JSON.parse(manifest.body.toString('utf8'))).toEqual({ id: 'mf_consent', version: 2 });

      fs.renameSync(dist, `${dist}.hidden`);
      await sleep(300);
      expect((await fetchRaw(`${running.url}/mf/consent/mf-manifest.json`)).status).toBe(404);
      expect((await fetchRaw(`${running.url}/mf/consent/remoteEntry.js`)).status).toBe(404);

      fs.renameSync(`${dist}.hidden`, dist);
      await sleep(300);
      expect((await fetchRaw(`${running.url}/mf/consent/remoteEntry.js`)).status).toBe(200);
    },
    10_000,
  );
});
