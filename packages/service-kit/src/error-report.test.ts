import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cutStack, packageRelease, serverErrorFields, STACK_FRAME_LIMIT } from './error-report';

/** An error thrown `depth` calls deep, so its stack has more frames than a line keeps. */
function deepError(depth: number, message: string): Error {
  const dive = (n: number): Error => (n === 0 ? new Error(message) : dive(n - 1));
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = Infinity;
  try {
    return dive(depth);
  } finally {
    Error.stackTraceLimit = limit;
  }
}

const framesIn = (stack: string): number => stack.split('\n').filter((line) => /^\s+at /.test(line)).length;

describe('cutStack', () => {
  it('keeps the message lines and the first 20 frames, and says how many it left out', () => {
    const stack = ['Error: two', 'lines', ...Array.from({ length: 25 }, (_, i) => `    at f${i} (/app/x.js:${i}:1)`)].join('\n');
    const cut = cutStack(stack).split('\n');
    expect(cut.slice(0, 3)).toEqual(['Error: two', 'lines', '    at f0 (/app/x.js:0:1)']);
    expect(framesIn(cut.join('\n'))).toBe(STACK_FRAME_LIMIT);
    expect(cut.at(-2)).toBe('    at f19 (/app/x.js:19:1)');
    expect(cut.at(-1)).toBe('    ... 5 more frames');
    expect(cutStack('Error: no frames')).toBe('Error: no frames');
  });
});

describe('serverErrorFields', () => {
  it("reads like a browser's error report: route, release, kind, message and at most 20 frames, innermost first", () => {
    const error = deepError(40, 'participant 3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b has no score');
    expect(framesIn(error.stack ?? '')).toBeGreaterThan(STACK_FRAME_LIMIT);
    const fields = serverErrorFields(error, { route: '/api/user/survey/final', release: '@study/svc-scoring@0.4.0' });
    expect(fields.errorReport).toMatchObject({ source: 'server', route: '/api/user/survey/final', release: '@study/svc-scoring@0.4.0', kind: 'unhandled', message: 'participant :id has no score' });
    expect(fields.errorReport.stack).toHaveLength(STACK_FRAME_LIMIT);
    expect(fields.errorReport.stack[0]).toMatch(/^dive \(.*error-report\.test\.ts:\d+:\d+\)$/);
    const err = fields.err as Error;
    expect(err).toBeInstanceOf(Error);
    expect(err.message).toBe('participant :id has no score');
    expect(framesIn(err.stack ?? '')).toBe(STACK_FRAME_LIMIT);
    expect(err.stack).toMatch(/^Error: participant :id has no score\n/);
    expect(err.stack).toMatch(/\.\.\. \d+ more frames$/);
    // The thrown error itself is left as it was.
    expect(framesIn(error.stack ?? '')).toBeGreaterThan(STACK_FRAME_LIMIT);
  });

  it('takes a thrown value that is not an Error, and keeps an error\'s class, code and cause', () => {
    expect(serverErrorFields('boom', { route: 'unmatched', release: 'r' })).toEqual({
      errorReport: { source: 'server', route: 'unmatched', release: 'r', kind: 'unhandled', message: 'boom', stack: [] },
      err: 'boom',
    });
    const cause = new Error('socket closed');
    const coded = Object.assign(new TypeError('bad', { cause }), { code: 'ERR_BAD' });
    const err = serverErrorFields(coded, { route: '/x', release: 'r' }).err as TypeError & { code: string };
    expect([err instanceof TypeError, err.message, err.code, err.cause]).toEqual([true, 'bad', 'ERR_BAD', cause]);
  });
});

describe('packageRelease', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'package-release-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const write = (file: string, json: unknown) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), JSON.stringify(json));
  };
  write('package.json', { name: 'personality-genetics-study', version: '1.0.0' });
  write('svc-scoring/package.json', { name: '@study/svc-scoring', version: '0.4.0' });
  write('svc-scoring/dist/main.js', '');
  write('image/app/gateway/package.json', { name: '@study/gateway', version: '0.9.1' });
  write('image/app/gateway/dist/main.js', '');

  it("names the part's package and version: above its entry script, or in <folder>/<part> from the working directory up", () => {
    expect(packageRelease('gateway', [path.join(root, 'image/app/gateway/dist'), '/'])).toBe('@study/gateway@0.9.1');
    expect(packageRelease('svc-scoring', [path.join(root, 'nowhere'), root])).toBe('@study/svc-scoring@0.4.0');
    expect(packageRelease('svc-scoring', [path.join(root, 'svc-scoring/dist')])).toBe('@study/svc-scoring@0.4.0');
    expect(packageRelease('svc-reports', [root])).toBe('@study/svc-reports@unknown');
  });
});
