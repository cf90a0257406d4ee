// A stand-in for svc-participants' POST /api/user, for timing the gateway without a database:
// the same middleware a service runs (helmet, request id, one JSON log line per request, a
// strict JSON body parser) and an answer of the same shape and size. Run as its own process:
//   PORT=4199 KEEP_ALIVE_TIMEOUT_MS=65000 node scripts/run.mjs scripts/bench/upstream-stub.ts
// Prints `listening <port>` once it accepts connections.
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import express from 'express';
import helmet from 'helmet';

const port = Number(process.env.PORT ?? 0);
const keepAliveTimeoutMs = Number(process.env.KEEP_ALIVE_TIMEOUT_MS ?? 65_000);

const survey = (id) => ({ id, status: 'in-progress', index: 3, answers: [1, 2, 3] });

const app = express();
app.disable('x-powered-by');
app.use((req, res, next) => {
  const incoming = req.headers['x-request-id'];
  req.requestId = typeof incoming === 'string' && /^[A-Za-z0-9_-]{8,64}$/.test(incoming) ? incoming : randomUUID();
  res.setHeader('x-request-id', req.requestId);
  const started = process.hrtime.bigint();
  res.once('finish', () => {
    // What a service writes per request; discarded here so the terminal stays readable.
    JSON.stringify({ level: 'info', service: 'stub', requestId: req.requestId, method: req.method, status: res.statusCode, durationMs: Number(process.hrtime.bigint() - started) / 1e6 });
  });
  next();
});
app.use(helmet());
app.get('/healthz', (_req, res) => {
  res.json({ status: 'ok', service: 'stub' });
});
app.use(express.json({ limit: '100kb' }));
app.post('/api/user', (req, res) => {
  const pgId = typeof req.body?.pgId === 'string' ? req.body.pgId : 'unknown';
  res.json({
    access: { pgId, consent: true, dataReady: false, snpFileUploaded: true },
    selfAssessment: survey('selfAssessment'),
    nardi: survey('nardi'),
    mbti: survey('mbti'),
    typeFinder: survey('typeFinder'),
    finalScore: null,
    finalReport: null,
  });
});

const server = http.createServer(app);
server.keepAliveTimeout = keepAliveTimeoutMs;
server.headersTimeout = keepAliveTimeoutMs + 1000;
server.listen(port, '127.0.0.1', () => {
  process.stdout.write(`listening ${server.address().port}\n`);
});
const stop = () => {
  server.close();
  server.closeAllConnections();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
