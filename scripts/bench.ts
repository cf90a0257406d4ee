// `npm run bench`: the system's figures side by side in one run, on 6,000 stored participants.
// Starts its own stack on free ports (own databases, exchange and queues), and prints:
//   1 proxy     POST /api/user via the gateway, direct, and via a reference nginx (wrk)
//   2 static    index.html and the largest JS asset from the gateway and from nginx (wrk)
//   3 pipeline  last saves alone (1/s) and at 5, 10, 20, 30/s: save, final type visible, PDF
//               ready, CPU per completion per process, database commands per completion
//   4 pdfread   reading a stored report PDF
//   5 idle      idle CPU per process with 0 and with 6,000 participants
//   6 render    the PDF renderer in-process, 1,000 renders
//   7 pages     JavaScript bytes and LCP per page in Chromium, 1x and 4x CPU slowdown
//   8 admin     MBTI upload, re-upload, statistics, roster, enrollment, analysis export, audit trail
// then a summary with the targets. `--only=proxy,static,...` runs a subset; `--quick` shortens
// every duration and `--rates=1,5` runs only those pipeline rates (both for development; their
// figures are not the real ones). Stops all it started.
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { root } from './lib/repo-root';
import { completionsAt, failedBelow, parseArgs, ratesFor, STACK_FIGURES, type Figure } from './bench/options';
import type { BenchJourney, ReadyParticipant } from './bench/journey';
import type { BenchResults } from './bench/results';

const say = (msg: string): void => console.log(`[bench] ${msg}`);
const print = (line: string): void => console.log(line);

const STORED = 6000;
const API_MADE = 10;
const startedAt = Date.now();

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

