import type { NardiCompletedData, SurveyId } from '@study/contracts';
import type { ApplyOutcome } from '@study/document-writes';
import type { ReportsDeps } from '../deps';
import { codedScores } from '../../data-access/reports-collection';

/**
 * The Nardi result and its part-one scores, what the Nardi report is built from: from
 * scoring.nardi.completed.v2, or from v1 (sent by a svc-scoring release older than v2, during a
 * rollout). A current svc-scoring publishes both for one completion, with the same completedAt:
 * whichever comes first is stored and the other changes nothing, so the pair never makes two
 * results (or two reports). Only the scores may still be added to a held result that came
 * without them (a v1 may omit them). A result for a completion older than what is held (one
 * from before a reset) changes nothing; a new one replaces the old and the report built from
 * the old goes.
 */
export async function recordNardiResult(deps: ReportsDeps, pgId: string, data: NardiCompletedData, eventType: string): Promise<ApplyOutcome> {
  const completedAt = new Date(data.completedAt);
  const outcome = await deps.reports.change(pgId, (doc) => {
    const held = doc?.nardi;
    if (held && held.asOf.getTime() > completedAt.getTime()) return 'stale';
    if (held?.result && held.result.completedAt.getTime() === completedAt.getTime()) {
      // The same completion again (its other version, or a redelivery under a new id).
      if (held.result.scores || !data.scores) return 'unchanged';
      const nardi = { ...held, result: { ...held.result, scores: codedScores(data.scores) } };
      return { write: (document) => deps.reports.save(document, { set: { nardi }, now: deps.now() }) };
    }
    const { typeCode, consistency, selectedTemperament, selectedFP, scores } = data;
    const nardi = { asOf: completedAt, result: { typeCode, consistency, selectedTemperament, selectedFP, completedAt, ...(scores ? { scores: codedScores(scores) } : {}) } };
    // The report built from the result held before goes with it.
    return { write: (document) => deps.reports.save(document, { set: { nardi }, unset: ['nardiReport'], now: deps.now() }) };
  });
  deps.logger.info({ pgId, outcome, eventType }, 'Nardi result recorded');
  return outcome;
}

/** participants.surveys.reset.v1 naming Nardi: the survey starts again, its report goes. */
export async function resetNardi(deps: ReportsDeps, pgId: string, time: Date, surveys: readonly SurveyId[]): Promise<ApplyOutcome> {
  if (!surveys.includes('nardi')) return 'unchanged';
  const outcome = await deps.reports.change(pgId, (doc) => {
    if (doc?.nardi && doc.nardi.asOf.getTime() > time.getTime()) return 'stale';
    return { write: (document) => deps.reports.save(document, { set: { nardi: { asOf: time } }, unset: ['nardiReport'], now: deps.now() }) };
  });
  deps.logger.info({ pgId, outcome }, 'Nardi reset');
  return outcome;
}

/** participants.participant.consented.v1: the reports now know the study ID (their calls answer 409, not 404). */
export async function recordConsent(deps: ReportsDeps, pgId: string, time: Date): Promise<ApplyOutcome> {
  return deps.reports.change(pgId, (doc) => {
    if (doc?.consentedAt && doc.consentedAt.getTime() >= time.getTime()) return 'unchanged';
    return { write: (document) => deps.reports.save(document, { set: { consentedAt: time }, now: deps.now() }) };
  });
}
