// The results pipeline under a steady rate of last saves: participants are made beforehand up to
// their last save (journey.ts); then each one's self-assessment is saved at the given rate and
// followed on its result stream, as the dashboard follows it, until its final type is answered
// by POST /api/user/survey/final and its PDF by GET /api/user/report/{pgId}. Also the read of a
// stored PDF.
import { completeSelfAssessment, finalReport, finalType, ParticipantCallError } from '@study/participant-client';
import type { CommandsSent, DbCommandCounter } from './db-commands';
import { waitUntilQuiet } from './idle';
import { inParallel } from './in-parallel';
import type { BenchJourney, ReadyParticipant } from './journey';
import { cpuMeter, type ProcessGroup } from './procs';
import { since, sleep, summarize, type Summary } from './stats';

const GIVE_UP_MS = 60_000;

/** Error answers of one kind of call, by status. */
export interface StatusCounts {
  '5xx': number;
  409: number;
  other: number;
}

/** The calls a completion makes (save, final), and what it waits to see (type, pdf). */
export type PipelineStep = 'save' | 'final' | 'type' | 'pdf';

export function statusCounts(): StatusCounts {
  return { '5xx': 0, 409: 0, other: 0 };
}

/** Counts an error answer's status (below 400 is none). */
export function countStatus(c: StatusCounts, status: number): void {
  if (status >= 500) c['5xx'] += 1;
  else if (status === 409) c[409] += 1;
  else if (status >= 400) c.other += 1;
}

export interface PrepareOptions {
  /** Participant indices start here (journey.ts's member numbers). */
  firstIndex?: number;
  concurrency?: number;
  budgetMs?: number;
  log?: (message: string) => void;
}

/**
 * Makes up to `total` participants up to their last save, `concurrency` at a time, for at most
 * `budgetMs`; answers those made (fewer when the budget ran out).
 */
export async function prepareParticipants(journey: Pick<BenchJourney, 'upToLastSave'>, total: number, { firstIndex = 0, concurrency = 6, budgetMs = Infinity, log }: PrepareOptions): Promise<ReadyParticipant[]> {
  let lastLog = Date.now();
  const started = Date.now();
  const failures: string[] = [];
  const made = await inParallel(
    total,
    concurrency,
    async (i): Promise<ReadyParticipant | undefined> =>
      Date.now() - started > budgetMs
        ? undefined
        : journey.upToLastSave(firstIndex + i).catch((err: unknown) => {
            failures.push(firstLine(err));
            return undefined;
          }),
    (done) => {
      if (Date.now() - lastLog > 15_000) {
        lastLog = Date.now();
        log?.(`  ${done}/${total} participants ready for their last save`);
      }
    },
  );
  const ready = made.filter((p): p is ReadyParticipant => p !== undefined);
  if (failures.length > 0) log?.(`  ${failures.length} could not be made: ${[...new Set(failures)].slice(0, 3).join('; ')}`);
  log?.(`  ${ready.length} participants ready in ${((Date.now() - started) / 1000).toFixed(1)} s${ready.length < total ? ` (the time budget ran out; ${total} were wanted)` : ''}`);
  return ready;
}

/** One completion followed: times in ms from sending the save, as far as it got; `failed` says where it stopped. */
interface Followed {
  saveMs?: number;
  typeMs?: number;
  pdfMs?: number;
  failed?: string;
}

/**
 * One last save followed to the final type and the PDF, as the dashboard follows it: its result
 * stream is open before the save; when the stream shows the final type, POST
 * /api/user/survey/final is asked once, and when it shows the report, the PDF is read once.
 * Times in ms from sending the save. The calls go through the journey's client without retries
 * (journey.measured), so each error answer is counted.
 */
