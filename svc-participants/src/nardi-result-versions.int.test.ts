import { connect as amqpConnect } from 'amqplib';
import { MongoClient } from 'mongodb';
import request from 'supertest';
import {
  EventTypes,
  nardiCompletedDataSchema,
  nardiCompletedV2DataSchema,
  nardiReportSchema,
  userViewSchema,
  type CloudEventEnvelope,
  type SurveyInput,
  type NardiScoresView,
} from '@study/contracts';
import { consumerTopology, createEvent } from '@study/event-bus';
import { SAMPLE_ANSWERS, SAMPLE_SCORES } from '@study/personality/testing';
import { memoryLogger, probeQueue, serviceTestEnv, waitFor, type ProbeQueue, loggedParticipant } from '@study/service-kit/testing';
import { createOpenHumansStandin, loadConfig as loadOpenHumansConfig, type OpenHumansStandin } from '@study/standin-open-humans';
import { SIGNATURE_HEADER, signBody } from '@study/standin-typefinder';
import { start, type RunningParticipants } from './app';
import type { ParticipantsConfig } from './config';
import { participantsTestConfig } from './test-support/participants-test-config';
import { freePort } from '@study/test-infra';
import { PARTICIPANTS_COLLECTION } from './data-access/participants-repository';
import { storedScores } from './data-access/stored-participant';
import { startSiblingService, type SiblingService } from './test-support/sibling-services';
import { consentThroughStudy } from './test-support/consent-agreement';

/**
 * scoring.nardi.completed.v2 published beside v1 (contracts/events.ts): svc-scoring (its own
 * process, as deployed) publishes both for one completion; svc-participants (here) and
 * svc-reports (its own process) read v2, and still v1 from an older svc-scoring, keeping one
 * result per completion (svc-participants: the consistency and the scores). Driven
 * through the HTTP API as the frontends do, on the real broker and database; every Nardi result
 * event is counted: none lost, duplicated, retried or dead-lettered.
 */

const OH_CLIENT_ID = 'study-client';
const OH_CLIENT_SECRET = 'study-secret-123';
const OH_WEBHOOK_SECRET = 'oh-webhook-secret-for-tests';
const TF_SECRET = 'typefinder-secret-for-tests';
const HOST = 'study.example.org';
const ANSWERS = SAMPLE_ANSWERS.map(({ id, value }) => ({ id, value }));
const V1 = EventTypes.nardiCompleted;
const V2 = EventTypes.nardiCompletedV2;
const RESULT_TYPES: string[] = [V1, V2];
const RETRYING = 'event handling failed; will retry';

type LogLine = Record<string, unknown>;

function nardi(status: string, fields: Record<string, unknown> = {}): SurveyInput {
  return { id: 'nardi', status, index: 24, answers: ANSWERS, ...fields } as SurveyInput;
}

/** A sibling's JSON log lines (anything else it printed is skipped). */
function jsonLines(output: string): LogLine[] {
  return output.split('\n').flatMap((line) => {
    try {
      const parsed: unknown = JSON.parse(line);
      return parsed !== null && typeof parsed === 'object' ? [parsed as LogLine] : [];
    } catch {
      return [];
    }
  });
}

jest.setTimeout(120_000);

