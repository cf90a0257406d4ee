import fs from 'node:fs';
import path from 'node:path';
import { errorReports, parseEnvelope } from './envelope';
import { envelopeForwarder, parseDsn, parseStackFrames, readdressed, serverErrorEnvelope, serverErrorReporter, type ServerErrorContext } from './server';
import { startEnvelopeProject, type EnvelopeProject } from './server-testing';

const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';
const DSN = parseDsn('https://0123abcd@glitchtip.example.org/3');
const CONTEXT: ServerErrorContext = { service: 'svc-scoring', release: '@study/svc-scoring@0.4.0', route: '/api/user/survey/final/:pgId', method: 'GET' };

/** An error thrown `depth` calls deep, its whole stack kept, naming a study ID. */
function deepError(depth: number): Error {
  const fail = (): never => {
    throw new TypeError(`participant ${PG_ID} has no score`);
  };
  const dive = (n: number): never => (n === 0 ? fail() : dive(n - 1));
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = Infinity;
  try {
    dive(depth);
  } catch (error) {
    return error as Error;
  } finally {
    Error.stackTraceLimit = limit;
  }
  throw new Error('unreachable');
}

type JsonObject = Record<string, unknown>;

function eventOf(body: Buffer): { header: JsonObject; itemHeader: JsonObject | undefined; event: JsonObject } {
  const envelope = parseEnvelope(body);
  return { header: envelope.header, itemHeader: envelope.items[0]?.header, event: envelope.items[0]?.payload as JsonObject };
}

describe('parseDsn', () => {
  it('finds the project envelope endpoint of a DSN, under a path too', () => {
    expect(parseDsn('https://0123abcd@glitchtip.example.org/3').envelopeUrl).toBe('https://glitchtip.example.org/api/3/envelope/?sentry_key=0123abcd&sentry_version=7');
    expect(parseDsn('http://key@127.0.0.1:9000/sentry/42').envelopeUrl).toBe('http://127.0.0.1:9000/sentry/api/42/envelope/?sentry_key=key&sentry_version=7');
  });

  it.each(['glitchtip.example.org/3', 'https://glitchtip.example.org/3', 'https://key@glitchtip.example.org/project', 'ftp://key@host/1'])('refuses %s', (text) => {
    expect(() => parseDsn(text)).toThrow('DSN must look like');
  });
});

describe('envelopeForwarder', () => {
  let project: EnvelopeProject;
  beforeAll(async () => {
    project = await startEnvelopeProject();
  });
  afterAll(async () => {
    await project?.close();
  });

  it("passes the envelope on with the project's DSN in its header and the rest unchanged", async () => {
    const dsn = parseDsn(project.dsn);
    const rest = `${JSON.stringify({ type: 'event' })}\n${JSON.stringify({ message: 'x' })}`;
    const body = Buffer.from(`${JSON.stringify({ event_id: 'e', dsn: 'http://study@page/1' })}\n${rest}`);
    await envelopeForwarder(dsn)(body);
    expect(project.received).toHaveLength(1);
    const [sent] = project.received;
    expect(sent?.url).toBe('/api/7/envelope/?sentry_key=testkey&sentry_version=7');
    expect(sent?.contentType).toBe('application/x-sentry-envelope');
    expect(sent?.body.toString('utf8')).toBe(readdressed(body, dsn).toString('utf8'));
    expect(sent?.body.toString('utf8')).toBe(`${JSON.stringify({ event_id: 'e', dsn: dsn.text })}\n${rest}`);
  });
});

describe('serverErrorEnvelope', () => {
  it('is a Sentry event envelope: header line with event id, sent_at and DSN, an event item, the event', () => {
    const now = new Date('2026-11-27T10:00:00.000Z');
    const body = serverErrorEnvelope(new Error('boom'), CONTEXT, DSN, { now });
    const { header, itemHeader, event } = eventOf(body);
    expect(header).toEqual({ event_id: event.event_id, sent_at: '2026-11-27T10:00:00.000Z', dsn: DSN.text });
    expect(itemHeader).toEqual({ type: 'event' });
    expect(event.event_id).toMatch(/^[0-9a-f]{32}$/);
    expect(event).toMatchObject({
      timestamp: now.getTime() / 1000,
      platform: 'node',
      level: 'error',
      logger: 'svc-scoring',
      release: '@study/svc-scoring@0.4.0',
      tags: { service: 'svc-scoring', route: '/api/user/survey/final/:pgId' },
      request: { method: 'GET', url: '/api/user/survey/final/:pgId' },
    });
    // Privacy: no host name, no environment unless one is given, nothing of the request but its method and template.
    expect(event).not.toHaveProperty('server_name');
    expect(event).not.toHaveProperty('environment');
    expect(Object.keys(event.request as JsonObject).sort()).toEqual(['method', 'url']);
  });

  it('names the environment when one is given, and each envelope has an event id of its own', () => {
    const first = eventOf(serverErrorEnvelope(new Error('boom'), { ...CONTEXT, environment: 'staging' }, DSN)).event;
    const second = eventOf(serverErrorEnvelope(new Error('boom'), CONTEXT, DSN)).event;
    expect(first.environment).toBe('staging');
    expect(first.event_id).not.toBe(second.event_id);
  });

  it('holds the exception with at most 20 frames, outermost first, and no study ID anywhere', () => {
    const body = serverErrorEnvelope(deepError(40), CONTEXT, DSN);
    expect(body.toString('utf8')).not.toContain(PG_ID);
    const { event } = eventOf(body);
    const [exception] = (event.exception as { values: JsonObject[] }).values;
    expect(exception).toMatchObject({ type: 'TypeError', value: 'participant :id has no score' });
    const frames = (exception?.stacktrace as { frames: JsonObject[] }).frames;
    expect(frames).toHaveLength(20);
    // Sentry reads the last frame as the one that threw.
    expect(frames[19]).toMatchObject({ function: 'fail', filename: __filename, in_app: true });
    expect(frames[19]?.lineno).toEqual(expect.any(Number));
    expect(frames[19]?.colno).toEqual(expect.any(Number));
    expect(frames[0]?.function).toBe('dive');
  });

  it("is an envelope the gateway's own reader accepts and sums up as a server's report would be logged", () => {
    const [summary, ...others] = errorReports(parseEnvelope(serverErrorEnvelope(deepError(40), CONTEXT, DSN)));
    expect(others).toEqual([]);
    expect(summary).toMatchObject({ route: '/api/user/survey/final/:pgId', release: '@study/svc-scoring@0.4.0', level: 'error', message: 'TypeError: participant :id has no score' });
    expect(summary?.eventId).toMatch(/^[0-9a-f]{32}$/);
    expect(summary?.stack).toHaveLength(20);
    expect(summary?.stack[0]).toMatch(/^fail \(.*server\.test\.ts:\d+:\d+\)$/);
  });

  it('sends what is not an Error as its text, without a stack', () => {
    const { event } = eventOf(serverErrorEnvelope(`lost ${PG_ID}`, CONTEXT, DSN));
    expect((event.exception as { values: JsonObject[] }).values).toEqual([{ type: 'string', value: 'lost :id' }]);
  });
});

