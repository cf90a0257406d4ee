import net from 'node:net';

/**
 * A TCP proxy for tests: sits between a client and a server so a test can cut every
 * connection mid-stream, refuse new ones, or hold back what the server sends (e.g. confirms)
 * without touching the shared server.
 */
export class TcpProxy {
  private readonly pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  private refusing = false;
  private downstreamPaused = false;
  private readonly held: { client: net.Socket; chunk: Buffer }[] = [];

  private constructor(
    private readonly server: net.Server,
    readonly port: number,
  ) {}

  static async start(targetHost: string, targetPort: number): Promise<TcpProxy> {
    const server = net.createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const proxy = new TcpProxy(server, (server.address() as net.AddressInfo).port);
    server.on('connection', (client) => proxy.accept(client, targetHost, targetPort));
    return proxy;
  }

  /** The same URL with host and port pointing at this proxy. */
  urlFor(url: string): string {
    const u = new URL(url);
    u.hostname = '127.0.0.1';
    u.port = String(this.port);
    return u.toString();
  }

  get connectionCount(): number {
    return this.pairs.size;
  }

  /** Destroys every proxied connection at once, like a network failure. */
  dropAll(): void {
    for (const { client, upstream } of this.pairs) {
      client.destroy();
      upstream.destroy();
    }
    this.pairs.clear();
    this.held.length = 0;
  }

  /** New connections are closed straight away until accept() (the server looks down). */
  refuse(): void {
    this.refusing = true;
  }

  acceptAgain(): void {
    this.refusing = false;
  }

  /** Holds back everything the server sends until resumeDownstream(). */
  pauseDownstream(): void {
    this.downstreamPaused = true;
  }

  resumeDownstream(): void {
    this.downstreamPaused = false;
    for (const { client, chunk } of this.held.splice(0)) if (!client.destroyed) client.write(chunk);
  }

  async close(): Promise<void> {
    this.dropAll();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: net.Socket, host: string, port: number): void {
    if (this.refusing) {
      client.destroy();
      return;
    }
    const upstream = net.connect(port, host);
    const pair = { client, upstream };
    this.pairs.add(pair);
    const end = () => {
      client.destroy();
      upstream.destroy();
      this.pairs.delete(pair);
    };
    client.on('data', (chunk: Buffer) => upstream.write(chunk));
    upstream.on('data', (chunk: Buffer) => {
      if (this.downstreamPaused) this.held.push({ client, chunk });
      else client.write(chunk);
    });
    client.on('error', end);
    upstream.on('error', end);
    client.on('close', end);
    upstream.on('close', end);
  }
}
