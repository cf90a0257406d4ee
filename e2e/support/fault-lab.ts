// The fault tests' side of the laboratory (fault-lab-setup.js): a private stack per scenario
// with the faults it can suffer, a steady burst of participants finishing, and the count of
// what came out of it: lost, duplicated and failed, from the API, the three databases and a
// tap queue that sees every event on the stack's exchange.
import fs from 'node:fs';
import path from 'node:path';
import amqp from 'amqplib';
import { MongoClient, type Db } from 'mongodb';
import { finishParticipant, prepareParticipant, awaitOutcome, StudyClient, type Failure, type CallStats, type Finished, type Outcome, type ReadyParticipant } from './participant-flow';

export type ServiceName = 'participants' | 'scoring' | 'reports';
export const SERVICE_NAMES: readonly ServiceName[] = ['participants', 'scoring', 'reports'];

export interface StackInfo {
  id: string;
  url: string;
  mongoUrl: string;
  amqpUrl: string;
  exchange: string;
  queues: Record<ServiceName, string>;
  databases: Record<ServiceName, string>;
  tapQueue: string;
  typeFinderWidgetUrl: string;
  logDir: string;
  /** What each service's database name starts with (MONGO_DB = dbPrefix + participants, ...). */
  dbPrefix: string;
  /** The stack's generated secrets (with the stand-in's state beside it). */
  secretsFile: string;
  retryDelaysMs?: number[];
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function control<T>(route: string, body?: unknown): Promise<T> {
  const lab = process.env.FAULT_LAB_URL;
  if (!lab) throw new Error('FAULT_LAB_URL is not set: run the fault tests through jest --selectProjects fault');
  const res = await fetch(`${lab}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) });
  const text = await res.text();
  if (!res.ok) throw new Error(`fault lab ${route} failed: ${text}`);
  return JSON.parse(text) as T;
}

/** A whole system on free ports with its own FerretDB, databases, exchange and queues; and the faults it can be put through. */
export class FaultStack {
  private constructor(
    readonly info: StackInfo,
    private client: MongoClient,
  ) {}

  get mongo(): MongoClient {
    return this.client;
  }

  static async start(name: string, options: { privateBroker?: boolean; env?: Record<string, string> } = {}): Promise<FaultStack> {
    const info = await control<StackInfo>('/stacks', { name, ...options });
    // The driver reconnects by itself after the database comes back.
    const mongo = await MongoClient.connect(info.mongoUrl, { serverSelectionTimeoutMS: 30_000 });
    return new FaultStack(info, mongo);
  }

  db(service: ServiceName): Db {
    return this.mongo.db(this.info.databases[service]);
  }

  /** SIGKILL, as a crash. */
  killService(name: ServiceName): Promise<void> {
    return control(`/stacks/${this.info.id}/services/${name}/kill`);
  }
  /** Starts the service again on its port; resolves once it is ready. */
  startService(name: ServiceName): Promise<void> {
    return control(`/stacks/${this.info.id}/services/${name}/start`);
  }
  /** One more process of the service on the same database and queue (its own port). */
  startServiceInstance(name: ServiceName): Promise<{ name: string; port: number }> {
    return control(`/stacks/${this.info.id}/services/${name}/instance`);
  }
  killDatabase(): Promise<void> {
    return control(`/stacks/${this.info.id}/database/kill`);
  }
  startDatabase(): Promise<void> {
    return control(`/stacks/${this.info.id}/database/start`);
  }
  /**
   * Stops every process of the stack and starts them again on the same data, as `npm start`
   * stopped and started again (the services read secrets.json anew). Every port changes.
   */
  async restart(): Promise<void> {
    await this.client.close().catch(() => undefined);
    Object.assign(this.info, await control<StackInfo>(`/stacks/${this.info.id}/stack/restart`));
    this.client = await MongoClient.connect(this.info.mongoUrl, { serverSelectionTimeoutMS: 30_000 });
  }
  /** Only for a stack on the private broker. */
  stopBroker(): Promise<void> {
    return control(`/stacks/${this.info.id}/broker/stop`);
  }
  startBroker(): Promise<void> {
    return control(`/stacks/${this.info.id}/broker/start`);
  }

  async remove(): Promise<void> {
    await this.mongo.close().catch(() => undefined);
    await control(`/stacks/${this.info.id}/remove`);
  }

  async withChannel<T>(fn: (channel: amqp.Channel) => Promise<T>): Promise<T> {
    const connection = await amqp.connect(this.info.amqpUrl);
    try {
      return await fn(await connection.createChannel());
    } finally {
      await connection.close().catch(() => undefined);
    }
  }

  /** Every message on a queue, taken off it. */
  drainQueue(queue: string): Promise<amqp.GetMessage[]> {
    return this.withChannel(async (channel) => {
      const messages: amqp.GetMessage[] = [];
      for (;;) {
        const msg = await channel.get(queue, { noAck: true });
        if (msg === false) return messages;
        messages.push(msg);
      }
    });
  }

  messageCount(queue: string): Promise<number> {
    return this.withChannel(async (channel) => (await channel.checkQueue(queue)).messageCount);
  }
}

/** Makes `count` participants ready to finish, `concurrency` at a time (no fault meanwhile). */
export async function prepareParticipants(client: StudyClient, count: number, concurrency = 5): Promise<ReadyParticipant[]> {
  const ready: ReadyParticipant[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        ready[i] = await prepareParticipant(client, i);
      }
    }),
  );
  return ready;
}

export interface FaultStep {
  what: string;
  /** ms since the run's clock started. */
  startedAt: number;
  endedAt: number;
}

/** Runs `fault` and notes when it started and ended. */
export async function timed(client: StudyClient, steps: FaultStep[], what: string, fault: () => Promise<unknown>): Promise<void> {
  const startedAt = Date.now() - client.clockStart;
  await fault();
  steps.push({ what, startedAt, endedAt: Date.now() - client.clockStart });
}

/**
 * The burst: participant i starts finishing at i / ratePerSecond seconds; `faults` starts after
 * `faultAfterMs`. Resolves when every finish and the faults are done.
 */
export async function runBurst(
  client: StudyClient,
  ready: readonly ReadyParticipant[],
  o: { ratePerSecond: number; faultAfterMs: number; faults: (steps: FaultStep[]) => Promise<void> },
): Promise<{ finished: Finished[]; steps: FaultStep[]; burstStartedAt: number }> {
  const steps: FaultStep[] = [];
  const burstStartedAt = Date.now() - client.clockStart;
  const faults = sleep(o.faultAfterMs).then(() => o.faults(steps));
  const finishes = ready.map((p, i) => sleep((i * 1_000) / o.ratePerSecond).then(() => finishParticipant(client, p)));
  const [finished] = await Promise.all([Promise.all(finishes), faults]);
  return { finished, steps, burstStartedAt };
}

export interface RunReport {
  scenario: string;
  participants: number;
  /** Participants whose dashboard never showed the right final type and the report, or whose PDF did not come. */
  lost: string[];
  /** More than one of something that must happen once. */
  duplicated: string[];
  /** Failed requests under the client's policy (participant-flow.ts). */
  failed: string[];
  stats: Omit<CallStats, 'failures'>;
  steps: FaultStep[];
  /** Per event type: distinct ids seen on the tap, and messages (a redelivered copy counts again). */
  events: Record<string, { ids: number; messages: number }>;
  /** Messages left on each service's dead-letter and retry queues. */
  parked: Record<string, number>;
  /** When the last participant's results were all there (ms since the run's clock started), and the burst's end. */
  settledAt: number | null;
  /** The participants were prepared before this (ms since the run's clock started). */
  burstStartedAt: number;
  burstEndedAt: number;
  seconds: number;
}

interface TapEvent {
  id: string;
  type: string;
  subject?: string;
  data?: Record<string, unknown>;
}

/** Each participant must see each of these exactly once (distinct event ids), per `key`. */
const ONCE_PER_PARTICIPANT: { type: string; key: (e: TapEvent) => string }[] = [
  { type: 'scoring.score.finalized.v1', key: () => '' },
  { type: 'reports.report.generated.v2', key: () => '' },
  { type: 'scoring.nardi.completed.v1', key: () => '' },
  { type: 'scoring.nardi.completed.v2', key: () => '' },
  { type: 'participants.survey.completed.v1', key: (e) => String(e.data?.surveyId) },
];

/**
 * Waits for every participant's results, then counts. Lost: no final type, the wrong one, no
 * report listed, no PDF. Duplicated: per participant more than one finalized score, generated
 * report, completed Nardi or completion per survey on the exchange; a stored score or report
 * of another version than 1; more than one PDF file; an inbox holding an event twice over.
 * Also: outboxes left unsent, messages parked on a DLQ or still waiting in a retry queue.
 */
export async function settleAndCount(
  scenario: string,
  stack: FaultStack,
  client: StudyClient,
  run: { finished: Finished[]; steps: FaultStep[]; burstStartedAt: number },
  o: { expectedParked?: Record<string, number>; ignoreEventIds?: Set<string> } = {},
): Promise<RunReport> {
  const outcomes: Outcome[] = await Promise.all(run.finished.map((f) => awaitOutcome(client, f.pgId)));
  const lost: string[] = [];
  const duplicated: string[] = [];
  const byPgId = new Map(run.finished.map((f) => [f.pgId, f]));
  for (const o of outcomes) {
    const expected = byPgId.get(o.pgId)!.expectedType;
    if (o.finalType !== expected) lost.push(`${o.pgId}: final type ${o.finalType ?? 'none'} (expected ${expected})`);
    else if (!o.reportListed) lost.push(`${o.pgId}: the dashboard never listed the final report`);
    else if (!o.pdf || o.pdf.subarray(0, 5).toString('latin1') !== '%PDF-') lost.push(`${o.pgId}: GET /api/user/report did not give a PDF`);
  }
  const pgIds = run.finished.map((f) => f.pgId);

  // The databases.
  const participants = await stack.db('participants').collection<Record<string, unknown> & { _id: string }>('participants').find({ _id: { $in: pgIds } }).toArray();
  const scores = await stack.db('scoring').collection<Record<string, unknown> & { _id: string }>('scores').find({ _id: { $in: pgIds } }).toArray();
  const reports = await stack.db('reports').collection<Record<string, unknown> & { _id: string }>('reports').find({ _id: { $in: pgIds } }).toArray();
  const files = await stack.db('reports').collection<{ _id: string; pgId: string }>('final-report-files').find({ pgId: { $in: pgIds } }, { projection: { pdf: 0 } }).toArray();
  const get = (doc: unknown, at: string): unknown => at.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], doc);
  const unsent: string[] = [];
  for (const pgId of pgIds) {
    const p = participants.filter((d) => d._id === pgId);
    const s = scores.find((d) => d._id === pgId);
    const r = reports.find((d) => d._id === pgId);
    if (p.length !== 1) duplicated.push(`${pgId}: ${p.length} participant documents`);
    // Version 1 is the one final score each participant gets; a higher one means it was made again.
    // (Lower, or absent, is a result still missing: the API check above counts it as lost.)
    const above1 = (doc: unknown, at: string) => Number(get(doc, at) ?? 0) > 1;
    if (p[0] && (above1(p[0], 'finalScoreVersion') || above1(p[0], 'finalReport.scoreVersion'))) {
      duplicated.push(`${pgId}: svc-participants holds final score version ${String(get(p[0], 'finalScoreVersion'))}, report of version ${String(get(p[0], 'finalReport.scoreVersion'))}`);
    }
    if (s && (above1(s, 'finalScoreVersion') || above1(s, 'finalScore.version'))) {
      duplicated.push(`${pgId}: svc-scoring finalized ${String(get(s, 'finalScoreVersion'))} times (stored version ${String(get(s, 'finalScore.version'))})`);
    }
    if (r && (above1(r, 'scoreVersion') || above1(r, 'finalReport.version'))) {
      duplicated.push(`${pgId}: svc-reports holds score version ${String(get(r, 'scoreVersion'))}, report version ${String(get(r, 'finalReport.version'))}`);
    }
    const fileCount = files.filter((f) => f.pgId === pgId).length;
    if (fileCount > 1) duplicated.push(`${pgId}: ${fileCount} final report files`);
    for (const [service, doc] of [['participants', p[0]], ['scoring', s], ['reports', r]] as const) {
      const outbox = get(doc, 'outbox');
      if (Array.isArray(outbox) && outbox.length > 0) unsent.push(`${pgId}: ${outbox.length} event(s) never sent from svc-${service}'s outbox`);
    }
  }
  lost.push(...unsent);

