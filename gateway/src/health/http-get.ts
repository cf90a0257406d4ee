import http from 'node:http';
import https from 'node:https';

export interface Agents {
  http: http.Agent;
  https: https.Agent;
}

export type GetResult =
  | { reachable: true; statusCode: number; body: unknown }
  /** unreachable: no connection (refused, no route, connect timeout); timeout: connected, no answer in time. */
  | { reachable: false; reason: 'timeout' | 'unreachable'; code: string | undefined };

const MAX_BODY_BYTES = 64 * 1024;

/**
 * GET a small JSON document with one deadline for connecting, answering and reading the body.
 * Never rejects: an unreachable service is a result, not an error. A reused keep-alive
 * connection that the other side had just closed is no answer either way: the GET is sent
 * once more on a new connection.
 */
export function getJson(url: string, options: { agents: Agents; timeoutMs: number; requestId?: string }): Promise<GetResult> {
  return new Promise((resolve) => {
    const target = new URL(url);
    const client = target.protocol === 'https:' ? https : http;
    let settled = false;
    let req: http.ClientRequest;
    const finish = (result: GetResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const expire = () => {
      if (settled) return;
      // Still connecting means nobody is there; connected but silent means it is slow.
      const connecting = !req.socket || req.socket.connecting;
      finish(connecting ? { reachable: false, reason: 'unreachable', code: 'ECONNECTTIMEOUT' } : { reachable: false, reason: 'timeout', code: 'ETIMEDOUT' });
      req.destroy();
    };
    // On a starved CPU the deadline and a finished connect fall due together: the I/O of that
    // loop turn is let in first (setImmediate runs after it), so a connection made in time
    // is never reported as missing.
    const timer = setTimeout(() => setImmediate(expire), options.timeoutMs);

    const send = (agent: http.Agent | false) => {
      req = client.request(target, {
        method: 'GET',
        agent,
        headers: { accept: 'application/json', ...(options.requestId ? { 'x-request-id': options.requestId } : {}) },
      });
      req.on('error', (err: NodeJS.ErrnoException) => {
        if (agent !== false && req.reusedSocket && (err.code === 'ECONNRESET' || err.code === 'EPIPE') && !settled) {
          send(false);
          return;
        }
        finish({ reachable: false, reason: 'unreachable', code: err.code });
      });
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= MAX_BODY_BYTES) chunks.push(chunk);
        });
        res.on('error', () => finish({ reachable: true, statusCode: res.statusCode ?? 0, body: undefined }));
        res.on('end', () => {
          let body: unknown;
          try {
            body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            body = undefined;
          }
          finish({ reachable: true, statusCode: res.statusCode ?? 0, body });
        });
      });
      req.end();
    };
    send(target.protocol === 'https:' ? options.agents.https : options.agents.http);
  });
}
