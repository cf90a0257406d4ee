import {
  events,
  finalScoreInputsSchema,
  scoreClearedDataSchema,
  scoreFinalizedDataSchema,
  type FinalScoreInputs,
  type FinalTypeCode,
  type ScoreClearedData,
  type ScoreFinalizedData,
} from '@study/contracts';
import { eventOf, type CloudEvent } from '@study/event-bus';
import { decideFinalScore, missingForFinalScore, toTypeCode, type FinalScoreInput, type RequiredSurveyId } from '@study/personality';
import { nextVersion } from '@study/versioned-writes';
import type { ScoreDocument, StoredFinalScore } from '../../data-access/scores-collection';

export type ClearReason = ScoreClearedData['reason'];

/** Whether the final score can be computed from what scoring holds, and from what. */
export type FinalScoreReadiness =
  | { ready: false; missing: RequiredSurveyId[] }
  | { ready: true; missing: []; input: FinalScoreInput; summary: FinalScoreInputs };

/**
 * The inputs of domain.md section 5 as scoring holds them: TF once the TypeFinder test is
 * completed, NA once the Nardi survey is completed (its type, consistency and part-one
 * scores), SA once the self-assessment is completed or rejected, MB once uploaded.
 */
export function finalScoreReadiness(doc: Pick<ScoreDocument, 'nardi' | 'inputs'>): FinalScoreReadiness {
  const typeFinder = doc.inputs?.typeFinder;
  const selfAssessment = doc.inputs?.selfAssessment;
  const mbti = doc.inputs?.mbti;
  const nardiFinal = doc.nardi?.final;
  const nardiScores = doc.nardi?.scores;
  const nardiDone = nardiFinal !== undefined && nardiScores !== undefined;
  const missing = missingForFinalScore({
    typeFinder: typeFinder ? { status: 'completed' } : null,
    nardi: nardiDone ? { status: 'completed' } : null,
    selfAssessment: selfAssessment ? { status: selfAssessment.status } : null,
  });
  if (missing.length > 0 || !typeFinder || !selfAssessment || !nardiFinal || !nardiScores) return { ready: false, missing };

  const input: FinalScoreInput = {
    typeFinder: typeFinder.typeCode,
    nardi: { typeCode: nardiFinal.typeCode, dichotPref: nardiScores.dichotPref },
    selfAssessment:
      selfAssessment.status === 'completed'
        ? { status: 'completed', personalityType: selfAssessment.personalityType, confidence: selfAssessment.confidence }
        : { status: 'rejected' },
    ...(mbti ? { mbti: toTypeCode(mbti.wholeType) } : {}),
  };
  // Parsed: a stored input that breaks the contract fails here, before anything is published.
  const summary: FinalScoreInputs = finalScoreInputsSchema.parse({
    typeFinder: { typeCode: typeFinder.typeCode },
    nardi: {
      typeCode: nardiFinal.typeCode,
      consistency: nardiFinal.consistency,
      dichotPref: nardiScores.dichotPref,
      temperaments: nardiScores.temperaments.map(({ code, score, rank }) => ({ code, score, rank })),
    },
    selfAssessment:
      selfAssessment.status === 'completed'
        ? { status: 'completed', personalityType: selfAssessment.personalityType, confidence: selfAssessment.confidence }
        : { status: 'rejected' },
    ...(mbti ? { mbti: { wholeType: mbti.wholeType } } : {}),
  });
  return { ready: true, missing: [], input, summary };
}

/** A JSON text of the value with object keys sorted, to compare stored and new values. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, field: unknown) =>
    field !== null && typeof field === 'object' && !Array.isArray(field)
      ? Object.fromEntries(Object.entries(field as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : field,
  );
}

export interface PlanContext {
  now: Date;
  clearReason: ClearReason;
  service: string;
}

/** What the final score needs after a change: nothing, a (new) finalized score, or clearing. */
export interface FinalScorePlan {
  kind: 'unchanged' | 'finalize' | 'clear';
  /** Fields to store with the change (finalScore, finalScoreVersion). */
  set: Partial<Pick<ScoreDocument, 'finalScore' | 'finalScoreVersion'>>;
  event?: CloudEvent;
  version?: number;
  typeCode?: FinalTypeCode;
}

/**
 * Decides the final score for the document as it will be stored (domain.md section 5): once
 * the three required surveys are done it is computed, and computed again whenever an input
 * changes (a new version and a scoring.score.finalized.v1 event); when the inputs no longer
 * allow it (a reset) a stored score is cleared (scoring.score.cleared.v1). The same inputs
 * give no new version, so a redelivered event publishes nothing.
 */
export function planFinalScore(doc: ScoreDocument, ctx: PlanContext): FinalScorePlan {
  const readiness = finalScoreReadiness(doc);
  const current = doc.finalScore;
  // The next version after the last one published (finalized or cleared), so each keeper of the score takes it as newer.
  const version = nextVersion(doc.finalScoreVersion ?? current?.version);
  const base = { source: ctx.service, subject: doc._id, time: ctx.now };

  if (!readiness.ready) {
    if (!current) return { kind: 'unchanged', set: {} };
    const data: ScoreClearedData = scoreClearedDataSchema.parse({ version, reason: ctx.clearReason, clearedAt: ctx.now.toISOString() });
    return { kind: 'clear', set: { finalScoreVersion: version }, event: eventOf(events.scoreCleared, { ...base, data }), version };
  }

  const decision = decideFinalScore(readiness.input);
  const decidedBy = { basis: decision.basis, ...(decision.letters ? { letters: decision.letters.map(({ letter, decidedBy: by }) => ({ letter, decidedBy: by })) } : {}) };
  if (current && current.typeCode === decision.typeCode && canonical(current.decidedBy) === canonical(decidedBy) && canonical(current.inputs) === canonical(readiness.summary)) {
    return { kind: 'unchanged', set: {} };
  }
  const data: ScoreFinalizedData = scoreFinalizedDataSchema.parse({
    typeCode: decision.typeCode,
    version,
    decidedBy,
    inputs: readiness.summary,
    computedAt: ctx.now.toISOString(),
  });
  const finalScore: StoredFinalScore = { typeCode: data.typeCode, version, decidedBy: data.decidedBy, inputs: data.inputs, computedAt: ctx.now };
  return {
    kind: 'finalize',
    set: { finalScore, finalScoreVersion: version },
    event: eventOf(events.scoreFinalized, { ...base, data }),
    version,
    typeCode: data.typeCode,
  };
}
