// The results pipeline under a steady rate of last saves: participants are made beforehand up to
// their last save (journey.ts); then each one's self-assessment is saved at the given rate and
// followed on its result stream, as the dashboard follows it, until its final type is answered
// by POST /api/user/survey/final and its PDF by GET /api/user/report/{pgId}. Also the read of a
// stored PDF.
import { inParallel } from './journey';
import { since, sleep, summarize } from './stats';
import { cpuMeter } from './procs';
import { waitUntilQuiet } from './idle';

const GIVE_UP_MS = 60_000;

function counter() {
  return { '5xx': 0, 409: 0, other: 0 };
}
function count(c, status) {
  if (status >= 500) c['5xx'] += 1;
  else if (status === 409) c[409] += 1;
  else if (status >= 400) c.other += 1;
}

/**
 * Makes up to `total` participants up to their last save, `concurrency` at a time, for at most
 * `budgetMs`; answers those made (fewer when the budget ran out).
 */
export async function prepareParticipants(journey, total, { firstIndex = 0, concurrency = 6, budgetMs = Infinity, log }) {
  let lastLog = Date.now();
  const started = Date.now();
  const failures = [];
  const made = await inParallel(
    total,
    concurrency,
    (i) =>
      Date.now() - started > budgetMs
        ? undefined
        : journey.upToLastSave(firstIndex + i).catch((err) => {
            failures.push(String(err.message).split('\n')[0]);
            return undefined;
          }),
    (done) => {
      if (Date.now() - lastLog > 15_000) {
        lastLog = Date.now();
        log?.(`  ${done}/${total} participants ready for their last save`);
      }
    },
  );
  const ready = made.filter(Boolean);
  if (failures.length > 0) log?.(`  ${failures.length} could not be made: ${[...new Set(failures)].slice(0, 3).join('; ')}`);
  log?.(`  ${ready.length} participants ready in ${((Date.now() - started) / 1000).toFixed(1)} s${ready.length < total ? ` (the time budget ran out; ${total} were wanted)` : ''}`);
  return ready;
}

/**
 * One last save followed to the final type and the PDF, as the dashboard follows it: its result
 * stream is open before the save; when the stream shows the final type, POST
 * /api/user/survey/final is asked once, and when it shows the report, the PDF is read once.
 * Times in ms from sending the save. The calls go through the journey's client without retries
 * (journey.measured), so each error answer is counted.
 */
async function followOne(journey, participant, counts) {
  const { pc, measured: client } = journey;
  const out = { saveMs: undefined, typeMs: undefined, pdfMs: undefined, failed: undefined };
  let started;
  let typeSeen;
  let reportSeen;
  const typeShown = new Promise((resolve) => (typeSeen = resolve));
  const reportShown = new Promise((resolve) => (reportSeen = resolve));
  const stream = client.subscribeResults(participant.pgId, (results) => {
    if (started === undefined) return;
    if (results.finalScore?.typeCode) typeSeen();
    if (results.finalReport) reportSeen();
  });
  const within = (promise, what) => {
    let timer;
    const timeout = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(what)), GIVE_UP_MS)));
    return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
  };
  /** The step's answer, or undefined with the failure noted and its status counted. */
  const step = async (name, counter, call) => {
    try {
      return await call();
    } catch (err) {
      if (!(err instanceof pc.ParticipantCallError)) throw err;
      count(counter, err.status ?? 0);
      out.failed = `${name} ${err.status ?? 'no answer'}`;
      return undefined;
    }
  };
  try {
    if (!(await within(stream.opened, 'no result stream'))) throw new Error('the result stream closed');
    started = process.hrtime.bigint();
    const saved = await step('save', counts.save, () => pc.completeSelfAssessment(client, participant.pgId, participant.tfType));
    out.saveMs = since(started);
    if (!saved) return out;
    await within(typeShown, 'no final type');
    const score = await step('final', counts.final, () => pc.finalType(client, participant.pgId, { wait: false }));
    if (score === null) {
      // Not there although the stream showed it (404/409).
      count(counts.final, 409);
      out.failed = 'final not ready';
    }
    if (!score) return out;
    out.typeMs = since(started);
    await within(reportShown, 'no PDF');
    const pdf = await step('report', counts.pdf, () => pc.finalReport(client, participant.pgId, { wait: false }));
    if (!pdf) return out;
    out.pdfMs = since(started);
    return out;
  } catch (err) {
    out.failed = err.message;
    return out;
  } finally {
    stream.close();
  }
}

