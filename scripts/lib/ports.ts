// Waiting for a TCP port: the helpers the local services (RabbitMQ, Redis, PostgreSQL, FerretDB,
// a private RabbitMQ node) share. Depends on nothing of ours, so every one of them can use it.
import net from 'node:net';

/** Resolves once something accepts connections on host:port; rejects after timeoutMs. */
export function waitForPort(port: number, host = '127.0.0.1', timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = (): void => {
      const socket = net.connect(port, host);
      socket.once('connect', () => {
        socket.end();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`Nothing answered on ${host}:${port} within ${timeoutMs} ms`));
        else setTimeout(attempt, 100);
      });
    };
    attempt();
  });
}

/** Whether something accepts connections on host:port right now. */
export function isPortOpen(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, host);
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Whether a host name is this machine's loopback (where we may start a missing server ourselves). */
export function isLocalHost(host: string): boolean {
  return ['127.0.0.1', 'localhost', '::1'].includes(host);
}

/** The host and port of a server's URL, with the protocol's usual port when the URL names none. */
export function hostPort(url: string, fallbackPort: number): { host: string; port: number } {
  const parsed = new URL(url);
  return { host: parsed.hostname || '127.0.0.1', port: Number(parsed.port) || fallbackPort };
}
