import net from 'node:net';
import { hostPort, isLocalHost, isPortOpen, waitForPort } from './ports';

describe('hostPort', () => {
  it('reads the host and port of a server URL', () => {
    expect(hostPort('amqp://guest:guest@broker.internal:5673', 5672)).toEqual({ host: 'broker.internal', port: 5673 });
  });

  it('falls back to the usual port when the URL names none', () => {
    expect(hostPort('redis://127.0.0.1', 6379)).toEqual({ host: '127.0.0.1', port: 6379 });
  });
});

describe('isLocalHost', () => {
  it.each([
    ['127.0.0.1', true],
    ['localhost', true],
    ['::1', true],
    ['db.internal', false],
    ['10.0.0.7', false],
  ])('%s: %p', (host, local) => {
    expect(isLocalHost(host)).toBe(local);
  });
});

describe('isPortOpen and waitForPort', () => {
  let server: net.Server;
  let port: number;

  beforeAll(async () => {
    server = net.createServer((socket) => socket.end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sees a listening port as open and resolves waitForPort', async () => {
    await expect(isPortOpen(port)).resolves.toBe(true);
    await expect(waitForPort(port)).resolves.toBeUndefined();
  });

  it('sees a closed port as closed and gives up waiting, naming the port', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(isPortOpen(closedPort)).resolves.toBe(false);
    await expect(waitForPort(closedPort, '127.0.0.1', 0)).rejects.toThrow(`Nothing answered on 127.0.0.1:${closedPort} within 0 ms`);
  });
});