  // The events on the exchange, as the tap saw them.
  const tapped = await stack.drainQueue(stack.info.tapQueue);
  const events: Record<string, { ids: number; messages: number }> = {};
  const idsPer = new Map<string, Set<string>>();
  const tapIds = new Set<string>();
  for (const msg of tapped) {
    let event: TapEvent;
    try {
      event = JSON.parse(msg.content.toString('utf8')) as TapEvent;
    } catch {
      continue;
    }
    if (typeof event?.id !== 'string' || o.ignoreEventIds?.has(event.id)) continue;
    const counted = (events[event.type] ??= { ids: 0, messages: 0 });
    counted.messages += 1;
    if (!tapIds.has(event.id)) counted.ids += 1;
    tapIds.add(event.id);
    const rule = ONCE_PER_PARTICIPANT.find((r) => r.type === event.type);
    if (!rule || !event.subject) continue;
    const key = `${event.subject}|${event.type}|${rule.key(event)}`;
    const ids = idsPer.get(key) ?? new Set<string>();
    ids.add(event.id);
    idsPer.set(key, ids);
  }
  for (const pgId of pgIds) {
    for (const rule of ONCE_PER_PARTICIPANT) {
      const keys = rule.type === 'participants.survey.completed.v1' ? ['typeFinder', 'nardi', 'selfAssessment'] : [''];
      for (const k of keys) {
        const n = idsPer.get(`${pgId}|${rule.type}|${k}`)?.size ?? 0;
        if (n > 1) duplicated.push(`${pgId}: ${n} ${rule.type}${k ? ` (${k})` : ''} events with different ids`);
        if (n === 0) lost.push(`${pgId}: no ${rule.type}${k ? ` (${k})` : ''} event was published`);
      }
    }
  }

