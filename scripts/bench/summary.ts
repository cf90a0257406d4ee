// The figures with their targets (where the study sets one), printed as one compact table.
import { kb, ms, pct, table } from './stats';
import { held } from './pipeline';

const verdict = (ok) => (ok === undefined ? '' : ok ? 'ok' : 'MISS');

/** Rows of [figure, measured, target, verdict] from whatever the run measured. */
export function summaryRows(r) {
  const rows = [];
  const add = (figure, measured, target = '', ok = undefined) => rows.push([figure, measured, target, verdict(ok)]);

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
  if (r.proxy) {
    const g = r.proxy.gateway;
    const d = r.proxy.direct;
    const n = r.proxy.nginx;
    add('POST /api/user req/s: gateway / direct / nginx', `${g.loaded.rps.toFixed(0)} / ${d.loaded.rps.toFixed(0)} / ${n ? n.loaded.rps.toFixed(0) : '-'}`);
    const ratio = d.loaded.rps > 0 ? g.loaded.rps / d.loaded.rps : undefined;
    add('POST /api/user gateway req/s vs direct', ratio === undefined ? '-' : `${ratio.toFixed(2)}x`, '>= 0.9x', ratio !== undefined && ratio >= 0.9);
    add('POST /api/user unloaded p50 via gateway', ms(g.unloaded.p50), '< 5 ms', g.unloaded.p50 !== undefined && g.unloaded.p50 < 5);
    const dbCpu = (g.loaded.cpuUsPerRequest?.ferretdb ?? 0) + (g.loaded.cpuUsPerRequest?.['postgres (backends)'] ?? 0);
    add('POST /api/user database CPU per call (FerretDB + PostgreSQL)', `${(dbCpu / 1000).toFixed(2)} ms`, '<= 0.5 ms', dbCpu <= 500);
    add('POST /api/user p99 @64: gateway / direct / nginx', `${ms(g.loaded.p99)} / ${ms(d.loaded.p99)} / ${n ? ms(n.loaded.p99) : '-'}`);
  }
  if (r.pdfRead) add('stored PDF read p50', ms(r.pdfRead.p50), '< 5 ms', r.pdfRead.p50 < 5);
  if (r.admin) {
    const byId = Object.fromEntries(r.admin.map((a) => [a.id, a]));
    const sec = (a) => (a.error ? (Number.isFinite(a.seconds) ? `failed after ${a.seconds.toFixed(0)} s` : 'failed') : `${a.seconds.toFixed(2)} s`);
    if (byId.upload) add(`MBTI upload, ${r.storedCount} rows`, sec(byId.upload), '< 2 s', !byId.upload.error && byId.upload.seconds < 2);
    if (byId.reupload) add('MBTI upload again', sec(byId.reupload), '<= 2 s', !byId.reupload.error && byId.reupload.seconds <= 2);
    if (byId.stats) add('statistics CSV', sec(byId.stats), '< 1 s', !byId.stats.error && byId.stats.seconds < 1);
    if (byId.roster) add('roster CSV', sec(byId.roster), '< 1 s', !byId.roster.error && byId.roster.seconds < 1);
    if (byId.enrollment) add('enrollment figures', sec(byId.enrollment), '<= 1 s', !byId.enrollment.error && byId.enrollment.seconds <= 1);
    if (byId.export) add('analysis export CSV', sec(byId.export), '<= 1 s', !byId.export.error && byId.export.seconds <= 1);
    if (byId.audit) add('audit trail, first page', sec(byId.audit));
  }
  if (r.static) {
    for (const file of r.static.files) {
      const g = r.static.results[`${file.name}|gateway`];
      const n = r.static.results[`${file.name}|nginx`];
      add(`static ${file.name.split(' (')[0]} req/s: gateway / nginx`, `${g.rps.toFixed(0)} / ${n ? n.rps.toFixed(0) : '-'}`);
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
      const allMeasured = Object.values(slow).every((p) => p.lcpMs !== undefined);
      add(`LCP at 4x CPU, worst page (${worst[0]})`, ms(worst[1].lcpMs), '< 2.5 s every page', allMeasured && worst[1].lcpMs < 2500);
    }
  }
  return rows;
}

export function printSummary(results, print = console.log) {
  const rows = summaryRows(results);
  if (rows.length === 0) return;
  print('');
  print('Summary');
  table([['figure', 'measured', 'target', ''], ...rows], print);
}
