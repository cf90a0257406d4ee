// Each figure printed as a table as soon as it is measured, in the shapes the modules that
// measure them answer (results.ts gathers them).
import type { AdminResult } from './admin';
import type { PdfReadFigure, PipelineRun, PipelineStep } from './pipeline';
import type { RenderFigure } from './render';
import type { BenchResults } from './results';
import type { StaticFigures } from './static';
import { kb, mb, ms, pct, table, us, type Cell, type Print, type Summary } from './stats';

/** Figure 1 by way in (nginx only when it runs). */
export type ProxyFigures = NonNullable<BenchResults['proxy']>;

/** Figure 5: idle with no participants and with the stored ones. */
export type IdleFigures = NonNullable<BenchResults['idle']>;

/** Figure 7: by CPU slowdown, then by page path. */
export type PagesFigures = NonNullable<BenchResults['pages']>;

const PROCS = ['gateway', 'svc-participants', 'nginx', 'ferretdb', 'postgres (backends)'];

function cpuCells(cpu: Record<string, number | undefined> | undefined): string[] {
  return PROCS.map((name) => us(cpu?.[name]));
}

export function printProxy(proxy: ProxyFigures, print: Print): void {
  print('');
  print('1. POST /api/user {pgId} (stored participants), wrk 64 connections; unloaded = 1 connection; CPU per request');
  const rows: Cell[][] = [['path', 'req/s', 'p50', 'p99', 'unloaded p50', 'non-2xx', ...PROCS.map((p) => `CPU ${p}`)]];
  for (const [name, r] of Object.entries(proxy)) {
    if (!r) continue;
    rows.push([name, r.loaded.rps.toFixed(0), ms(r.loaded.p50), ms(r.loaded.p99), ms(r.unloaded.p50), String(r.loaded.non2xx + r.unloaded.non2xx), ...cpuCells(r.loaded.cpuUsPerRequest)]);
  }
  table(rows, print);
}

export function printStatic(st: StaticFigures, print: Print): void {
  print('');
  print(`2. Static files, wrk 64 connections, Accept-Encoding gzip/br (nginx: ${st.precompressed.length ? `precompressed ${st.precompressed.join(', ')}` : 'plain files, none precompressed'})`);
  const rows: Cell[][] = [['file', 'server', 'req/s', 'p50', 'p99', 'bytes/answer', 'CPU/request']];
  for (const file of st.files) {
    for (const server of ['gateway', 'nginx']) {
      const r = st.results[`${file.name}|${server}`];
      if (!r) continue;
      const cpu = Object.values(r.cpuUsPerRequest)[0];
      rows.push([file.name, server, r.rps.toFixed(0), ms(r.p50), ms(r.p99), r.bytesPerRequest === undefined ? '-' : kb(r.bytesPerRequest), us(cpu)]);
    }
  }
  table(rows, print);
}

const PIPELINE_MEASURES: readonly (readonly [label: string, step: PipelineStep])[] = [
  ['save', 'save'],
  ['POST /api/user/survey/final', 'final'],
  ['final type visible', 'type'],
  ['PDF ready', 'pdf'],
];

export function printPipeline(runs: readonly PipelineRun[], print: Print): void {
  print('');
  print('3. Results pipeline: last save (self-assessment) at a steady rate, then POST /api/user/survey/final as the dashboard does; times from sending the save; 5xx/409 counted per call');
  const rows: Cell[][] = [['rate', 'completions', 'measure', 'p50', 'p95', 'max', '5xx', '409', 'unfinished']];
  for (const run of runs) {
    for (const [label, key] of PIPELINE_MEASURES) {
      // POST /api/user/survey/final is counted, not timed on its own: its time is within "final type visible".
      const s: Partial<Summary> = key === 'final' ? {} : run[key];
      const c = run.counts[key];
      rows.push([`${run.rate}/s for ${(run.completions / run.rate).toFixed(0)} s`, String(run.completions), label, ms(s.p50), ms(s.p95), ms(s.max), String(c['5xx']), String(c[409]), key === 'pdf' ? String(run.unfinished) : '']);
    }
  }
  table(rows, print);
}

