// A proxy that compresses text answers the way a server with precompressed files would (brotli at
// the highest quality, as the build precompresses, or gzip), for the page bench (pages.ts
// --compress): the size as served before the gateway does this itself.
import { createHash } from 'node:crypto';
import http from 'node:http';
import zlib from 'node:zlib';

const TEXT_TYPES = /^(text\/|application\/(javascript|json|manifest\+json|xml)|image\/svg\+xml)/;

export type Compression = 'br' | 'gzip';

/** What the proxy sees of an answer: the browser's Accept-Encoding, and the upstream answer's status and headers. */
export interface AnswerFacts {
  acceptEncoding: string;
  status: number;
  contentType: string;
  contentEncoding: string | undefined;
}

/** How an answer is compressed on the way: a successful, uncompressed text answer to a browser that accepts br (preferred) or gzip; otherwise not (null). */
export function compressionFor({ acceptEncoding, status, contentType, contentEncoding }: AnswerFacts): Compression | null {
  const encoding = acceptEncoding.includes('br') ? 'br' : acceptEncoding.includes('gzip') ? 'gzip' : null;
  if (!encoding || !TEXT_TYPES.test(contentType) || contentEncoding || status >= 300) return null;
  return encoding;
}

function compress(body: Buffer, encoding: Compression): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : zlib.gzipSync(body, { level: 9 });
}

export interface CompressingProxy {
  url: string;
  close: () => Promise<void>;
}

/**
 * Starts the proxy in front of `target` (an origin) on a free port. Compressed bodies are kept
 * (by content hash), so only the first request of a file pays for it.
 */
export async function startCompressingProxy(target: string): Promise<CompressingProxy> {
  const cache = new Map<string, Buffer>();
  const upstream = new URL(target);
  const server = http.createServer((req, res) => {
    const headers = { ...req.headers, host: upstream.host, 'accept-encoding': 'identity' };
    const out = http.request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers }, (up) => {
      const contentEncoding = up.headers['content-encoding'];
      const encoding = compressionFor({
        acceptEncoding: String(req.headers['accept-encoding'] ?? ''),
        status: up.statusCode ?? 0,
        contentType: String(up.headers['content-type'] ?? ''),
        contentEncoding: contentEncoding === '' ? undefined : contentEncoding,
      });
      if (!encoding) {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      up.on('data', (c: Buffer) => chunks.push(c));
      up.on('end', () => {
        const body = Buffer.concat(chunks);
        const key = `${encoding}:${createHash('sha1').update(body).digest('hex')}`;
        let packed = cache.get(key);
        if (!packed) {
          packed = compress(body, encoding);
          cache.set(key, packed);
        }
        const h: http.OutgoingHttpHeaders = { ...up.headers, 'content-encoding': encoding, 'content-length': String(packed.length), vary: 'Accept-Encoding' };
        delete h['transfer-encoding'];
        res.writeHead(up.statusCode ?? 200, h);
        res.end(packed);
      });
    });
    out.on('error', (err) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(String(err.message));
    });
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the compressing proxy has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
