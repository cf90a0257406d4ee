import { alone, idle, missed20, page, results } from './figures.fixture';
import type { PipelineRun } from './pipeline';
import type { BenchResults } from './results';
import { printSummary, summaryRows } from './summary';

function printed(figures: BenchResults): string[] {
  const lines: string[] = [];
  printSummary(figures, (line) => lines.push(line));
  return lines;
}

describe('printSummary', () => {
  it('prints every figure measured with its target and whether it was met', () => {
    expect(printed(results)).toEqual([
      '',
      'Summary',
      'figure                                                                          measured              target      ',
      '------------------------------------------------------------  --------------------------  ------------------  ----',
      'pipeline 1/s: final type visible p50                                              120 ms           <= 150 ms    ok',
      'pipeline 1/s: PDF ready p50                                                       450 ms                          ',
      'pipeline 1/s: save p50                                                           20.5 ms                          ',
      'CPU per completion, whole stack (1/s)                                            35.8 ms            <= 60 ms    ok',
      'database commands per completion (1/s)                                              12.3               <= 15    ok',
      'CPU per whole journey, whole stack                                                186 ms           <= 200 ms    ok',
      'pipeline 20/s: PDF ready p95                                                     2500 ms              <= 2 s  MISS',
      'pipeline 20/s: final type visible p95                                            1500 ms                          ',
      'pipeline 20/s: save p95                                                           300 ms                          ',
      'pipeline 20/s: 5xx answers                                                             2                   0  MISS',
      'pipeline 20/s: 409 answers                                                             3                   0  MISS',
      'pipeline 20/s: unfinished completions                                                  4                   0  MISS',
      'highest rate held (swept 5, 20, 30/s)                                                5/s             >= 20/s  MISS',
      'idle CPU, stack, 0 participants                                                    1.63%      < 3% of a core    ok',
      'idle CPU, stack, 6000 participants                                                 2.50%     < 3%, same as 0  MISS',
      'POST /api/user req/s: gateway / direct / nginx                      9876 / 10500 / 10100                          ',
      'POST /api/user gateway req/s vs direct                                             0.94x             >= 0.9x    ok',
      'POST /api/user unloaded p50 via gateway                                           1.2 ms              < 5 ms    ok',
      'POST /api/user database CPU per call (FerretDB + PostgreSQL)                     0.42 ms           <= 0.5 ms    ok',
      'POST /api/user p99 @64: gateway / direct / nginx              123 ms / 100.0 ms / 101 ms                          ',
      'stored PDF read p50                                                               2.3 ms              < 5 ms    ok',
      'MBTI upload, 6000 rows                                                            1.50 s               < 2 s    ok',
      'MBTI upload again                                                                 2.50 s              <= 2 s  MISS',
      'statistics CSV                                                         failed after 30 s               < 1 s  MISS',
      'roster CSV                                                                        0.25 s               < 1 s    ok',
      'enrollment figures                                                                0.00 s              <= 1 s    ok',
      'analysis export CSV                                                               failed              <= 1 s  MISS',
      'audit trail, first page                                                           0.04 s                          ',
      'static index.html req/s: gateway / nginx                                   20000 / 50000                          ',
      'static largest JS req/s: gateway / nginx                                        3000 / -                          ',
      'PDF render p50 / p95 (1000)                                            35.5 ms / 60.3 ms                          ',
      'PDF render RSS over 1000 renders after a warm-up of 200                    180 -> 185 MB     flat (< +10 MB)    ok',
      'landing page JS on the wire                                                     156.3 KB            < 170 KB    ok',
      'LCP at 4x CPU, worst page (/consent)                                             2600 ms  < 2.5 s every page  MISS',
    ]);
  });

  it('prints nothing when nothing was measured', () => {
    expect(printed({ storedCount: 6000, quick: false })).toEqual([]);
  });
});

describe('summaryRows', () => {
  const rowOf = (rows: string[][], figure: string) => rows.find((row) => row[0]?.startsWith(figure));

  it('names the highest swept rate that held, the 20/s target met from it', () => {
    const held20: PipelineRun = { ...missed20, pdf: { ...missed20.pdf, p95: 1800 }, errors5xx: 0, unfinished: 0 };
    const rows = summaryRows({ storedCount: 10, quick: false, pipeline: [alone, held20] });
    expect(rowOf(rows, 'highest rate held')).toEqual(['highest rate held (swept 20/s)', '20/s', '>= 20/s', 'ok']);
    expect(rowOf(rows, 'pipeline 20/s: PDF ready p95')).toEqual(['pipeline 20/s: PDF ready p95', '1800 ms', '<= 2 s', 'ok']);
  });

  it('has no sweep row when only the 1/s run was made, and no journey row without its CPU', () => {
    const rows = summaryRows({ storedCount: 10, quick: false, pipeline: [alone] });
    expect(rowOf(rows, 'highest rate held')).toBeUndefined();
    expect(rowOf(rows, 'CPU per whole journey')).toBeUndefined();
  });

  it('takes idle CPU with participants as met when it is under 3% and within 0.5 of the empty stack', () => {
    const close = { seconds: 20, percent: { total: 2 } };
    expect(rowOf(summaryRows({ storedCount: 10, quick: false, idle: { none: idle.none, stored: close } }), 'idle CPU, stack, 10')?.[3]).toBe('ok');
    expect(rowOf(summaryRows({ storedCount: 10, quick: false, idle: { stored: close } }), 'idle CPU, stack, 10')?.[3]).toBe('ok');
  });

  it('misses the LCP target when Chromium reported no LCP for a page', () => {
    const rows = summaryRows({ storedCount: 10, quick: false, pages: { 4: { '/': page('/', 1, 1, 1, 2000), '/x': page('/x', 1, 1, 1, null) } } });
    expect(rows).toEqual([['LCP at 4x CPU, worst page (/x)', '-', '< 2.5 s every page', 'MISS']]);
  });

  it('meets the LCP target when every page painted within 2.5 s', () => {
    const rows = summaryRows({ storedCount: 10, quick: false, pages: { 4: { '/': page('/', 1, 1, 1, 2000), '/x': page('/x', 1, 1, 1, 2400) } } });
    expect(rows).toEqual([['LCP at 4x CPU, worst page (/x)', '2400 ms', '< 2.5 s every page', 'ok']]);
  });
});