  // Each inbox: handled ids are unique by construction; an id handled that no one published would be a bug of the count.
  for (const service of SERVICE_NAMES) {
    const inbox = await stack.db(service).collection<{ _id: string; type: string }>('inbox').find({}, { projection: { _id: 1, type: 1 } }).toArray();
    const unknown = inbox.filter((e) => !tapIds.has(e._id) && !o.ignoreEventIds?.has(e._id));
    if (unknown.length > 0) duplicated.push(`svc-${service}'s inbox holds ${unknown.length} event id(s) never seen on the exchange`);
  }

  // Parked or still waiting messages.
  const parked: Record<string, number> = {};
  const delays = stack.info.retryDelaysMs ?? [1_000, 5_000, 15_000, 60_000];
  for (const service of SERVICE_NAMES) {
    const queue = stack.info.queues[service];
    for (const name of [`${queue}.dlq`, ...[...new Set(delays)].map((ms) => `${queue}.retry.${ms}ms`)]) {
      const count = await stack.messageCount(name);
      const label = name.slice(stack.info.queues[service].length - `svc-${service}`.length);
      const expected = o.expectedParked?.[label] ?? 0;
      if (count > 0 || expected > 0) parked[label] = count;
      if (count > expected) lost.push(`${count - expected} unexpected message(s) on ${label}`);
    }
  }

