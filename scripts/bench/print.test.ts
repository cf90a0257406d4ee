import { admin, idle, pages, pdfRead, pipeline, proxy, render, staticFigures } from './figures.fixture';
import { printAdmin, printIdle, printPages, printPdfRead, printPipeline, printPipelineCost, printProxy, printRender, printStatic } from './print';
import type { Print } from './stats';

/** The lines a print function printed. */
function printed(printFigure: (print: Print) => void): string[] {
  const lines: string[] = [];
  printFigure((line) => lines.push(line));
  return lines;
}

describe('the figures as they are printed', () => {
  it('1: each way in to POST /api/user, with the CPU per request of each process', () => {
    expect(printed((print) => printProxy(proxy, print))).toEqual([
      '',
      '1. POST /api/user {pgId} (stored participants), wrk 64 connections; unloaded = 1 connection; CPU per request',
      'path     req/s     p50       p99  unloaded p50  non-2xx  CPU gateway  CPU svc-participants  CPU nginx  CPU ferretdb  CPU postgres (backends)',
      '-------  -----  ------  --------  ------------  -------  -----------  --------------------  ---------  ------------  -----------------------',
      'gateway   9876  5.7 ms    123 ms        1.2 ms        2        45 µs                 81 µs          -        120 µs                   301 µs',
      'direct   10500  4.2 ms  100.0 ms        0.9 ms        1         0 µs                 75 µs          -        110 µs                        -',
      'nginx    10100  4.5 ms    101 ms        1.1 ms        0         0 µs                 77 µs      21 µs        112 µs                        -',
    ]);
  });

  it('2: each static file from each server that answered it', () => {
    expect(printed((print) => printStatic(staticFigures, print))).toEqual([
      '',
      '2. Static files, wrk 64 connections, Accept-Encoding gzip/br (nginx: precompressed .gz, .br)',
      'file                                        server  req/s      p50     p99  bytes/answer  CPU/request',
      '-----------------------------------------  -------  -----  -------  ------  ------------  -----------',
      'index.html                                 gateway  20000   2.5 ms  9.1 ms        0.5 KB        30 µs',
      'index.html                                   nginx  50000   1.1 ms  4.0 ms        0.6 KB         6 µs',
      'largest JS (/assets/index-abc.js, 150 KB)  gateway   3000  20.0 ms  150 ms             -       200 µs',
    ]);
    expect(printed((print) => printStatic({ ...staticFigures, precompressed: [] }, print))[1]).toBe(
      '2. Static files, wrk 64 connections, Accept-Encoding gzip/br (nginx: plain files, none precompressed)',
    );
  });

  it('3: each rate with its four measures; POST /api/user/survey/final is counted, not timed', () => {
    expect(printed((print) => printPipeline(pipeline, print))).toEqual([
      '',
      '3. Results pipeline: last save (self-assessment) at a steady rate, then POST /api/user/survey/final as the dashboard does; times from sending the save; 5xx/409 counted per call',
      'rate           completions                      measure      p50      p95      max  5xx  409  unfinished',
      '-------------  -----------  ---------------------------  -------  -------  -------  ---  ---  ----------',
      '1/s for 60 s            60                         save  20.5 ms  40.0 ms  60.0 ms    0    0            ',
      '1/s for 60 s            60  POST /api/user/survey/final        -        -        -    0    0            ',
      '1/s for 60 s            60           final type visible   120 ms   140 ms   160 ms    0    0            ',
      '1/s for 60 s            60                    PDF ready   450 ms   600 ms   800 ms    0    0           0',
      '5/s for 60 s           300                         save  30.0 ms  90.0 ms   200 ms    0    0            ',
      '5/s for 60 s           300  POST /api/user/survey/final        -        -        -    0    0            ',
      '5/s for 60 s           300           final type visible   200 ms   900 ms  1100 ms    0    0            ',
      '5/s for 60 s           300                    PDF ready   700 ms  1900 ms  2500 ms    0    0           0',
      '20/s for 60 s         1200                         save  40.0 ms   300 ms   900 ms    2    0            ',
      '20/s for 60 s         1200  POST /api/user/survey/final        -        -        -    0    3            ',
      '20/s for 60 s         1200           final type visible   500 ms  1500 ms  2000 ms    0    0            ',
      '20/s for 60 s         1200                    PDF ready  1500 ms  2500 ms  4000 ms    0    0           4',
      '30/s for 60 s         1800                         save        -        -        -    0    0            ',
      '30/s for 60 s         1800  POST /api/user/survey/final        -        -        -    0    0            ',
      '30/s for 60 s         1800           final type visible        -        -        -    0    0            ',
      '30/s for 60 s         1800                    PDF ready        -        -        -    0    0        1800',
    ]);
  });

  it('3b: the cost of the runs that measured it, every process seen in any run, the four commands most sent', () => {
    expect(printed((print) => printPipelineCost(pipeline, print))).toEqual([
      '',
      '3b. Cost per completion, from the first save until the stack settled, above its idle baseline: CPU ms per process, database commands (counted by the database)',
      'rate  CPU gateway  CPU svc-participants  CPU ferretdb  CPU postgres (backends)  CPU stack  DB commands                                        most sent',
      '----  -----------  --------------------  ------------  -----------------------  ---------  -----------  -----------------------------------------------',
      '1/s           3.2                  12.5          20.0                        -       35.8         12.3  find 5.5, update 3.3, aggregate 2.0, insert 1.0',
      '5/s           2.5                  10.0             -                      8.0       20.5            -                                                -',
    ]);
  });

  it('3b: nothing when no run measured its cost', () => {
    expect(printed((print) => printPipelineCost(pipeline.slice(2), print))).toEqual([]);
  });

  it('4: the stored PDF read', () => {
    expect(printed((print) => printPdfRead(pdfRead, print))).toEqual(['', '4. Stored PDF read, 200 sequential GET /api/user/report/{pgId} (53.0 KB)', 'p50        p99      max', '------  ------  -------', '2.3 ms  6.8 ms  12.3 ms']);
  });

  it('5: idle CPU of every process seen, the stack total last', () => {
    expect(printed((print) => printIdle(idle, 6000, print))).toEqual([
      '',
      '5. Idle CPU, % of one core',
      'process              0 participants (20 s)  6000 participants (20 s)',
      '-------------------  ---------------------  ------------------------',
      'gateway                              0.12%                     0.20%',
      'svc-participants                     0.50%                     0.70%',
      'ferretdb                             1.00%                     1.20%',
      'postgres (backends)                      -                     0.40%',
      'stack total                          1.63%                     2.50%',
    ]);
    expect(printed((print) => printIdle({ stored: idle.stored }, 6000, print)).slice(2, 4)).toEqual(['process              6000 participants (20 s)', '-------------------  ------------------------']);
  });

  it('6: the renders and the memory', () => {
    expect(printed((print) => printRender(render, print))).toEqual([
      '',
      '6. Final report PDF render in-process (svc-reports renderer), 1000 renders, 44.6 KB each; memory after the first render, after a warm-up of 200, and after the 1000',
      'p50          p95     max  RSS first  RSS before  RSS after  heap before  heap after',
      '-------  -------  ------  ---------  ----------  ---------  -----------  ----------',
      '35.5 ms  60.3 ms  150 ms   150.0 MB    180.4 MB   185.2 MB      50.5 MB     51.0 MB',
    ]);
  });

  it("7: each page's bytes, its LCP at each slowdown and what it was (cut to 40 characters)", () => {
    expect(printed((print) => printPages(pages, print))).toEqual([
      '',
      '7. Pages in Chromium, cold cache: JavaScript bytes (wire = encoded, with headers; raw = decoded), LCP (median of the runs; - = Chromium reported none) and what it was',
      'page       JS wire    JS raw  scripts  LCP 1x CPU  LCP 4x CPU                  largest contentful paint',
      '--------  --------  --------  -------  ----------  ----------  ----------------------------------------',
      '/         156.3 KB  488.3 KB       12      850 ms     2100 ms  H1 Reveal Yourself! and a very long elem',
      '/consent  175.8 KB  537.1 KB       14      900 ms     2600 ms                                         P',
    ]);
  });

  it('8: each admin tool, a failed one with how long it took to fail', () => {
    expect(printed((print) => printAdmin(admin, print))).toEqual([
      '',
      '8. Admin tools through the gateway',
      'what                        rows                seconds  rows/s   bytes',
      '--------------------------  ----  ---------------------  ------  ------',
      'MBTI upload (6000 rows)     6000                   1.50    4000  345678',
      'MBTI upload again           6000                   2.50    2400  345678',
      'statistics CSV FAILED          0      failed after 30.0       -       -',
      'roster CSV                  6000                   0.25   24000  120000',
      'enrollment figures          6000                   0.00       0       -',
      'analysis export CSV FAILED     0  failed after Infinity       -       -',
      'audit trail, first page       50                   0.04    1250       -',
    ]);
  });
});
