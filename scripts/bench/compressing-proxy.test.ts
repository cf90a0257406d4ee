import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { compressionFor, startCompressingProxy, type AnswerFacts } from './compressing-proxy';

const script: AnswerFacts = { acceptEncoding: 'gzip, deflate, br', status: 200, contentType: 'application/javascript; charset=utf-8', contentEncoding: undefined };

describe('compressionFor', () => {
  it('prefers brotli, then gzip, for what the browser accepts', () => {
    expect(compressionFor(script)).toBe('br');
    expect(compressionFor({ ...script, acceptEncoding: 'gzip, deflate' })).toBe('gzip');
    expect(compressionFor({ ...script, acceptEncoding: 'identity' })).toBeNull();
  });

  it('compresses text types only', () => {
    for (const type of ['text/html', 'application/json', 'application/manifest+json', 'image/svg+xml', 'application/xml']) expect(compressionFor({ ...script, contentType: type })).toBe('br');
    for (const type of ['image/png', 'font/woff2', 'application/pdf', '']) expect(compressionFor({ ...script, contentType: type })).toBeNull();
  });

  it('passes on an answer already compressed, and redirects and errors', () => {
    expect(compressionFor({ ...script, contentEncoding: 'gzip' })).toBeNull();
    expect(compressionFor({ ...script, status: 304 })).toBeNull();
    expect(compressionFor({ ...script, status: 502 })).toBeNull();
  });
});

describe('startCompressingProxy', () => {
  const body = `console.log(${JSON.stringify('x'.repeat(5000))});\n`;
  let upstream: http.Server;
  let proxy: Awaited<ReturnType<typeof startCompressingProxy>>;

  beforeAll(async () => {
    upstream = http.createServer((req, res) => {
      res.writeHead(200, { 'content-type': req.url === '/logo.png' ? 'image/png' : 'application/javascript', 'x-seen-encoding': String(req.headers['accept-encoding']) });
      res.end(body);
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    proxy = await startCompressingProxy(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`);
  });

  afterAll(async () => {
    await proxy.close();
    await new Promise((resolve) => upstream.close(resolve));
  });

  const get = (urlPath: string, acceptEncoding: string): Promise<{ headers: http.IncomingHttpHeaders; bytes: Buffer }> =>
    new Promise((resolve, reject) => {
      http
        .get(`${proxy.url}${urlPath}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, bytes: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });

  it('answers a text file brotli-compressed to a browser that accepts it, asking the upstream for it plain', async () => {
    const { headers, bytes } = await get('/main.js', 'gzip, br');
    expect(headers['content-encoding']).toBe('br');
    expect(headers['x-seen-encoding']).toBe('identity');
    expect(Number(headers['content-length'])).toBe(bytes.length);
    expect(bytes.length).toBeLessThan(body.length / 10);
    expect(zlib.brotliDecompressSync(bytes).toString()).toBe(body);
  });

  it('gzip for a browser without brotli; other files as they are', async () => {
    const gzipped = await get('/main.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipped.bytes).toString()).toBe(body);
    const image = await get('/logo.png', 'gzip, br');
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.bytes.toString()).toBe(body);
  });
});