describe('parseStackFrames', () => {
  it('reads named and anonymous V8 frames, marking node internals and installed packages as not the study’s code', () => {
    const stack = [
      'Error: x',
      `    at load (/app/svc-scoring/dist/main.js:10:5)`,
      `    at /app/node_modules/express/lib/router.js:3:${PG_ID.length}`,
      '    at process.processTicksAndRejections (node:internal/process/task_queues:105:5)',
      `    at save (/tmp/${PG_ID}/x.js:1:2)`,
      '    at async Promise.all (index 0)',
    ].join('\n');
    expect(parseStackFrames(stack)).toEqual([
      { function: 'load', filename: '/app/svc-scoring/dist/main.js', lineno: 10, colno: 5, in_app: true },
      { filename: '/app/node_modules/express/lib/router.js', lineno: 3, colno: 36, in_app: false },
      { function: 'process.processTicksAndRejections', filename: 'node:internal/process/task_queues', lineno: 105, colno: 5, in_app: false },
      { function: 'save', filename: '/tmp/:id/x.js', lineno: 1, colno: 2, in_app: true },
      { function: 'async Promise.all (index 0)', in_app: false },
    ]);
  });
});

describe('serverErrorReporter', () => {
  const warnings = () => {
    const lines: { fields: object; message: string }[] = [];
    return { lines, log: { warn: (fields: object, message: string) => lines.push({ fields, message }) } };
  };

  it('sends at most maxConcurrent at once; one more while they are in flight is a warn line, not a send', async () => {
    const pending: (() => void)[] = [];
    const fetchImpl = (() => new Promise<Response>((resolve) => pending.push(() => resolve(new Response('{}', { status: 200 }))))) as typeof fetch;
    const { lines, log } = warnings();
    const report = serverErrorReporter(DSN, { service: 'svc-scoring', release: 'r', maxConcurrent: 2, fetchImpl });
    for (let i = 0; i < 3; i += 1) report(new Error('boom'), { route: '/api/x', method: 'GET' }, log);
    expect(pending).toHaveLength(2);
    expect(lines.map((line) => line.message)).toEqual(['server error not sent to the error-reporting project: too many sends in flight']);
    for (const resolve of pending.splice(0)) resolve();
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    // Room again once the sends are done.
    report(new Error('boom'), { route: '/api/x', method: 'GET' }, log);
    expect(pending).toHaveLength(1);
  });

  it('never throws: a project that refuses or cannot be reached is a warn line', async () => {
    const project = await startEnvelopeProject();
    project.status = 503;
    const { lines, log } = warnings();
    try {
      serverErrorReporter(parseDsn(project.dsn), { service: 'gateway', release: 'r' })(new Error('boom'), { route: '/x', method: 'GET' }, log);
      await waitUntil(() => lines.length > 0);
      expect(lines[0]?.message).toBe('server error not sent to the error-reporting project');
      expect(String((lines[0]?.fields as { err: Error }).err.message)).toContain('503');
      expect(project.received).toHaveLength(1);
    } finally {
      await project.close();
    }
  });
});

async function waitUntil(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
}

test('no frontend imports the server-only entries (node code stays out of the browser bundle)', () => {
  const root = path.resolve(__dirname, '../../..');
  const folders = fs.readdirSync(root).filter((name) => name === 'shell' || name.startsWith('mf-'));
  const offenders: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.[cm]?[jt]sx?$/.test(entry.name) && /@study\/error-reporting\/server/.test(fs.readFileSync(full, 'utf8'))) offenders.push(path.relative(root, full));
    }
  };
  for (const folder of folders) if (fs.existsSync(path.join(root, folder, 'src'))) walk(path.join(root, folder, 'src'));
  expect(folders).toContain('shell');
  expect(offenders).toEqual([]);
  // The browser's own entry reaches no server code either.
  expect(fs.readFileSync(path.join(__dirname, 'index.ts'), 'utf8')).not.toMatch(/from '\.\/server/);
});