async function main(): Promise<BenchResults> {
  const o = parseArgs(process.argv.slice(2));
  const want = (figure: Figure): boolean => o.selected.has(figure);
  const results: BenchResults = { storedCount: STORED, quick: o.quick };
  const started = new Date();
  say(`${started.toISOString()}: ${[...o.selected].join(', ')}${o.quick ? ' (quick: short durations, not the real figures)' : ''}`);
  say('The machine may be shared with other work: compare figures within one run, not across runs.');

  const { buildAll } = await import('./build');
  await buildAll({ log: say });
  const { ensureTools, WRK, NGINX } = await import('./bench/tools');
  const hasWrk = want('proxy') || want('static') ? ensureTools([WRK], say) : false;
  if (want('pages')) (await import('./lib/chromium')).ensureChromium(say);
  const hasNginx = hasWrk ? ensureTools([NGINX], say) : false;
  const out = await import('./bench/print');
  // One figure failing (a timeout on a busy machine) is reported and the others still run.
  const guard = async (name: string, fn: () => Promise<void>): Promise<void> => {
    try {
      await fn();
    } catch (err) {
      const message = messageOf(err).split('\n', 1)[0] ?? '';
      say(`${name} failed: ${message}`);
      (results.failed ??= {})[name] = message;
    }
  };

  const runDir = path.join(root, '.test-artifacts', `bench-${process.pid}`);
  fs.rmSync(runDir, { recursive: true, force: true });
  const workDir = path.join(runDir, 'work');
  fs.mkdirSync(workDir, { recursive: true });

  await guard('render', async () => {
    if (want('render')) {
      say(`PDF renderer in-process, ${o.renders} renders...`);
      const { benchRender } = await import('./bench/render');
      results.render = await benchRender({ root, renders: o.renders });
      out.printRender(results.render, print);
    }
  });

  const needsStack = STACK_FIGURES.some(want);
  if (!needsStack) return results;

  const { startBenchStack } = await import('./bench/stack-run');
  const { sleep } = await import('./bench/stats');
  const { waitUntilQuiet, measureIdle } = await import('./bench/idle');
  const { signedSessionCookies, keepSessions } = await import('./bench/participant-sessions');
  say('Starting the system (services, gateway, database) on free ports...');
  const stack = await startBenchStack({ root, runDir, log: say });
  let nginx: Awaited<ReturnType<typeof import('./bench/nginx').startNginx>> | undefined;
  const cleanup = async (): Promise<void> => {
    say('Stopping everything started here...');
    await nginx?.stop();
    await stack.stop();
    say(`Logs: ${path.relative(root, path.join(runDir, 'logs'))}`);
  };
  const onSignal = (): void => {
    void cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    say(`Processes: ${stack.groups.map((g) => `${g.name} ${g.pids().join(',')}`).join('; ')}`);
    const idle: NonNullable<BenchResults['idle']> = {};
    if (want('idle')) {
      results.idle = idle;
      await sleep(5000);
      say(`Idle CPU with 0 participants (${o.idleSeconds} s)...`);
      idle.none = await measureIdle({ groups: stack.groups, seconds: o.idleSeconds });
    }

    // The pipeline's participants (up to their last save) are stored directly in the three
    // services' databases, as the API leaves them: the API is not what the pipeline measures, and
    // making thousands through it would take longer than the run. A few are made through the API
    // first, so the 1/s run also follows participants made the real way.
    let journey: BenchJourney | undefined;
    const ready: ReadyParticipant[] = [];
    const rates = ratesFor(want('pipeline'), o.rates);
    const perRate = (rate: number): number => completionsAt(rate, o.pipelineSeconds);
    if (want('pipeline') || want('pdfread')) {
      const { createJourney } = await import('./bench/journey');
      const { prepareParticipants } = await import('./bench/pipeline');
      const made = createJourney({ baseUrl: stack.url, typeFinderWidgetUrl: stack.typeFinder.widgetUrl });
      journey = made;
      const throughApi = Math.min(API_MADE, perRate(1));
      say(`Making ${throughApi} participants up to their last save through the API (consent, TypeFinder, Nardi)...`);
      await guard('prepare', async () => {
        // Their CPU, until the stack has settled, is the journey's cost up to the last save.
        const { cpuMeter } = await import('./bench/procs');
        await waitUntilQuiet({ groups: stack.groups });
        const meter = cpuMeter(stack.groups);
        ready.push(...(await prepareParticipants(made, throughApi, { budgetMs: o.prepareBudgetS * 1000, log: say })));
        await waitUntilQuiet({ groups: stack.groups });
        const { cpuMs } = meter.stop();
        if (ready.length > 0) results.journeyCpuMs = Object.values(cpuMs).reduce((a, b) => a + b, 0) / ready.length;
      });
      const total = rates.reduce((a, rate) => a + perRate(rate), 0) - ready.length;
      say(`Storing ${total} more up to their last save in the three services' databases...`);
      if (!stack.openHumans.standin) throw new Error('the pipeline stores its participants as members of the Open Humans stand-in: unset OH_CLIENT_ID');
      const { seedBurstParticipants } = await import('./bench/seed-burst');
      const seededAt = Date.now();
      // Each service stores them with its own bench-seed command, run with its environment in this stack.
      const seeded = await seedBurstParticipants({ root, env: (service) => stack.serviceEnv(service), count: total, log: say });
      // Their sessions, as if each had confirmed with Open Humans.
      const pgIdsSeeded = seeded.map((p) => p.pgId);
      keepSessions(pgIdsSeeded, signedSessionCookies({ secret: stack.participantSessionSecret, pgIds: pgIdsSeeded }));
      ready.push(...seeded);
      say(`  stored in ${((Date.now() - seededAt) / 1000).toFixed(1)} s`);
    }

    const toStore = STORED - ready.length;
    say(`Storing ${toStore} participants in svc-participants' database (${STORED} in all)...`);
    const { seedParticipants } = await import('./bench/seed-participants');
    const pgIds = Array.from({ length: toStore }, () => randomUUID());
    const seedStarted = Date.now();
    await seedParticipants(stack.db('participants'), pgIds);
    say(`  stored in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);
    // As after writes through the service: its passes take the participants into the study team's rows.
    const rowsStarted = Date.now();
    while ((await stack.db('participants').collection('participants').countDocuments({ adminRowStale: true })) > 0) await sleep(1000);
    say(`  taken into the study team's rows in ${((Date.now() - rowsStarted) / 1000).toFixed(1)} s`);
    const allPgIds = [...ready.map((p) => p.pgId), ...pgIds];

    if (want('idle')) {
      await sleep(5000);
      say(`Idle CPU with ${STORED} participants (${o.idleSeconds} s)...`);
      idle.stored = await measureIdle({ groups: stack.groups, seconds: o.idleSeconds });
      out.printIdle(idle, STORED, print);
    }

    // The admin tools before the pipeline runs: an MBTI upload changes the final score of every
    // participant with all three surveys done, and the reports made again for thousands of them
    // would keep the machine busy for many minutes; before, the upload's events only add an input.
    // The reads are measured once the stack has settled after the uploads.
    await guard('admin', async () => {
      if (want('admin')) {
        const { benchAdmin } = await import('./bench/admin');
        results.admin = await benchAdmin({ stack, pgIds: allPgIds, storedCount: await stack.db('participants').collection('participants').countDocuments(), log: say });
        out.printAdmin(results.admin, print);
      }
    });

    if (hasNginx && (want('proxy') || want('static'))) {
      const { startNginx } = await import('./bench/nginx');
      const participants = stack.services.find((s) => s.name === 'participants');
      if (!participants) throw new Error('the stack runs no participants service');
      nginx = await startNginx({ dir: path.join(runDir, 'nginx'), root, participantsPort: participants.port, log: say });
    }
    await guard('proxy', async () => {
      if (want('proxy') && hasWrk) {
        say('POST /api/user: gateway, direct, nginx...');
        const { benchProxy } = await import('./bench/proxy');
        const proxied = pgIds.slice(0, 1000);
        const sessionCookies = signedSessionCookies({ secret: stack.participantSessionSecret, pgIds: proxied });
        results.proxy = await benchProxy({ stack, nginx, pgIds: proxied, sessionCookies, workDir, seconds: o.wrkSeconds, unloadedSeconds: o.unloadedSeconds, log: say });
        out.printProxy(results.proxy, print);
      }
    });
    await guard('static', async () => {
      if (want('static') && hasWrk) {
        say('Static files: gateway, nginx...');
        const { benchStatic } = await import('./bench/static');
        results.static = await benchStatic({ root, stack, nginx, seconds: o.wrkSeconds, log: say });
        out.printStatic(results.static, print);
      }
    });
    await nginx?.stop();
    nginx = undefined;

    await guard('pipeline', async () => {
      if (journey && (want('pipeline') || want('pdfread'))) {
        const { runPipeline, readStoredPdf, held } = await import('./bench/pipeline');
        const { dbCommandCounter } = await import('./bench/db-commands');
        const commands = dbCommandCounter({ databaseMetricsUrl: stack.databaseMetricsUrl, mongo: stack.mongo });
        const runs: NonNullable<BenchResults['pipeline']> = [];
        // In the results as they are made: a run failing later keeps those before it.
        if (want('pipeline')) results.pipeline = runs;
        let at = 0;
        for (const rate of rates) {
          const participants = ready.slice(at, at + perRate(rate));
          at += participants.length;
          if (participants.length === 0) continue;
          // Above a rate that did not hold, only the target rate (20/s) is still run: a higher one cannot hold either.
          const below = failedBelow(rate, runs, held);
          if (below) {
            say(`Not running ${rate}/s: ${below.rate}/s did not hold`);
            continue;
          }
          say(`Last saves at ${rate}/s for ${(participants.length / rate).toFixed(0)} s...`);
          const run = await runPipeline({ journey, participants, rate, log: say, groups: stack.groups, commands });
          runs.push(run);
          say(`  ${held(run) ? 'held' : 'did not hold'}; the stack settled ${run.cost?.settledAfterS.toFixed(0)} s after the last answer${run.cost?.settled ? '' : ' (still busy)'}`);
          // Read on a settled system, before the faster runs.
          const first = ready[0];
          if (rate === 1 && want('pdfread') && first) {
            say(`Stored PDF read, ${o.pdfReads} sequential reads...`);
            results.pdfRead = await readStoredPdf({ journey, pgId: first.pgId, reads: o.pdfReads });
          }
        }
        if (want('pipeline')) {
          out.printPipeline(runs, print);
          out.printPipelineCost(runs, print);
        }
        const quiet = await waitUntilQuiet({ groups: stack.groups });
        say(`  the stack ${quiet.settled ? 'settled' : 'was still busy'} after ${quiet.seconds.toFixed(0)} s (the next figures are measured after the burst's backlog)`);
        if (results.pdfRead) out.printPdfRead(results.pdfRead, print);
      }
    });

    await guard('pages', async () => {
      if (want('pages')) {
        const { measurePages } = await import('./bench/pages');
        const quiet = await waitUntilQuiet({ groups: stack.groups, percent: 5 });
        say(`Pages on a settled stack: it ${quiet.settled ? 'settled' : 'was still busy'} after ${quiet.seconds.toFixed(0)} s`);
        const pages: NonNullable<BenchResults['pages']> = {};
        results.pages = pages;
        for (const cpuSlowdown of [1, 4]) {
          say(`Pages in Chromium at ${cpuSlowdown}x CPU slowdown...`);
          const measured = await measurePages({ baseUrl: stack.url, cpuSlowdown, runs: o.pageRuns, typeFinderWidgetUrl: stack.typeFinder.widgetUrl, log: say });
          pages[cpuSlowdown] = Object.fromEntries(measured.map((f) => [f.path, { ...f, scripts: f.jsFiles }]));
        }
        out.printPages(pages, print);
      }
    });
  } finally {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
    await cleanup();
  }
  fs.writeFileSync(path.join(runDir, 'results.json'), JSON.stringify(results, null, 2));
  return results;
}

main().then(
  async (results) => {
    const { printSummary } = await import('./bench/summary');
    printSummary(results, print);
    say(`Finished in ${((Date.now() - startedAt) / 1000).toFixed(0)} s.`);
    process.exit(0);
  },
  (err: unknown) => {
    console.error(`[bench] ${err instanceof Error ? err.stack || err.message : String(err)}`);
    process.exit(1);
  },
);
