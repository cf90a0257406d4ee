import type { MbtiUploadedData, SurveyCompletedData, SurveyId } from '@study/contracts';
import type { ApplyOutcome } from '@study/document-writes';
import { toTypeCode } from '@study/personality';
import type { FinalScoreInputsRecord } from '../../data-access/scores-collection';
import type { ScoringDeps } from '../deps';
import { finalScoreEvents, recomputeFinalScore, saveScores, withFields, type SourceEvent } from '../score-document';

type InputName = 'typeFinder' | 'selfAssessment';

/** Older than the latest reset applied here, or than what the input holds already. */
function isStale(inputs: FinalScoreInputsRecord, name: InputName | 'mbti', time: Date): boolean {
  if (name !== 'mbti' && inputs.resetAt && time.getTime() < inputs.resetAt.getTime()) return true;
  const held = inputs[name];
  return held !== undefined && time.getTime() < held.at.getTime();
}

/**
 * Stores one input of the final score, unless a newer event already set it (or reset it), with the
 * final score recomputed from the inputs it leaves and that score's event, in one write.
 */
function recordInput<N extends InputName | 'mbti'>(deps: ScoringDeps, source: SourceEvent, name: N, value: NonNullable<FinalScoreInputsRecord[N]>): Promise<ApplyOutcome> {
  return deps.scores.change(source.pgId, (doc) => {
    const inputs = doc?.inputs ?? {};
    if (isStale(inputs, name, source.time)) return 'stale';
    const fields = { inputs: { ...inputs, [name]: value } };
    const finalScore = recomputeFinalScore(deps, withFields(doc, source.pgId, fields));
    return { events: finalScoreEvents(finalScore), write: (document) => saveScores(deps, source, document, fields, finalScore) };
  });
}

/** participants.survey.completed.v1 for the TypeFinder test: TF. */
export async function recordTypeFinder(deps: ScoringDeps, source: SourceEvent, data: SurveyCompletedData & { surveyId: 'typeFinder' }): Promise<ApplyOutcome> {
  const outcome = await recordInput(deps, source, 'typeFinder', { typeCode: toTypeCode(data.typeCode), at: source.time });
  deps.logger.info({ pgId: source.pgId, outcome }, 'TypeFinder result recorded');
  return outcome;
}

/** participants.survey.completed.v1 (with the stated type and confidence) or .rejected.v1 for the self-assessment: SA. */
export async function recordSelfAssessment(
  deps: ScoringDeps,
  source: SourceEvent,
  data: (SurveyCompletedData & { surveyId: 'selfAssessment' }) | { surveyId: 'selfAssessment'; status: 'rejected' },
): Promise<ApplyOutcome> {
  const value: NonNullable<FinalScoreInputsRecord['selfAssessment']> =
    data.status === 'completed'
      ? { status: 'completed', personalityType: toTypeCode(data.personalityType), confidence: data.confidence, at: source.time }
      : { status: 'rejected', at: source.time };
  const outcome = await recordInput(deps, source, 'selfAssessment', value);
  deps.logger.info({ pgId: source.pgId, outcome, status: data.status }, 'self-assessment recorded');
  return outcome;
}

/** participants.mbti.uploaded.v1: MB. A later upload replaces an earlier one. */
export async function recordMbti(deps: ScoringDeps, source: SourceEvent, data: MbtiUploadedData): Promise<ApplyOutcome> {
  const outcome = await recordInput(deps, source, 'mbti', { ...data, wholeType: toTypeCode(data.wholeType), at: source.time });
  deps.logger.info({ pgId: source.pgId, outcome }, 'MBTI result recorded');
  return outcome;
}

/** participants.participant.consented.v1: scoring now knows the study ID (POST /api/user/survey/final answers 409, not 404). */
export async function recordConsent(deps: ScoringDeps, source: SourceEvent): Promise<ApplyOutcome> {
  const outcome = await deps.scores.change(source.pgId, (doc) => {
    if (doc?.consentedAt && doc.consentedAt.getTime() >= source.time.getTime()) return 'unchanged';
    // Consent is no input of the final score: it stays as it is.
    return { write: (document) => deps.scores.save(document, { fields: { consentedAt: source.time }, now: deps.now() }) };
  });
  deps.logger.info({ pgId: source.pgId, outcome }, 'consent recorded');
  return outcome;
}

/**
 * participants.surveys.reset.v1: the named surveys start again, so what scoring held for them
 * goes (results from before the reset; a completion made after it, arriving first, stays) and
 * the final score is recomputed: cleared (scoring.score.cleared.v1, for the reset) in the same
 * write. The official MBTI result stays: it is not a survey answer, and counts again once the
 * surveys are done.
 */
export async function applySurveysReset(deps: ScoringDeps, source: SourceEvent, surveys: readonly SurveyId[]): Promise<ApplyOutcome> {
  const outcome = await deps.scores.change(source.pgId, (doc) => {
    const inputs = { ...(doc?.inputs ?? {}) };
    if (inputs.resetAt && inputs.resetAt.getTime() >= source.time.getTime()) return 'stale';
    const before = (at: Date | undefined) => at !== undefined && at.getTime() < source.time.getTime();
    if (surveys.includes('typeFinder') && before(inputs.typeFinder?.at)) delete inputs.typeFinder;
    if (surveys.includes('selfAssessment') && before(inputs.selfAssessment?.at)) delete inputs.selfAssessment;
    inputs.resetAt = source.time;
    const resetNardi = surveys.includes('nardi') && !(doc?.nardi && doc.nardi.asOf.getTime() > source.time.getTime());
    const fields = { inputs, ...(resetNardi ? { nardi: { asOf: source.time } } : {}) };
    const finalScore = recomputeFinalScore(deps, withFields(doc, source.pgId, fields), 'reset');
    return { events: finalScoreEvents(finalScore), write: (document) => saveScores(deps, source, document, fields, finalScore) };
  });
  deps.logger.info({ pgId: source.pgId, outcome, surveys }, 'surveys reset');
  return outcome;
}