async function followOne(client: BenchJourney['measured'], participant: ReadyParticipant, counts: Record<PipelineStep, StatusCounts>): Promise<Followed> {
  const out: Followed = {};
  let started: bigint | undefined;
  let typeSeen = (): void => undefined;
  let reportSeen = (): void => undefined;
  const typeShown = new Promise<void>((resolve) => (typeSeen = resolve));
  const reportShown = new Promise<void>((resolve) => (reportSeen = resolve));
  const stream = client.subscribeResults(participant.pgId, (results) => {
    if (started === undefined) return;
    if (results.finalScore?.typeCode) typeSeen();
    if (results.finalReport) reportSeen();
  });
  const within = <T>(promise: Promise<T>, what: string): Promise<T> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(what)), GIVE_UP_MS)));
    return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
  };
  /** The step's answer, or undefined with the failure noted and its status counted. */
  const step = async <T>(name: string, counter: StatusCounts, call: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await call();
    } catch (err) {
      if (!(err instanceof ParticipantCallError)) throw err;
      countStatus(counter, err.status ?? 0);
      out.failed = `${name} ${err.status ?? 'no answer'}`;
      return undefined;
    }
  };
  try {
    if (!(await within(stream.opened, 'no result stream'))) throw new Error('the result stream closed');
    const sentAt = process.hrtime.bigint();
    started = sentAt;
    const saved = await step('save', counts.save, () => completeSelfAssessment(client, participant.pgId, participant.tfType));
    out.saveMs = since(sentAt);
    if (!saved) return out;
    await within(typeShown, 'no final type');
    const score = await step('final', counts.final, () => finalType(client, participant.pgId, { wait: false }));
    if (score === null) {
      // Not there although the stream showed it (404/409).
      countStatus(counts.final, 409);
      out.failed = 'final not ready';
    }
    if (!score) return out;
    out.typeMs = since(sentAt);
    await within(reportShown, 'no PDF');
    const pdf = await step('report', counts.pdf, () => finalReport(client, participant.pgId, { wait: false }));
    if (!pdf) return out;
    out.pdfMs = since(sentAt);
    return out;
  } catch (err) {
    out.failed = messageOf(err);
    return out;
  } finally {
    stream.close();
  }
}

/** The stack's idle spending: CPU ms per second per process, database commands per second. */
export interface Baseline {
  cpuMsPerS: Record<string, number>;
  commandsPerS: number;
}

/** Spending over `wallMs` as a rate per second. */
export function baselineOf(wallMs: number, cpuMs: Record<string, number>, sent: CommandsSent | undefined): Baseline {
  return { cpuMsPerS: Object.fromEntries(Object.entries(cpuMs).map(([name, spent]) => [name, (spent * 1000) / wallMs])), commandsPerS: sent ? (sent.total * 1000) / wallMs : 0 };
}

/** What the stack spends in `ms` doing nothing (the admin rows' passes, the drivers' upkeep): the baseline a run's cost is counted above. */
async function baseline({ groups, commands, ms }: { groups: readonly ProcessGroup[]; commands: DbCommandCounter | undefined; ms: number }): Promise<Baseline> {
  const meter = cpuMeter(groups);
  const counted = await commands?.start();
  await sleep(ms);
  const { wallMs, cpuMs } = meter.stop();
  const sent = await counted?.stop();
  return baselineOf(wallMs, cpuMs, sent);
}

/** A run's cost per completion, above the idle baseline. */
export interface PipelineCost {
  /** How long after the last answer the stack settled (or gave up: `settled` false). */
  settledAfterS: number;
  settled: boolean;
  /** CPU ms per completion of each process, and `total` of the stack. */
  cpuMsPerCompletion: Record<string, number> & { total: number };
  commandsPerCompletion: number | undefined;
  commandsByName: Record<string, number> | undefined;
}

/** CPU and database commands spent over `wallMs` for `completions`, less what the stack spends idle in that time (never below 0), per completion. */
export function costPerCompletion(idle: Baseline, spent: { wallMs: number; cpuMs: Record<string, number>; sent: CommandsSent | undefined }, completions: number): Omit<PipelineCost, 'settledAfterS' | 'settled'> {
  const { wallMs, cpuMs, sent } = spent;
  const cpuPerCompletion = Object.fromEntries(Object.entries(cpuMs).map(([name, ms]) => [name, Math.max(0, ms - ((idle.cpuMsPerS[name] ?? 0) * wallMs) / 1000) / completions]));
  const commandsAbove = sent ? Math.max(0, sent.total - (idle.commandsPerS * wallMs) / 1000) : undefined;
  return {
    cpuMsPerCompletion: { ...cpuPerCompletion, total: Object.values(cpuPerCompletion).reduce((a, b) => a + b, 0) },
    commandsPerCompletion: commandsAbove === undefined ? undefined : commandsAbove / completions,
    commandsByName: sent ? Object.fromEntries(Object.entries(sent.byCommand).map(([name, c]) => [name, c / completions])) : undefined,
  };
}

/** One run of the pipeline at a rate. */
export interface PipelineRun {
  rate: number;
  completions: number;
  seconds: number;
  save: Summary;
  type: Summary;
  pdf: Summary;
  counts: Record<PipelineStep, StatusCounts>;
  errors5xx: number;
  conflicts409: number;
  unfinished: number;
  /** Measured when the run was given the stack's processes. */
  cost: PipelineCost | undefined;
}

