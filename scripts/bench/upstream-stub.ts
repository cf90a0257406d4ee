// A stand-in for svc-participants' POST /api/user, for timing the gateway without a database:
// the same middleware a service runs (helmet, request id, one JSON log line per request, a
// strict JSON body parser) and an answer of the same shape and size (upstream-stub-app.ts).
// Run as its own process:
//   PORT=4199 KEEP_ALIVE_TIMEOUT_MS=65000 node scripts/run.mjs scripts/bench/upstream-stub.ts
// Prints `listening <port>` once it accepts connections.
import http from 'node:http';
import { createUpstreamStub } from './upstream-stub-app';

const port = Number(process.env.PORT ?? 0);
const keepAliveTimeoutMs = Number(process.env.KEEP_ALIVE_TIMEOUT_MS ?? 65_000);

const server = http.createServer(createUpstreamStub());
server.keepAliveTimeout = keepAliveTimeoutMs;
server.headersTimeout = keepAliveTimeoutMs + 1000;
server.listen(port, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address !== null ? address.port : address}\n`);
});
const stop = (): void => {
  server.close();
  server.closeAllConnections();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
