import { baselineOf, costPerCompletion, countStatus, held, statusCounts, totalOf, type PipelineStep, type StatusCounts } from './pipeline';

const summary = (p95: number | undefined) => ({ count: p95 === undefined ? 0 : 1, p50: p95, p95, p99: p95, max: p95 });

describe('counting error answers', () => {
  it('counts 5xx, 409 and other 4xx apart, and nothing below 400', () => {
    const c = statusCounts();
    for (const status of [500, 503, 409, 404, 400, 200, 0]) countStatus(c, status);
    expect(c).toEqual({ '5xx': 2, 409: 1, other: 2 });
  });

  it('totals one kind over every step', () => {
    const counts: Record<PipelineStep, StatusCounts> = { save: { '5xx': 1, 409: 0, other: 2 }, final: { '5xx': 0, 409: 3, other: 0 }, type: statusCounts(), pdf: { '5xx': 4, 409: 1, other: 0 } };
    expect(totalOf(counts, '5xx')).toBe(5);
    expect(totalOf(counts, 409)).toBe(4);
    expect(totalOf(counts, 'other')).toBe(2);
  });
});

describe('held', () => {
  const run = { pdf: summary(2000), errors5xx: 0, unfinished: 0 };
  it('holds with the PDF ready within 2 s at p95, no 5xx and every completion finished', () => {
    expect(held(run)).toBe(true);
  });
  it('does not hold otherwise', () => {
    expect(held({ ...run, pdf: summary(2001) })).toBe(false);
    expect(held({ ...run, pdf: summary(undefined) })).toBe(false);
    expect(held({ ...run, errors5xx: 1 })).toBe(false);
    expect(held({ ...run, unfinished: 1 })).toBe(false);
  });
});

describe('cost per completion', () => {
  it('turns what the idle stack spent into rates per second', () => {
    expect(baselineOf(5000, { gateway: 10, ferretdb: 25 }, { total: 50, byCommand: { find: 50 } })).toEqual({ cpuMsPerS: { gateway: 2, ferretdb: 5 }, commandsPerS: 10 });
    expect(baselineOf(5000, {}, undefined)).toEqual({ cpuMsPerS: {}, commandsPerS: 0 });
  });

  it("shares out what a run spent above the idle baseline over its completions, never below zero", () => {
    const idle = { cpuMsPerS: { gateway: 2, ferretdb: 5 }, commandsPerS: 10 };
    // 10 s: the idle stack would have spent 20 ms in the gateway, 50 in FerretDB, 100 commands.
    const cost = costPerCompletion(idle, { wallMs: 10_000, cpuMs: { gateway: 220, ferretdb: 40, 'svc-reports': 100 }, sent: { total: 300, byCommand: { find: 200, insert: 100 } } }, 10);
    expect(cost).toEqual({
      cpuMsPerCompletion: { gateway: 20, ferretdb: 0, 'svc-reports': 10, total: 30 },
      commandsPerCompletion: 20,
      commandsByName: { find: 20, insert: 10 },
    });
  });

  it('leaves the database commands out when they were not counted', () => {
    const cost = costPerCompletion({ cpuMsPerS: {}, commandsPerS: 0 }, { wallMs: 1000, cpuMs: { gateway: 4 }, sent: undefined }, 2);
    expect(cost).toEqual({ cpuMsPerCompletion: { gateway: 2, total: 2 }, commandsPerCompletion: undefined, commandsByName: undefined });
  });
});
