import {
  EventTypes,
  nardiCompletedDataSchema,
  nardiScoredDataSchema,
  type NardiAnswer,
  type NardiCompletedData,
  type NardiScoredData,
  type SurveyCompletedData,
} from '@study/contracts';
import { createEvent, outboxLockKey, withOutbox, type CloudEvent } from '@study/event-bus';
import { completeNardi, scoreNardi, type NardiScores } from '@study/personality';
import { SCORES_COLLECTION, type NardiRecord, type ScoreDocument } from '../../data-access/scores-collection';
import type { NardiDeps } from './deps';

/** The keyed-lock key every write of one score document holds (the outbox relay's too). */
export function scoreLockKey(pgId: string): string {
  return outboxLockKey(SCORES_COLLECTION, pgId);
}

/** What a participants event did here. */
export type ApplyOutcome = 'stored' | 'unchanged' | 'stale' | 'erased';

/** The participants event being applied: whose, when, and the request that caused it. */
export interface SourceEvent {
  pgId: string;
  time: Date;
  correlationId?: string;
}

function sortedAnswers(answers: readonly NardiAnswer[]): NardiAnswer[] {
  return [...answers].sort((a, b) => a.id - b.id).map(({ id, value }) => ({ id, value }));
}

function sameAnswers(a: readonly NardiAnswer[] | undefined, b: readonly NardiAnswer[]): boolean {
  return a !== undefined && JSON.stringify(sortedAnswers(a)) === JSON.stringify(sortedAnswers(b));
}

/**
 * Applies one participants event to the participant's Nardi record, under the score
 * document's lock: nothing for an erased participant (their data must not come back), nothing
 * for an event older than what the record already reflects; otherwise the new record and the
 * events it causes are stored in one write.
 */
async function applyToNardi(
  deps: NardiDeps,
  source: SourceEvent,
  change: (current: NardiRecord | undefined) => { nardi: NardiRecord; events: CloudEvent[] } | 'unchanged',
): Promise<ApplyOutcome> {
  const outcome = await deps.lock.run(scoreLockKey(source.pgId), async (): Promise<ApplyOutcome> => {
    if (await deps.erased.isErased(source.pgId)) return 'erased';
    const doc = await deps.scores.findOne({ _id: source.pgId }, { projection: { outbox: 0 } });
    const current = doc?.nardi;
    if (current && current.asOf.getTime() > source.time.getTime()) return 'stale';
    const result = change(current);
    if (result === 'unchanged') return 'unchanged';
    await deps.scores.updateOne(
      { _id: source.pgId },
      withOutbox<ScoreDocument>({ $set: { nardi: withoutUndefined(result.nardi), updatedAt: deps.now() } }, ...result.events),
      { upsert: true },
    );
    if (result.events.length > 0) deps.nudgeOutbox();
    return 'stored';
  });
  return outcome;
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}

function scoredEvent(deps: NardiDeps, source: SourceEvent, scores: NardiScores): CloudEvent {
  const data: NardiScoredData = nardiScoredDataSchema.parse(scores);
  return createEvent({ type: EventTypes.nardiScored, source: deps.service, subject: source.pgId, data, correlationId: source.correlationId });
}

/**
 * participants.nardi.answered.v1: part one was saved. Scores the 25 answers (scoreNardi),
 * stores answers and scores, and publishes scoring.nardi.scored.v1. New part-one answers start
 * the survey afresh here (earlier choices and results go).
 */
export async function scorePartOne(deps: NardiDeps, source: SourceEvent, answers: readonly NardiAnswer[]): Promise<ApplyOutcome> {
  const outcome = await applyToNardi(deps, source, (current) => {
    if (current?.scores && sameAnswers(current.answers, answers) && !current.final) return 'unchanged';
    const scores = scoreNardi(answers);
    const nardi: NardiRecord = { asOf: source.time, answers: sortedAnswers(answers), scores, scoredAt: deps.now() };
    return { nardi, events: [scoredEvent(deps, source, scores)] };
  });
  deps.logger.info({ pgId: source.pgId, outcome }, 'Nardi part one scored');
  return outcome;
}

/**
 * participants.survey.completed.v1 for Nardi: checks the part two to four choices against the
 * part-one scores and computes the consistency (completeNardi), stores the result and
 * publishes scoring.nardi.completed.v1 (and scoring.nardi.scored.v1 when the part-one answers
 * had not been scored here yet). The event carries the answers, so a lost or late part-one
 * event does not matter.
 */
export async function completeNardiSurvey(deps: NardiDeps, source: SourceEvent, data: SurveyCompletedData & { surveyId: 'nardi' }): Promise<ApplyOutcome> {
  const outcome = await applyToNardi(deps, source, (current) => {
    const known = current?.scores !== undefined && sameAnswers(current.answers, data.answers);
    const scores = known ? (current?.scores as NardiScores) : scoreNardi(data.answers);
    const selections = { selectedTemperament: data.selectedTemperament, selectedFP: data.selectedFP, selectedTypeCode: data.selectedTypeCode };
    const completion = completeNardi(scores, selections);
    if (completion.typeCode !== data.typeCode) {
      deps.logger.warn({ pgId: source.pgId, sent: data.typeCode, computed: completion.typeCode }, 'Nardi typeCode differs from the part-four choice');
    }
    const result: NardiCompletedData = nardiCompletedDataSchema.parse({
      typeCode: completion.typeCode,
      consistency: completion.consistency,
      selectedTemperament: completion.selectedTemperament,
      selectedFP: completion.selectedFP,
      completedAt: source.time.toISOString(),
    });
    const nardi: NardiRecord = {
      asOf: source.time,
      answers: sortedAnswers(data.answers),
      scores,
      scoredAt: known ? current?.scoredAt : deps.now(),
      selections: { selectedTemperament: completion.selectedTemperament, selectedFP: completion.selectedFP, selectedTypeCode: completion.typeCode },
      final: { typeCode: completion.typeCode, consistency: completion.consistency, completedAt: source.time, finalizedAt: deps.now() },
    };
    const completed = createEvent({ type: EventTypes.nardiCompleted, source: deps.service, subject: source.pgId, data: result, correlationId: source.correlationId });
    return { nardi, events: known ? [completed] : [scoredEvent(deps, source, scores), completed] };
  });
  deps.logger.info({ pgId: source.pgId, outcome }, 'Nardi survey completed');
  return outcome;
}

/** participants.surveys.reset.v1 naming Nardi: the survey starts again, so what scoring held for it goes. */
export async function resetNardi(deps: NardiDeps, source: SourceEvent): Promise<ApplyOutcome> {
  const outcome = await applyToNardi(deps, source, () => ({ nardi: { asOf: source.time }, events: [] }));
  deps.logger.info({ pgId: source.pgId, outcome }, 'Nardi reset');
  return outcome;
}
