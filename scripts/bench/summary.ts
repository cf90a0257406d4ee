// The figures with their targets (where the study sets one), printed as one compact table.
import type { AdminResult } from './admin';
import { held } from './pipeline';
import type { BenchResults } from './results';
import { kb, ms, pct, table, type Print } from './stats';

/** [figure, measured, target, verdict ('ok', 'MISS' or '' without a target)]. */
export type SummaryRow = [figure: string, measured: string, target: string, verdict: string];

const verdict = (ok: boolean | undefined): string => (ok === undefined ? '' : ok ? 'ok' : 'MISS');

/** An admin tool's time, or how long it took to fail. */
const sec = (a: AdminResult): string => (a.error ? (Number.isFinite(a.seconds) ? `failed after ${a.seconds.toFixed(0)} s` : 'failed') : `${a.seconds.toFixed(2)} s`);

/** Rows of [figure, measured, target, verdict] from whatever the run measured. */
export function summaryRows(r: BenchResults): SummaryRow[] {
  const rows: SummaryRow[] = [];
  const add = (figure: string, measured: string, target = '', ok: boolean | undefined = undefined): void => {
    rows.push([figure, measured, target, verdict(ok)]);
  };

  if (r.pipeline) {
    const alone = r.pipeline.find((p) => p.rate === 1);
    const busy = r.pipeline.find((p) => p.rate === 20);
    if (alone) {
      add('pipeline 1/s: final type visible p50', ms(alone.type.p50), '<= 150 ms', alone.type.p50 !== undefined && alone.type.p50 <= 150);
      add('pipeline 1/s: PDF ready p50', ms(alone.pdf.p50));
      add('pipeline 1/s: save p50', ms(alone.save.p50));
      const cpu = alone.cost?.cpuMsPerCompletion.total;
      if (cpu !== undefined) add('CPU per completion, whole stack (1/s)', `${cpu.toFixed(1)} ms`, '<= 60 ms', cpu <= 60);
      const commands = alone.cost?.commandsPerCompletion;
      if (commands !== undefined) add('database commands per completion (1/s)', commands.toFixed(1), '<= 15', commands <= 15);
      if (cpu !== undefined && r.journeyCpuMs !== undefined) add('CPU per whole journey, whole stack', `${(r.journeyCpuMs + cpu).toFixed(0)} ms`, '<= 200 ms', r.journeyCpuMs + cpu <= 200);
    }
    if (busy) {
      add('pipeline 20/s: PDF ready p95', ms(busy.pdf.p95), '<= 2 s', busy.pdf.p95 !== undefined && busy.pdf.p95 <= 2000 && busy.unfinished === 0);
      add('pipeline 20/s: final type visible p95', ms(busy.type.p95));
      add('pipeline 20/s: save p95', ms(busy.save.p95));
      add('pipeline 20/s: 5xx answers', String(busy.errors5xx), '0', busy.errors5xx === 0);
      add('pipeline 20/s: 409 answers', String(busy.conflicts409), '0', busy.conflicts409 === 0);
      add('pipeline 20/s: unfinished completions', String(busy.unfinished), '0', busy.unfinished === 0);
      const cpu = busy.cost?.cpuMsPerCompletion.total;
      if (cpu !== undefined) add('CPU per completion, whole stack (20/s)', `${cpu.toFixed(1)} ms`, '<= 60 ms', cpu <= 60);
    }
    const swept = r.pipeline.filter((p) => p.rate > 1);
    if (swept.length > 0) {
      const best = swept.filter(held).reduce((a, p) => Math.max(a, p.rate), 0);
      add(`highest rate held (swept ${swept.map((p) => p.rate).join(', ')}/s)`, best ? `${best}/s` : 'none', '>= 20/s', best >= 20);
    }
  }
  if (r.idle) {
    const none = r.idle.none?.percent.total;
    const full = r.idle.stored?.percent.total;
    if (none !== undefined) add('idle CPU, stack, 0 participants', pct(none), '< 3% of a core', none < 3);
    if (full !== undefined) add(`idle CPU, stack, ${r.storedCount} participants`, pct(full), '< 3%, same as 0', full < 3 && (none === undefined || full - none < 0.5));
  }
  const g = r.proxy?.gateway;
  const d = r.proxy?.direct;
  if (g && d) {
    const n = r.proxy?.nginx;
    add('POST /api/user req/s: gateway / direct / nginx', `${g.loaded.rps.toFixed(0)} / ${d.loaded.rps.toFixed(0)} / ${n ? n.loaded.rps.toFixed(0) : '-'}`);
    const ratio = d.loaded.rps > 0 ? g.loaded.rps / d.loaded.rps : undefined;
    add('POST /api/user gateway req/s vs direct', ratio === undefined ? '-' : `${ratio.toFixed(2)}x`, '>= 0.9x', ratio !== undefined && ratio >= 0.9);
    add('POST /api/user unloaded p50 via gateway', ms(g.unloaded.p50), '< 5 ms', g.unloaded.p50 !== undefined && g.unloaded.p50 < 5);
    const dbCpu = (g.loaded.cpuUsPerRequest.ferretdb ?? 0) + (g.loaded.cpuUsPerRequest['postgres (backends)'] ?? 0);
    add('POST /api/user database CPU per call (FerretDB + PostgreSQL)', `${(dbCpu / 1000).toFixed(2)} ms`, '<= 0.5 ms', dbCpu <= 500);
    add('POST /api/user p99 @64: gateway / direct / nginx', `${ms(g.loaded.p99)} / ${ms(d.loaded.p99)} / ${n ? ms(n.loaded.p99) : '-'}`);
  }
  if (r.pdfRead) add('stored PDF read p50', ms(r.pdfRead.p50), '< 5 ms', r.pdfRead.p50 !== undefined && r.pdfRead.p50 < 5);
  if (r.admin) {
    const byId = new Map(r.admin.map((a) => [a.id, a]));
    const upload = byId.get('upload');
    const reupload = byId.get('reupload');
    const stats = byId.get('stats');
    const roster = byId.get('roster');
    const enrollment = byId.get('enrollment');
    const exported = byId.get('export');
    const audit = byId.get('audit');
    if (upload) add(`MBTI upload, ${r.storedCount} rows`, sec(upload), '< 2 s', !upload.error && upload.seconds < 2);
    if (reupload) add('MBTI upload again', sec(reupload), '<= 2 s', !reupload.error && reupload.seconds <= 2);
    if (stats) add('statistics CSV', sec(stats), '< 1 s', !stats.error && stats.seconds < 1);
    if (roster) add('roster CSV', sec(roster), '< 1 s', !roster.error && roster.seconds < 1);
    if (enrollment) add('enrollment figures', sec(enrollment), '<= 1 s', !enrollment.error && enrollment.seconds <= 1);
    if (exported) add('analysis export CSV', sec(exported), '<= 1 s', !exported.error && exported.seconds <= 1);
    if (audit) add('audit trail, first page', sec(audit));
  }
  if (r.static) {
    for (const file of r.static.files) {
      const gateway = r.static.results[`${file.name}|gateway`];
      const nginx = r.static.results[`${file.name}|nginx`];
      if (!gateway) continue;
      add(`static ${file.name.split(' (')[0]} req/s: gateway / nginx`, `${gateway.rps.toFixed(0)} / ${nginx ? nginx.rps.toFixed(0) : '-'}`);
    }
  }
  if (r.render) {
    add(`PDF render p50 / p95 (${r.render.renders})`, `${ms(r.render.p50)} / ${ms(r.render.p95)}`);
    const grew = (r.render.after.rss - r.render.before.rss) / 2 ** 20;
    add(`PDF render RSS over ${r.render.renders} renders after a warm-up of 200`, `${(r.render.before.rss / 2 ** 20).toFixed(0)} -> ${(r.render.after.rss / 2 ** 20).toFixed(0)} MB`, 'flat (< +10 MB)', grew < 10);
  }
  if (r.pages) {
    const landing = r.pages[1]?.['/'];
    if (landing) add('landing page JS on the wire', kb(landing.jsBytesWire), '< 170 KB', landing.jsBytesWire < 170 * 1024);
    const slow = r.pages[4];
    if (slow) {
      const worst = Object.entries(slow).reduce((a, b) => ((b[1].lcpMs ?? Infinity) > (a[1].lcpMs ?? Infinity) ? b : a));
      // A page Chromium reported no LCP for (null) is not measured: the target is not met.
      const lcpOf = (lcpMs: number | null | undefined): number | undefined => (typeof lcpMs === 'number' ? lcpMs : undefined);
      const allMeasured = Object.values(slow).every((p) => lcpOf(p.lcpMs) !== undefined);
      const worstLcp = lcpOf(worst[1].lcpMs);
      add(`LCP at 4x CPU, worst page (${worst[0]})`, ms(worst[1].lcpMs), '< 2.5 s every page', allMeasured && worstLcp !== undefined && worstLcp < 2500);
    }
  }
  return rows;
}

export function printSummary(results: BenchResults, print: Print = console.log): void {
  const rows = summaryRows(results);
  if (rows.length === 0) return;
  print('');
  print('Summary');
  table([['figure', 'measured', 'target', ''], ...rows], print);
}