  const settled = outcomes.map((x) => x.settledAt);
  const { failures, ...stats } = client.stats;
  return {
    scenario,
    participants: pgIds.length,
    lost,
    duplicated,
    failed: failures.map(describeFailure),
    stats,
    steps: run.steps,
    events,
    parked,
    settledAt: settled.every((x) => x !== null) ? Math.max(...(settled as number[])) : null,
    burstStartedAt: run.burstStartedAt,
    burstEndedAt: Math.max(...run.finished.map((f) => f.endedAt)),
    seconds: Math.round((Date.now() - client.clockStart) / 100) / 10,
  };
}

function describeFailure(f: Failure): string {
  return `${(f.at / 1000).toFixed(1)}s ${f.route} ${f.kind}${f.status ? ` ${f.status}` : ''}${f.code ? ` ${f.code}` : ''}: ${f.detail.slice(0, 200)}`;
}

/** Keeps the run's figures beside its logs and prints a short summary (the evidence of a failed run). */
export function recordReport(stack: FaultStack, report: RunReport): void {
  const file = path.join(path.dirname(stack.info.logDir), 'report.json');
  fs.writeFileSync(file, JSON.stringify(report, null, 2));
  const lines = [
    `[fault] ${report.scenario}: ${report.participants} participants in ${report.seconds} s (burst from ${(report.burstStartedAt / 1000).toFixed(1)} s to ${(report.burstEndedAt / 1000).toFixed(1)} s, all results ${report.settledAt === null ? 'never' : `${(report.settledAt / 1000).toFixed(1)} s`})`,
    `  faults: ${report.steps.map((s) => `${s.what} ${(s.startedAt / 1000).toFixed(1)}-${(s.endedAt / 1000).toFixed(1)} s`).join('; ')}`,
    `  lost ${report.lost.length}, duplicated ${report.duplicated.length}, failed ${report.failed.length}; requests ${report.stats.requests}, 503+Retry-After ${report.stats.retried503}, not ready ${JSON.stringify(report.stats.notReady)}, stream waits timed out ${report.stats.streamWaitsTimedOut}, stream reconnects ${report.stats.streamReconnects}, closed on resend ${report.stats.closedOnResend}`,
    `  events ${JSON.stringify(report.events)} parked ${JSON.stringify(report.parked)}`,
    ...[...report.lost, ...report.duplicated, ...report.failed].slice(0, 15).map((line) => `  - ${line}`),
    `  figures: ${file}`,
  ];
  console.log(lines.join('\n'));
}

