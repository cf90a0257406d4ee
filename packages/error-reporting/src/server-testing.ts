// A stand-in Sentry/GlitchTip project for tests: an HTTP server on a free local port that keeps
// every envelope posted to it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedEnvelope {
  url: string;
  contentType: string | undefined;
  body: Buffer;
}

export interface EnvelopeProject {
  /** A DSN naming this project (public key `testkey`, project 7). */
  dsn: string;
  received: ReceivedEnvelope[];
  /** What the project answers; 200 unless a test says otherwise. */
  status: number;
  close(): Promise<void>;
}

export async function startEnvelopeProject(): Promise<EnvelopeProject> {
  const received: ReceivedEnvelope[] = [];
  const project: EnvelopeProject = { dsn: '', received, status: 200, close: async () => undefined };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ url: req.url ?? '', contentType: req.headers['content-type'], body: Buffer.concat(chunks) });
      res.writeHead(project.status, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  project.dsn = `http://testkey@127.0.0.1:${port}/7`;
  project.close = () =>
    new Promise<void>((resolve, reject) => {
      server.closeAllConnections();
      server.close((err) => (err ? reject(err) : resolve()));
    });
  return project;
}
