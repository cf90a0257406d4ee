import { events, nardiScoredDataSchema, type NardiAnswer, type NardiCompletedV2Data, type NardiScoredData, type SurveyCompletedData } from '@study/contracts';
import { eventOf, type CloudEvent } from '@study/event-bus';
import type { ApplyOutcome } from '@study/document-writes';
import { completeNardi, scoreNardi, type NardiScores } from '@study/personality';
import type { NardiRecord } from '../../data-access/scores-collection';
import { finalScoreEvents, recomputeFinalScore, saveScores, withFields, type SourceEvent } from '../score-document';
import type { NardiDeps } from './deps';
import { nardiCompletedEvents } from './nardi-completed-events';

function sortedAnswers(answers: readonly NardiAnswer[]): NardiAnswer[] {
  return [...answers].sort((a, b) => a.id - b.id).map(({ id, value }) => ({ id, value }));
}

function sameAnswers(a: readonly NardiAnswer[] | undefined, b: readonly NardiAnswer[]): boolean {
  return a !== undefined && JSON.stringify(sortedAnswers(a)) === JSON.stringify(sortedAnswers(b));
}

/**
 * Applies one participants event to the participant's Nardi record: nothing for an event older
 * than what the record already reflects; otherwise the new record, the events it causes, the final
 * score recomputed with it (the Nardi result is one of its inputs) and that score's event are
 * stored in one write.
 */
function applyToNardi(
  deps: NardiDeps,
  source: SourceEvent,
  change: (current: NardiRecord | undefined) => { nardi: NardiRecord; events: CloudEvent[] } | 'unchanged',
): Promise<ApplyOutcome> {
  return deps.scores.change(source.pgId, (doc) => {
    const current = doc?.nardi;
    if (current && current.asOf.getTime() > source.time.getTime()) return 'stale';
    const result = change(current);
    if (result === 'unchanged') return 'unchanged';
    const fields = { nardi: result.nardi };
    const finalScore = recomputeFinalScore(deps, withFields(doc, source.pgId, fields));
    return { events: [...result.events, ...finalScoreEvents(finalScore)], write: (document) => saveScores(deps, source, document, fields, finalScore) };
  });
}

/** scoring.nardi.scored.v1; `answeredAt` when it scores the answers of a participants.nardi.answered.v1 event. */
function scoredEvent(deps: NardiDeps, source: SourceEvent, scores: NardiScores, answeredAt?: Date): CloudEvent {
  const data: NardiScoredData = nardiScoredDataSchema.parse({ ...scores, ...(answeredAt ? { answeredAt: answeredAt.toISOString() } : {}) });
  return eventOf(events.nardiScored, { source: deps.service, subject: source.pgId, data });
}

/**
 * participants.nardi.answered.v1: part one was saved. Scores the 25 answers (scoreNardi),
 * stores answers and scores, and publishes scoring.nardi.scored.v1 (svc-participants tells the
 * participant's screens the scores are here). New part-one answers start the survey afresh here
 * (earlier choices and results go, and with them a final score).
 */
export async function scorePartOne(deps: NardiDeps, source: SourceEvent, answers: readonly NardiAnswer[]): Promise<ApplyOutcome> {
  const outcome = await applyToNardi(deps, source, (current) => {
    if (current?.scores && sameAnswers(current.answers, answers) && !current.final) return 'unchanged';
    const scores = scoreNardi(answers);
    const nardi: NardiRecord = { asOf: source.time, answers: sortedAnswers(answers), scores, scoredAt: deps.now() };
    return { nardi, events: [scoredEvent(deps, source, scores, source.time)] };
  });
  deps.logger.info({ pgId: source.pgId, outcome }, 'Nardi part one scored');
  return outcome;
}

/**
 * participants.survey.completed.v1 for Nardi: checks the part two to four choices against the
 * part-one scores and computes the consistency (completeNardi), stores the result and
 * publishes it with the scores it was checked against as scoring.nardi.completed.v2 and v1
 * (nardiCompletedEvents; and scoring.nardi.scored.v1 when the part-one answers had not been
 * scored here yet), all in the one write. The event carries the answers, so a lost or late
 * part-one event does not matter.
 */
export async function completeNardiSurvey(deps: NardiDeps, source: SourceEvent, data: SurveyCompletedData & { surveyId: 'nardi' }): Promise<ApplyOutcome> {
  const outcome = await applyToNardi(deps, source, (current) => {
    // The same completion again (a redelivery): its result is stored and published already.
    if (current?.final && current.final.completedAt.getTime() === source.time.getTime() && sameAnswers(current.answers, data.answers)) return 'unchanged';
    const known = current?.scores !== undefined && sameAnswers(current.answers, data.answers);
    const scores = known ? (current?.scores as NardiScores) : scoreNardi(data.answers);
    const selections = { selectedTemperament: data.selectedTemperament, selectedFP: data.selectedFP, selectedTypeCode: data.selectedTypeCode };
    const completion = completeNardi(scores, selections);
    if (completion.typeCode !== data.typeCode) {
      deps.logger.warn({ pgId: source.pgId, sent: data.typeCode, computed: completion.typeCode }, 'Nardi typeCode differs from the part-four choice');
    }
    const result: NardiCompletedV2Data = {
      typeCode: completion.typeCode,
      consistency: completion.consistency,
      selectedTemperament: completion.selectedTemperament,
      selectedFP: completion.selectedFP,
      completedAt: source.time.toISOString(),
      scores: nardiScoredDataSchema.parse(scores),
    };
    const nardi: NardiRecord = {
      asOf: source.time,
      answers: sortedAnswers(data.answers),
      scores,
      scoredAt: known ? current?.scoredAt : deps.now(),
      selections: { selectedTemperament: completion.selectedTemperament, selectedFP: completion.selectedFP, selectedTypeCode: completion.typeCode },
      final: { typeCode: completion.typeCode, consistency: completion.consistency, completedAt: source.time, finalizedAt: deps.now() },
    };
    const completed = nardiCompletedEvents(deps.service, source, result, deps.now());
    return { nardi, events: known ? completed : [scoredEvent(deps, source, scores), ...completed] };
  });
  deps.logger.info({ pgId: source.pgId, outcome }, 'Nardi survey completed');
  return outcome;
}