/** The three counts the scenarios assert, each as a list so that a failure shows what went wrong. */
export function verdict(report: RunReport): { lost: string[]; duplicated: string[]; failed: string[] } {
  return { lost: report.lost, duplicated: report.duplicated, failed: report.failed };
}

export interface ScenarioOptions {
  /** Participants finishing in the burst. */
  participants: number;
  ratePerSecond: number;
  /** When the faults start, from the burst's start. */
  faultAfterMs: number;
  faults: (stack: FaultStack, client: StudyClient, steps: FaultStep[]) => Promise<void>;
  /** How long the whole run may take, preparation and waiting for results included. */
  deadlineMs?: number;
  expectedParked?: Record<string, number>;
  ignoreEventIds?: Set<string>;
}

/** Prepares the participants, runs the burst with its faults, waits for every result and counts. */
export async function runScenario(scenario: string, stack: FaultStack, o: ScenarioOptions): Promise<RunReport> {
  const client = new StudyClient({ url: stack.info.url, typeFinderWidgetUrl: stack.info.typeFinderWidgetUrl }, Date.now() + (o.deadlineMs ?? 240_000));
  const ready = await prepareParticipants(client, o.participants);
  const run = await runBurst(client, ready, { ratePerSecond: o.ratePerSecond, faultAfterMs: o.faultAfterMs, faults: (steps) => o.faults(stack, client, steps) });
  const report = await settleAndCount(scenario, stack, client, run, { expectedParked: o.expectedParked, ignoreEventIds: o.ignoreEventIds });
  recordReport(stack, report);
  return report;
}

export { StudyClient };