describe('scoring.nardi.completed.v2 beside v1: svc-participants and svc-reports read v2 (and v1 from an older svc-scoring)', () => {
  const testEnv = serviceTestEnv('participants-nardi-versions');
  const scoringNames = serviceTestEnv('svc-scoring');
  const reportsNames = serviceTestEnv('svc-reports');
  const { logger, lines } = memoryLogger('debug', 'svc-participants');
  let openHumans: OpenHumansStandin;
  let config: ParticipantsConfig;
  let svc: RunningParticipants;
  let scoring: SiblingService | undefined;
  let reports: SiblingService;
  let probe: ProbeQueue;
  let mongo: MongoClient;
  /** Everything published on the exchange, in order, as far as it has been read. */
  const published: CloudEventEnvelope[] = [];
  /** Log lines of every svc-scoring process this test ran (one is stopped and replaced). */
  const scoringOutputs: (() => string)[] = [];

  const siblingEnv = (names: { env: Record<string, string> }) => ({ ...names.env, EVENTS_EXCHANGE: config.EVENTS_EXCHANGE, LOG_LEVEL: 'debug' });
  const startScoring = async () => {
    const started = await startSiblingService('svc-scoring', siblingEnv(scoringNames));
    scoringOutputs.push(() => started.output());
    scoring = started;
  };

  beforeAll(async () => {
    const port = await freePort();
    openHumans = createOpenHumansStandin(
      loadOpenHumansConfig({ PORT: '0', CLIENT_ID: OH_CLIENT_ID, CLIENT_SECRET: OH_CLIENT_SECRET, DEAUTH_WEBHOOK_URL: `http://127.0.0.1:${port}/api/openhumans/deauthorize`, WEBHOOK_SECRET: OH_WEBHOOK_SECRET }),
    );
    const ohUrl = (await openHumans.start()).url;
    config = participantsTestConfig(testEnv.env, {
      PORT: String(port),
      OH_BASE_URL: ohUrl,
      OH_CLIENT_ID,
      OH_CLIENT_SECRET,
      STUDY_EMAIL_HOST: HOST,
      TYPEFINDER_WEBHOOK_SECRET: TF_SECRET,
      OH_WEBHOOK_SECRET,
    });
    svc = await start(config, { logger });
    probe = await probeQueue(config.AMQP_URL, config.EVENTS_EXCHANGE, '#');
    const [, startedReports] = await Promise.all([startScoring(), startSiblingService('svc-reports', siblingEnv(reportsNames))]);
    reports = startedReports;
    mongo = await MongoClient.connect(config.MONGO_URL);
  });

  afterAll(async () => {
    await probe?.close();
    await reports?.stop();
    await scoring?.stop();
    await svc?.stop();
    await openHumans?.stop();
    for (const names of [scoringNames, reportsNames]) await mongo?.db(names.dbName).dropDatabase();
    await mongo?.close();
    const connection = await amqpConnect(testEnv.env.AMQP_URL!);
    try {
      const channel = await connection.createChannel();
      for (const names of [scoringNames, reportsNames]) {
        const topology = consumerTopology(config.EVENTS_EXCHANGE, names.queue);
        for (const queue of [topology.queue, topology.deadLetterQueue, ...topology.retryQueues.map((r) => r.name)]) await channel.deleteQueue(queue);
      }
      await channel.close();
    } finally {
      await connection.close();
    }
    await testEnv.cleanup();
  });

  // ---- helpers -------------------------------------------------------------------------------

  async function consent(): Promise<string> {
    return (await consentThroughStudy(svc.url)).pgId;
  }

  const save = (pgId: string, survey: unknown) => request(svc.url).post('/api/user/survey').send({ pgId, survey }).expect(200);

  /**
   * The TypeFinder test first (a signed result, then Submit Results: Nardi opens after it), then
   * Nardi over the API: part one and the three choices (NT, NTJ, INTJ: the sample answers' best
   * fit, consistency 10).
   */
  async function nardiSurvey(pgId: string): Promise<void> {
    const raw = JSON.stringify({ email: `${pgId}@${HOST}`, typeCode: 'INTJ' });
    await request(svc.url).post('/api/typefinder/results').set('content-type', 'application/json').set(SIGNATURE_HEADER, signBody(raw, TF_SECRET)).send(raw).expect(200);
    await request(svc.url).post('/api/user/tfresult').send({ pgId }).expect(200);
    await save(pgId, nardi('part-one'));
    await save(pgId, nardi('part-two', { selectedTemperament: 'NT' }));
    await save(pgId, nardi('part-three', { selectedTemperament: 'NT', selectedFP: 'NTJ' }));
    await save(pgId, nardi('completed', { selectedTemperament: 'NT', selectedFP: 'NTJ', selectedTypeCode: 'INTJ' }));
  }

  const consistencyShown = (pgId: string) =>
    waitFor(async () => userViewSchema.parse((await request(svc.url).post('/api/user').send({ pgId }).expect(200)).body).nardi.consistency, 'the consistency on the dashboard', 30_000);

  const nardiReport = (pgId: string) => request(reports.url).post('/api/user/nardi/report').send({ pgId });
  const reportOnceReady = async (pgId: string) => {
    const res = await waitFor(async () => {
      const answer = await nardiReport(pgId);
      return answer.status === 200 ? answer : undefined;
    }, 'the Nardi report', 30_000);
    return nardiReportSchema.parse(res.body);
  };

  /** The events published so far that match, reading the probe until `enough` says so. */
  async function publishedWhen(match: (e: CloudEventEnvelope) => boolean, enough: (found: CloudEventEnvelope[]) => boolean, what: string): Promise<CloudEventEnvelope[]> {
    return waitFor(async () => {
      const found = published.filter(match);
      if (enough(found)) return found;
      published.push((await probe.next(20_000)) as CloudEventEnvelope);
      return undefined;
    }, what, 40_000);
  }

  const isNardiCompletion = (pgId: string) => (e: CloudEventEnvelope) =>
    e.subject === pgId && e.type === EventTypes.surveyCompleted && (e.data as { surveyId?: string }).surveyId === 'nardi';

  const resultEventsOf = (pgId: string) => published.filter((e) => e.subject === pgId && RESULT_TYPES.includes(e.type));

  const inboxIds = async (db: 'participants' | 'reports') => {
    const collection = db === 'participants' ? svc.ctx.db.collection('inbox') : mongo.db(reportsNames.dbName).collection('inbox');
    return new Set((await collection.find({}, { projection: { _id: 1 } }).toArray()).map((entry) => String(entry._id)));
  };
  const handledEverywhere = (ids: string[]) =>
    waitFor(async () => {
      const [participants, reportsInbox] = await Promise.all([inboxIds('participants'), inboxIds('reports')]);
      return ids.every((id) => participants.has(id) && reportsInbox.has(id));
    }, 'svc-participants and svc-reports to handle the Nardi result events', 30_000);

  const reportsLines = () => jsonLines(reports.output());
  const scoringLines = () => scoringOutputs.flatMap((output) => jsonLines(output()));
  const outcomesIn = (logLines: LogLine[], msg: string, pgId: string) => logLines.filter((l) => l.msg === msg && l.participant === loggedParticipant(pgId));

  /**
   * Waits until nothing more is on its way: scoring's outbox is empty, then a marker published
   * after it has reached both consumers' inboxes and the probe (queues are worked in order), so
   * every copy of an event that could come has come.
   */
  async function settle(): Promise<void> {
    const scores = mongo.db(scoringNames.dbName).collection('scores');
    await waitFor(async () => (await scores.countDocuments({ outboxPending: true })) === 0, "svc-scoring's outbox to empty", 30_000);
    // An event both consumers handle (a type they do not handle leaves no inbox entry), about nobody this test follows.
    const marker = createEvent({ type: EventTypes.scoreCleared, source: 'svc-scoring', subject: '00000000-0000-4000-8000-000000000000', data: { version: 1, reason: 'inputs-incomplete', clearedAt: new Date().toISOString() } });
    await svc.ctx.broker.publish(marker);
    await handledEverywhere([marker.id]);
    await publishedWhen((e) => e.id === marker.id, (found) => found.length === 1, 'the marker on the probe');
  }

  async function queueMessages(names: { queue: string }, pick: (t: ReturnType<typeof consumerTopology>) => string[]): Promise<number> {
    const connection = await amqpConnect(config.AMQP_URL);
    try {
      const channel = await connection.createChannel();
      let total = 0;
      for (const queue of pick(consumerTopology(config.EVENTS_EXCHANGE, names.queue))) total += (await channel.checkQueue(queue)).messageCount;
      await channel.close();
      return total;
    } finally {
      await connection.close();
    }
  }

  /**
   * The count this test is about, over the Nardi result events of `pgIds`. Lost: an event one
   * of the consumers never handled. Duplicated: a result stored twice by one consumer. Retried:
   * a failed attempt logged by any service, or a message waiting on a retry queue. Dead-lettered:
   * a message on any service's dead-letter queue.
   */
  async function tally(pgIds: string[]) {
    const [participantsInbox, reportsInbox] = await Promise.all([inboxIds('participants'), inboxIds('reports')]);
    const events = pgIds.flatMap(resultEventsOf);
    const lost = events.flatMap((e) => [
      ...(participantsInbox.has(e.id) ? [] : [`svc-participants never handled ${e.type} ${e.id}`]),
      ...(reportsInbox.has(e.id) ? [] : [`svc-reports never handled ${e.type} ${e.id}`]),
    ]);
    const duplicated = pgIds.flatMap((pgId) => [
      ...(outcomesIn(lines(), 'Nardi result from scoring', pgId).filter((l) => l.outcome === 'stored').length > 1 ? [`svc-participants stored the result of ${pgId} twice`] : []),
      ...(outcomesIn(reportsLines(), 'Nardi result recorded', pgId).filter((l) => l.outcome === 'stored').length > 1 ? [`svc-reports stored the result of ${pgId} twice`] : []),
    ]);
    const all = [testEnv, scoringNames, reportsNames];
    const retryQueues = await Promise.all(all.map((names) => queueMessages(names, (t) => t.retryQueues.map((r) => r.name))));
    const deadLetterQueues = await Promise.all(all.map((names) => queueMessages(names, (t) => [t.deadLetterQueue])));
    const retried = [lines(), reportsLines(), scoringLines()].reduce((sum, logLines) => sum + logLines.filter((l) => l.msg === RETRYING).length, 0) + retryQueues.reduce((a, b) => a + b, 0);
    return { lost, duplicated, retried, deadLettered: deadLetterQueues.reduce((a, b) => a + b, 0) };
  }

  const NOTHING_WRONG = { lost: [], duplicated: [], retried: 0, deadLettered: 0 };

  /** What svc-participants keeps of the completed Nardi survey. */
  async function storedNardi(pgId: string): Promise<{ consistency?: number; scores?: unknown } | undefined> {
    const doc = await svc.ctx.db.collection(PARTICIPANTS_COLLECTION).findOne({ _id: pgId as never }, { projection: { 'surveys.nardi.consistency': 1, 'surveys.nardi.scores': 1 } });
    const nardi = (doc?.surveys as { nardi?: { consistency?: number; scores?: NardiScoresView | string } } | undefined)?.nardi;
    return nardi && { ...nardi, ...(nardi.scores === undefined ? {} : { scores: storedScores(nardi.scores) }) };
  }

  // ---- the current svc-scoring: v2 and v1 of one completion ----------------------------------

  it('a Nardi survey completed over the API: svc-scoring publishes v2 and v1 of the one result; svc-participants stores the consistency and the scores once, from whichever comes first; svc-reports builds the report', async () => {
    const pgId = await consent();
    await nardiSurvey(pgId);

    const pair = await publishedWhen((e) => e.subject === pgId && RESULT_TYPES.includes(e.type), (found) => found.length >= 2, `v1 and v2 for ${pgId}`);
    const v2 = pair.find((e) => e.type === V2);
    const v1 = pair.find((e) => e.type === V1);
    const completion = (await publishedWhen(isNardiCompletion(pgId), (found) => found.length === 1, 'the completion'))[0]!;
    // One fact: the same completedAt (the completion's time), the same result; v2 with its scores.
    const result = { typeCode: 'INTJ', consistency: 10, selectedTemperament: 'NT', selectedFP: 'NTJ', completedAt: completion.time, scores: SAMPLE_SCORES };
    expect(v2).toMatchObject({ source: 'svc-scoring' });
    expect(nardiCompletedV2DataSchema.parse(v2?.data)).toEqual(result);
    expect(nardiCompletedDataSchema.parse(v1?.data)).toEqual(result);

    expect(await consistencyShown(pgId)).toBe(10);
    const report = await reportOnceReady(pgId);
    expect(report).toMatchObject({ pgId, status: 'completed', consistency: { score: 10, outOf: 10 }, favourite: { typeCode: 'INTJ' } });
    expect(report.topTypes.map(({ code, score }) => `${code} ${score}/25`)).toEqual(['INTJ 19/25', 'ENTJ 17/25', 'INFJ 16/25']);
    await handledEverywhere([v1!.id, v2!.id]);
    await settle();

    // Exactly one of each on the exchange.
    expect(resultEventsOf(pgId).map((e) => e.type).sort()).toEqual([V1, V2]);
    // svc-participants: v2 and v1 each handled once, on the first attempt; one result from the pair
    // (the consistency and the scores the analysis export holds), the other found it stored.
    expect(lines().filter((l) => l.msg === 'event not handled here' && (l.eventId === v1!.id || l.eventId === v2!.id))).toHaveLength(0);
    expect(lines().filter((l) => l.msg === 'event handled' && (l.eventId === v1!.id || l.eventId === v2!.id)).map((l) => l.attempt)).toEqual([1, 1]);
    const outcomes = outcomesIn(lines(), 'Nardi result from scoring', pgId);
    expect(outcomes.map((l) => l.eventType).sort()).toEqual([V1, V2]);
    expect(outcomes.map((l) => l.outcome).sort()).toEqual(['stored', 'unchanged']);
    expect(await storedNardi(pgId)).toEqual({ consistency: 10, scores: SAMPLE_SCORES });
    // svc-reports: v2 and v1 each handled once, on the first attempt, and one result from the pair.
    expect(reportsLines().filter((l) => l.msg === 'event handled' && (l.eventId === v1!.id || l.eventId === v2!.id)).map((l) => l.attempt)).toEqual([1, 1]);
    const recorded = outcomesIn(reportsLines(), 'Nardi result recorded', pgId);
    expect(recorded.map((l) => l.eventType).sort()).toEqual([V1, V2]);
    expect(recorded.map((l) => l.outcome).sort()).toEqual(['stored', 'unchanged']);
    const held = await mongo.db(reportsNames.dbName).collection('reports').findOne({ _id: pgId as never });
    // svc-reports keeps the scores as their JSON text.
    expect({ ...held?.nardi?.result, scores: JSON.parse(held?.nardi?.result?.scores as string) }).toEqual({ ...result, completedAt: new Date(completion.time) });

    expect(await tally([pgId])).toEqual(NOTHING_WRONG);
  });

  // ---- an older svc-scoring (v1 only) during the rollout -------------------------------------

  it('from an older svc-scoring that publishes only v1, svc-reports still builds the report; the current release taking over the same completion changes nothing', async () => {
    await scoring?.stop();
    scoring = undefined;
    const pgId = await consent();
    await nardiSurvey(pgId);
    const completion = (await publishedWhen(isNardiCompletion(pgId), (found) => found.length === 1, 'the completion'))[0]!;

    // What a release before v2 published for this completion: v1 alone (with the scores it always sent).
    const result = { typeCode: 'INTJ', consistency: 10, selectedTemperament: 'NT', selectedFP: 'NTJ', completedAt: completion.time, scores: SAMPLE_SCORES };
    const older = createEvent({ type: V1, source: 'svc-scoring', subject: pgId, data: result, correlationId: completion.correlationid });
    await svc.ctx.broker.publish(older);
    expect(await consistencyShown(pgId)).toBe(10);
    const report = await reportOnceReady(pgId);
    expect(report).toMatchObject({ pgId, consistency: { score: 10, outOf: 10 }, favourite: { typeCode: 'INTJ' } });

    // The current release starts and works the completion waiting in its queue: v2 and v1 again, for the same completedAt.
    await startScoring();
    const current = await publishedWhen((e) => e.subject === pgId && RESULT_TYPES.includes(e.type) && e.id !== older.id, (found) => found.length >= 2, 'v1 and v2 from the current release');
    expect(current.map((e) => (e.data as { completedAt: string }).completedAt)).toEqual([completion.time, completion.time]);
    await handledEverywhere(resultEventsOf(pgId).map((e) => e.id));
    await settle();

    expect(resultEventsOf(pgId).map((e) => e.type).sort()).toEqual([V1, V1, V2]);
    // One result in each consumer: stored from the older v1 (with the scores it sent), unchanged by the pair.
    const outcomes = outcomesIn(lines(), 'Nardi result from scoring', pgId);
    expect(outcomes.map((l) => l.outcome)).toEqual(['stored', 'unchanged', 'unchanged']);
    expect(outcomes[0]).toMatchObject({ eventType: V1 });
    expect(await storedNardi(pgId)).toEqual({ consistency: 10, scores: SAMPLE_SCORES });
    const recorded = outcomesIn(reportsLines(), 'Nardi result recorded', pgId);
    expect(recorded[0]).toMatchObject({ outcome: 'stored', eventType: V1 });
    expect(recorded.slice(1).map((l) => l.outcome)).toEqual(['unchanged', 'unchanged']);
    // The report stands as built (built once, for this completion).
    expect(nardiReportSchema.parse((await nardiReport(pgId).expect(200)).body)).toEqual(report);

    expect(await tally([pgId])).toEqual(NOTHING_WRONG);
  });

  // ---- a v1 without scores (a release before they were sent), then the current release -------

  it('a v1 without scores stores the consistency; the v2 of the same completion then adds the scores, once', async () => {
    await scoring?.stop();
    scoring = undefined;
    const pgId = await consent();
    await nardiSurvey(pgId);
    const completion = (await publishedWhen(isNardiCompletion(pgId), (found) => found.length === 1, 'the completion'))[0]!;

    const { scores: _scores, ...withoutScores } = { typeCode: 'INTJ', consistency: 10, selectedTemperament: 'NT', selectedFP: 'NTJ', completedAt: completion.time, scores: SAMPLE_SCORES };
    const oldest = createEvent({ type: V1, source: 'svc-scoring', subject: pgId, data: withoutScores, correlationId: completion.correlationid });
    await svc.ctx.broker.publish(oldest);
    expect(await consistencyShown(pgId)).toBe(10);
    await waitFor(async () => (await inboxIds('participants')).has(oldest.id), 'svc-participants to handle the v1 without scores', 30_000);
    expect(await storedNardi(pgId)).toEqual({ consistency: 10 });

    await startScoring();
    await publishedWhen((e) => e.subject === pgId && RESULT_TYPES.includes(e.type) && e.id !== oldest.id, (found) => found.length >= 2, 'v1 and v2 from the current release');
    await handledEverywhere(resultEventsOf(pgId).map((e) => e.id));
    await settle();

    // Stored from the old v1 (consistency), stored again only to add the scores, then unchanged.
    const outcomes = outcomesIn(lines(), 'Nardi result from scoring', pgId).map((l) => [l.outcome, l.withScores]);
    expect(outcomes).toEqual([
      ['stored', false],
      ['stored', true],
      ['unchanged', true],
    ]);
    expect(await storedNardi(pgId)).toEqual({ consistency: 10, scores: SAMPLE_SCORES });
    const { lost, deadLettered } = await tally([pgId]);
    expect({ lost, deadLettered }).toEqual({ lost: [], deadLettered: 0 });
  });
});