/** What the stack spends in `ms` doing nothing (the admin rows' passes, the drivers' upkeep): the baseline a run's cost is counted above. */
async function baseline({ groups, commands, ms }) {
  const meter = cpuMeter(groups);
  const counted = await commands?.start();
  await sleep(ms);
  const { wallMs, cpuMs } = meter.stop();
  const sent = await counted?.stop();
  return { cpuMsPerS: Object.fromEntries(Object.entries(cpuMs).map(([name, spent]) => [name, (spent * 1000) / wallMs])), commandsPerS: sent ? (sent.total * 1000) / wallMs : 0 };
}

/**
 * Saves the participants' last answers at `rate` per second, one every 1/rate s; answers the
 * figures. With `groups` (the stack's processes) and `commands` (db-commands.ts), also the CPU
 * per completion of each process and the database commands per completion, from the first save
 * until the stack has settled after the last (so work left queued counts), above the idle
 * baseline measured just before.
 */
export async function runPipeline({ journey, participants, rate, log, groups, commands }) {
  const counts = { save: counter(), final: counter(), type: counter(), pdf: counter() };
  const idle = groups ? await baseline({ groups, commands, ms: 5000 }) : undefined;
  const meter = groups ? cpuMeter(groups) : undefined;
  const counted = await commands?.start();
  const runs = [];
  const started = Date.now();
  for (const [i, participant] of participants.entries()) {
    const due = started + (i * 1000) / rate;
    const wait = due - Date.now();
    if (wait > 0) await sleep(wait);
    runs.push(followOne(journey, participant, counts).catch((err) => ({ failed: err.message })));
  }
  const results = await Promise.all(runs);
  const seconds = (Date.now() - started) / 1000;
  const failed = results.filter((r) => r.failed);
  if (failed.length > 0) log?.(`  ${failed.length} did not finish: ${[...new Set(failed.map((r) => r.failed))].join(', ')}`);
  let cost;
  if (meter) {
    const quiet = await waitUntilQuiet({ groups });
    const { wallMs, cpuMs } = meter.stop();
    const sent = await counted?.stop();
    const n = participants.length;
    const cpuPerCompletion = Object.fromEntries(Object.entries(cpuMs).map(([name, spent]) => [name, Math.max(0, spent - (idle.cpuMsPerS[name] * wallMs) / 1000) / n]));
    const commandsAbove = sent ? Math.max(0, sent.total - (idle.commandsPerS * wallMs) / 1000) : undefined;
    cost = {
      settledAfterS: quiet.seconds,
      settled: quiet.settled,
      cpuMsPerCompletion: { ...cpuPerCompletion, total: Object.values(cpuPerCompletion).reduce((a, b) => a + b, 0) },
      commandsPerCompletion: commandsAbove === undefined ? undefined : commandsAbove / n,
      commandsByName: sent ? Object.fromEntries(Object.entries(sent.byCommand).map(([name, c]) => [name, c / n])) : undefined,
    };
  }
  const pick = (key) => results.map((r) => r[key]).filter((v) => v !== undefined);
  const total = (kind) => Object.values(counts).reduce((a, c) => a + c[kind], 0);
  return {
    rate,
    completions: participants.length,
    seconds,
    save: summarize(pick('saveMs')),
    type: summarize(pick('typeMs')),
    pdf: summarize(pick('pdfMs')),
    counts,
    errors5xx: total('5xx'),
    conflicts409: total(409),
    unfinished: failed.length,
    cost,
  };
}

/** Whether a run held: PDF ready p95 within 2 s, no 5xx, every completion finished. */
export const held = (run) => run.pdf.p95 !== undefined && run.pdf.p95 <= 2000 && run.errors5xx === 0 && run.unfinished === 0;

/** `reads` sequential GETs of one stored report PDF (GET /api/user/report/{pgId}). */
export async function readStoredPdf({ journey, pgId, reads }) {
  const samples = [];
  let bytes = 0;
  for (let i = 0; i < reads; i += 1) {
    const started = process.hrtime.bigint();
    const pdf = await journey.pc.finalReport(journey.measured, pgId, { wait: false });
    samples.push(since(started));
    bytes = pdf.byteLength;
  }
  return { ...summarize(samples), bytes };
}
