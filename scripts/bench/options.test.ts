import { completionsAt, failedBelow, FIGURES, parseArgs, PIPELINE_RATES, ratesFor } from './options';

describe('parseArgs', () => {
  it('runs every figure at full length by default', () => {
    const o = parseArgs([]);
    expect([...o.selected]).toEqual([...FIGURES]);
    expect(o).toMatchObject({ quick: false, wrkSeconds: 10, unloadedSeconds: 5, idleSeconds: 20, pipelineSeconds: 60, pdfReads: 200, renders: 1000, prepareBudgetS: 300, pageRuns: 3, rates: undefined });
  });

  it('takes the pipeline rates with --rates, in order and once each', () => {
    expect(parseArgs(['--rates=5, 1,5']).rates).toEqual([1, 5]);
  });

  it('refuses rates that are not whole numbers of at least 1', () => {
    expect(() => parseArgs(['--rates=1,0.5'])).toThrow('--rates takes whole numbers of last saves per second, e.g. --rates=1,5 (not 0.5)');
    expect(() => parseArgs(['--rates=0'])).toThrow('(not 0)');
    expect(() => parseArgs(['--rates='])).toThrow('(not nothing)');
  });

  it('takes a subset with --only, ignoring blanks and spaces', () => {
    expect([...parseArgs(['--only=render, idle,,']).selected]).toEqual(['render', 'idle']);
  });

  it('refuses a figure it does not know, naming it and the choices', () => {
    expect(() => parseArgs(['--only=render,pipelines'])).toThrow('unknown figure(s) pipelines; choose from idle, proxy, static, pipeline, pdfread, admin, pages, render');
  });

  it('shortens every duration with --quick', () => {
    expect(parseArgs(['--quick', '--only=pipeline'])).toMatchObject({ quick: true, wrkSeconds: 3, unloadedSeconds: 2, idleSeconds: 5, pipelineSeconds: 10, pdfReads: 50, renders: 100, prepareBudgetS: 120, pageRuns: 1 });
  });
});

describe('the pipeline plan', () => {
  it('makes pipelineSeconds completions at 1/s, rate x pipelineSeconds above', () => {
    expect(completionsAt(1, 60)).toBe(60);
    expect(completionsAt(20, 60)).toBe(1200);
    expect(completionsAt(5, 10)).toBe(50);
  });

  it('sweeps the rates for the pipeline figure, runs only 1/s for the stored PDF read', () => {
    expect(ratesFor(true)).toEqual(PIPELINE_RATES);
    expect(ratesFor(true, [1, 5])).toEqual([1, 5]);
    expect(ratesFor(false)).toEqual([1]);
    expect(ratesFor(false, [5])).toEqual([1]);
  });

  it('skips a rate above a swept rate that did not hold, but not the target rate nor over a 1/s run', () => {
    const runs = [
      { rate: 1, ok: false },
      { rate: 5, ok: true },
      { rate: 10, ok: false },
    ];
    const held = (run: { ok: boolean }) => run.ok;
    expect(failedBelow(10, runs.slice(0, 2), held)).toBeUndefined();
    expect(failedBelow(30, runs, held)).toEqual({ rate: 10, ok: false });
    expect(failedBelow(20, runs, held)).toBeUndefined();
    expect(failedBelow(5, runs.slice(0, 1), held)).toBeUndefined();
  });
});
