import type { NardiScoredData, ReportGeneratedData, ScoreClearedData, ScoreFinalizedData } from '@study/contracts';
import type { Change } from '@study/document-writes';
import { replacesVersion, versionOrder } from '@study/versioned-writes';
import { participantDocuments } from '../../data-access/participant-documents';
import type { ParticipantDocument } from '../../data-access/participants-repository';
import type { ParticipantsDeps } from '../deps';
import type { Participant } from '../participant';

export type ResultOutcome = 'stored' | 'unchanged' | 'stale' | 'not-found';

type Deps = Pick<ParticipantsDeps, 'participants' | 'lock' | 'nudgeOutbox' | 'logger' | 'now' | 'resultsChanged'>;

/**
 * Applies what `decide` makes of a result to the participant, under their lock; an erased or
 * unknown participant is never recreated by a late result (not-found). A result stored is
 * announced to the participant's open result streams.
 */
export async function changeParticipant(
  deps: Deps,
  pgId: string,
  decide: (participant: Participant) => 'unchanged' | 'stale' | Change<ParticipantDocument>,
): Promise<ResultOutcome> {
  const written = await participantDocuments(deps).change<'unchanged' | 'stale' | 'not-found'>(pgId, (record) =>
    record.state === 'active' ? decide(record.participant) : 'not-found',
  );
  const outcome = written === 'erased' ? 'not-found' : written;
  if (outcome === 'stored') deps.resultsChanged(pgId);
  return outcome;
}

/**
 * scoring.nardi.scored.v1: scoring holds the scores of the part-one answers saved at
 * `answeredAt`; the result stream tells the Nardi screens (part two asks for them then). Scores
 * of answers saved before the current ones change nothing.
 */
export async function recordNardiScored(deps: Deps, pgId: string, data: NardiScoredData): Promise<ResultOutcome> {
  const outcome = await changeParticipant(deps, pgId, (participant) => {
    if (data.answeredAt === undefined) return 'unchanged';
    const answeredAt = new Date(data.answeredAt);
    if (participant.nardiAnsweredAt?.getTime() !== answeredAt.getTime()) return 'stale';
    if (participant.nardiScoredFor?.getTime() === answeredAt.getTime()) return 'unchanged';
    return { write: (document) => deps.participants.setNardiScoredFor(document, answeredAt, deps.now()) };
  });
  deps.logger.info({ pgId, outcome }, 'Nardi part one scored by scoring');
  return outcome;
}

/**
 * scoring.score.finalized.v1: the dashboard shows the final score. Only a newer version than
 * the last applied counts, and not one computed before the participant's last reset (the
 * reset cleared it here at once; scoring's cleared event follows). The report stays shown only
 * if it was made for this version (it may arrive first).
 */
export async function recordFinalScore(deps: Deps, pgId: string, data: ScoreFinalizedData): Promise<ResultOutcome> {
  const outcome = await changeParticipant(deps, pgId, (participant) => {
    if (!replacesVersion(data.version, participant.finalScoreVersion)) return 'stale';
    if (participant.surveysResetAt && Date.parse(data.computedAt) < participant.surveysResetAt.getTime()) return 'stale';
    const report = participant.finalReport;
    const change = {
      finalScore: { typeCode: data.typeCode, computedAt: data.computedAt },
      finalScoreDecidedBy: data.decidedBy,
      finalScoreVersion: data.version,
      // A report made for this version (or a newer one) may have come first.
      finalReport: report && !replacesVersion(data.version, report.scoreVersion) ? report : null,
    };
    return { write: (document) => deps.participants.setFinalScore(document, change, deps.now()) };
  });
  deps.logger.info({ pgId, outcome, version: data.version, typeCode: data.typeCode }, 'final score from scoring');
  return outcome;
}

/** scoring.score.cleared.v1: no final score (and so no report) any more, unless a newer score was applied already. */
export async function clearFinalScore(deps: Deps, pgId: string, data: ScoreClearedData): Promise<ResultOutcome> {
  const outcome = await changeParticipant(deps, pgId, (participant) => {
    if (!replacesVersion(data.version, participant.finalScoreVersion)) return 'stale';
    return { write: (document) => deps.participants.setFinalScore(document, { finalScore: null, finalScoreDecidedBy: null, finalScoreVersion: data.version, finalReport: null }, deps.now()) };
  });
  deps.logger.info({ pgId, outcome, version: data.version }, 'final score cleared by scoring');
  return outcome;
}

/**
 * reports.report.generated.v1: the final report PDF of a score version is stored and can be
 * downloaded. A report of an older score, or older than the one held, is stale; the same version
 * made again (a new file) replaces the one held.
 */
export async function recordFinalReport(deps: Deps, pgId: string, data: ReportGeneratedData): Promise<ResultOutcome> {
  const outcome = await changeParticipant(deps, pgId, (participant) => {
    if (versionOrder(data.scoreVersion, participant.finalScoreVersion) === 'older') return 'stale';
    const held = participant.finalReport;
    const order = held ? versionOrder(data.scoreVersion, held.scoreVersion) : 'newer';
    if (order === 'older') return 'stale';
    if (order === 'same' && held?.generatedAt === data.generatedAt) return 'unchanged';
    return { write: (document) => deps.participants.setFinalReport(document, { generatedAt: data.generatedAt, scoreVersion: data.scoreVersion }, deps.now()) };
  });
  deps.logger.info({ pgId, outcome, scoreVersion: data.scoreVersion }, 'final report from reports');
  return outcome;
}