/** Per run: CPU per completion of each process and the database commands per completion (the most sent first). */
export function printPipelineCost(runs: readonly PipelineRun[], print: Print): void {
  const costed = runs.flatMap((run) => (run.cost ? [{ rate: run.rate, cost: run.cost }] : []));
  if (costed.length === 0) return;
  print('');
  print('3b. Cost per completion, from the first save until the stack settled, above its idle baseline: CPU ms per process, database commands (counted by the database)');
  const names = [...new Set(costed.flatMap((run) => Object.keys(run.cost.cpuMsPerCompletion)))].filter((n) => n !== 'total');
  const rows: Cell[][] = [['rate', ...names.map((n) => `CPU ${n}`), 'CPU stack', 'DB commands', 'most sent']];
  for (const { rate, cost: c } of costed) {
    const top = Object.entries(c.commandsByName ?? {})
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([name, n]) => `${name} ${n.toFixed(1)}`)
      .join(', ');
    rows.push([`${rate}/s`, ...names.map((n) => c.cpuMsPerCompletion[n]?.toFixed(1) ?? '-'), c.cpuMsPerCompletion.total.toFixed(1), c.commandsPerCompletion === undefined ? '-' : c.commandsPerCompletion.toFixed(1), top || '-']);
  }
  table(rows, print);
}

export function printPdfRead(r: PdfReadFigure, print: Print): void {
  print('');
  print(`4. Stored PDF read, ${r.count} sequential GET /api/user/report/{pgId} (${kb(r.bytes)})`);
  table([['p50', 'p99', 'max'], [ms(r.p50), ms(r.p99), ms(r.max)]], print);
}

export function printIdle(idle: IdleFigures, storedCount: number, print: Print): void {
  print('');
  print('5. Idle CPU, % of one core');
  const names = [...new Set([...Object.keys(idle.none?.percent ?? {}), ...Object.keys(idle.stored?.percent ?? {})])].filter((n) => n !== 'total');
  const rows: Cell[][] = [['process', ...(idle.none ? [`0 participants (${idle.none.seconds.toFixed(0)} s)`] : []), ...(idle.stored ? [`${storedCount} participants (${idle.stored.seconds.toFixed(0)} s)`] : [])]];
  for (const name of [...names, 'total']) rows.push([name === 'total' ? 'stack total' : name, ...(idle.none ? [pct(idle.none.percent[name])] : []), ...(idle.stored ? [pct(idle.stored.percent[name])] : [])]);
  table(rows, print);
}

export function printRender(r: RenderFigure, print: Print): void {
  print('');
  print(`6. Final report PDF render in-process (svc-reports renderer), ${r.renders} renders, ${kb(r.bytes)} each; memory after the first render, after a warm-up of 200, and after the ${r.renders}`);
  table(
    [
      ['p50', 'p95', 'max', 'RSS first', 'RSS before', 'RSS after', 'heap before', 'heap after'],
      [ms(r.p50), ms(r.p95), ms(r.max), r.first ? mb(r.first.rss) : '-', mb(r.before.rss), mb(r.after.rss), mb(r.before.heapUsed), mb(r.after.heapUsed)],
    ],
    print,
  );
}

export function printPages(pages: PagesFigures, print: Print): void {
  print('');
  print('7. Pages in Chromium, cold cache: JavaScript bytes (wire = encoded, with headers; raw = decoded), LCP (median of the runs; - = Chromium reported none) and what it was');
  const slowdowns = Object.keys(pages).map(Number);
  const rows: Cell[][] = [['page', 'JS wire', 'JS raw', 'scripts', ...slowdowns.map((s) => `LCP ${s}x CPU`), 'largest contentful paint']];
  // The pages and their bytes are the first slowdown's; each slowdown adds its LCP.
  const firstSlowdown = slowdowns[0] === undefined ? undefined : pages[slowdowns[0]];
  for (const [p, first] of Object.entries(firstSlowdown ?? {})) {
    rows.push([p, kb(first.jsBytesWire), kb(first.jsBytesRaw), String(first.scripts ?? '-'), ...slowdowns.map((s) => ms(pages[s]?.[p]?.lcpMs)), String(first.lcpElement ?? '-').slice(0, 40)]);
  }
  table(rows, print);
}

export function printAdmin(results: readonly AdminResult[], print: Print): void {
  print('');
  print('8. Admin tools through the gateway');
  const rows: Cell[][] = [['what', 'rows', 'seconds', 'rows/s', 'bytes']];
  for (const r of results) rows.push([r.what, String(r.rows), r.error ? `failed after ${r.seconds.toFixed(1)}` : r.seconds.toFixed(2), r.error ? '-' : String(r.seconds > 0 ? Math.round(r.rows / r.seconds) : 0), r.bytes === undefined ? '-' : String(r.bytes)]);
  table(rows, print);
}