export interface PipelineOptions {
  journey: Pick<BenchJourney, 'measured'>;
  participants: readonly ReadyParticipant[];
  /** Last saves per second. */
  rate: number;
  log?: (message: string) => void;
  /** The stack's processes: with them, the run's CPU cost. */
  groups?: readonly ProcessGroup[];
  /** The database's command counter: with it (and `groups`), the run's database commands. */
  commands?: DbCommandCounter;
}

/**
 * Saves the participants' last answers at `rate` per second, one every 1/rate s; answers the
 * figures. With `groups` (the stack's processes) and `commands` (db-commands.ts), also the CPU
 * per completion of each process and the database commands per completion, from the first save
 * until the stack has settled after the last (so work left queued counts), above the idle
 * baseline measured just before.
 */
export async function runPipeline({ journey, participants, rate, log, groups, commands }: PipelineOptions): Promise<PipelineRun> {
  const counts: Record<PipelineStep, StatusCounts> = { save: statusCounts(), final: statusCounts(), type: statusCounts(), pdf: statusCounts() };
  const idle = groups ? await baseline({ groups, commands, ms: 5000 }) : undefined;
  const meter = groups ? cpuMeter(groups) : undefined;
  const counted = await commands?.start();
  const runs: Promise<Followed>[] = [];
  const started = Date.now();
  for (const [i, participant] of participants.entries()) {
    const due = started + (i * 1000) / rate;
    const wait = due - Date.now();
    if (wait > 0) await sleep(wait);
    runs.push(followOne(journey.measured, participant, counts).catch((err: unknown) => ({ failed: messageOf(err) })));
  }
  const results = await Promise.all(runs);
  const seconds = (Date.now() - started) / 1000;
  const failed = results.filter((r) => r.failed);
  if (failed.length > 0) log?.(`  ${failed.length} did not finish: ${[...new Set(failed.map((r) => r.failed))].join(', ')}`);
  let cost: PipelineCost | undefined;
  if (groups && meter && idle) {
    const quiet = await waitUntilQuiet({ groups });
    const { wallMs, cpuMs } = meter.stop();
    const sent = await counted?.stop();
    cost = { settledAfterS: quiet.seconds, settled: quiet.settled, ...costPerCompletion(idle, { wallMs, cpuMs, sent }, participants.length) };
  }
  const pick = (key: 'saveMs' | 'typeMs' | 'pdfMs'): number[] => results.map((r) => r[key]).filter((v): v is number => v !== undefined);
  return {
    rate,
    completions: participants.length,
    seconds,
    save: summarize(pick('saveMs')),
    type: summarize(pick('typeMs')),
    pdf: summarize(pick('pdfMs')),
    counts,
    errors5xx: totalOf(counts, '5xx'),
    conflicts409: totalOf(counts, 409),
    unfinished: failed.length,
    cost,
  };
}

/** One kind of error answer over every step. */
export function totalOf(counts: Record<PipelineStep, StatusCounts>, kind: keyof StatusCounts): number {
  return Object.values(counts).reduce((a, c) => a + c[kind], 0);
}

/** Whether a run held: PDF ready p95 within 2 s, no 5xx, every completion finished. */
export const held = (run: Pick<PipelineRun, 'pdf' | 'errors5xx' | 'unfinished'>): boolean => run.pdf.p95 !== undefined && run.pdf.p95 <= 2000 && run.errors5xx === 0 && run.unfinished === 0;

/** A stored PDF read `count` times: percentiles of the read, and the PDF's size. */
export type PdfReadFigure = Summary & { bytes: number };

/** `reads` sequential GETs of one stored report PDF (GET /api/user/report/{pgId}). */
export async function readStoredPdf({ journey, pgId, reads }: { journey: Pick<BenchJourney, 'measured'>; pgId: string; reads: number }): Promise<PdfReadFigure> {
  const samples: number[] = [];
  let bytes = 0;
  for (let i = 0; i < reads; i += 1) {
    const started = process.hrtime.bigint();
    const pdf = await finalReport(journey.measured, pgId, { wait: false });
    samples.push(since(started));
    bytes = pdf.byteLength;
  }
  return { ...summarize(samples), bytes };
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** An error's first line (a stack's or a long answer's rest says nothing more in a log line). */
function firstLine(err: unknown): string {
  return messageOf(err).split('\n', 1)[0] ?? '';
}
