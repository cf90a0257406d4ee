import {
  initialSurveyState,
  surveyIds,
  type FinalScore,
  type FinalScoreDecidedBy,
  type ParticipantResults,
  type SurveyId,
  type SurveyState,
  type UserView,
} from '@study/contracts';
import { normalizePgId } from '@study/personality';
import type { StoredSurvey } from './surveys/stored-survey';

// The participant as this service keeps it (data-access stores it: participants-repository.ts).

/** The participant's link to their Open Humans account. */
export interface OpenHumansLink {
  /** The Open Humans project member id. */
  memberId: string;
  /** True while the study holds tokens for the member (removed when they leave the project). */
  authorized: boolean;
}

/** The stored final report PDF, as svc-reports announced it (reports.report.generated.v1). */
export interface FinalReportState {
  generatedAt: string;
  /** The final-score version the report shows. */
  scoreVersion: number;
}

/** One consent on record: to which text, when, with what certification, linked to which Open Humans member. */
export interface ConsentRecord {
  /** The consent version agreed to; null when the page that asked did not say (an older page). */
  versionId: string | null;
  /** SHA-256 of that version's text; null with the version. */
  hash: string | null;
  givenAt: Date;
  /** True when the participant certified being 18 or older; null when the page did not say. */
  adult: boolean | null;
  /** The Open Humans project member id the consent was linked to. */
  memberId: string | null;
  /** An agreement to a new text on the dashboard, without a new authorization. */
  renewal: boolean;
}

/** One study participant, as this service keeps it. */
export interface Participant {
  pgId: string;
  /** The participant consented and has not withdrawn since. */
  consent: boolean;
  /** True once the official MBTI result has been uploaded for the participant. */
  dataReady: boolean;
  /** The uploaded official MBTI type (POST /api/user/mbti); shown on the dashboard as the MBTI survey's typeCode. */
  mbtiType?: string;
  /** True when the participant's Open Humans data holds a genotype file. */
  snpFileUploaded: boolean;
  /** The genotype sources of those files, as last read from Open Humans (absent when read before they were kept). */
  genotypeSources?: string[];
  /** Surveys the participant has touched; the others are still in their initial state. */
  surveys: Partial<Record<SurveyId, StoredSurvey>>;
  /** Set once the final score has been computed (scoring.score.finalized.v1); null again after a reset. */
  finalScore: FinalScore | null;
  /** How the current final score was decided (scoring.score.finalized.v1's decidedBy); null without one. */
  finalScoreDecidedBy?: FinalScoreDecidedBy | null;
  /** The version of the latest final-score event applied (finalized or cleared): anything older is stale. */
  finalScoreVersion: number;
  /** The latest final report announced; shown only while it belongs to the current final score. */
  finalReport: FinalReportState | null;
  /** When the surveys were last reset here: a final score computed before that is stale. */
  surveysResetAt: Date | null;
  /** When the Nardi part-one answers were last saved; null before, and again after a reset. */
  nardiAnsweredAt: Date | null;
  /** The answeredAt of the part-one answers scoring announced it has scored (scoring.nardi.scored.v1). */
  nardiScoredFor: Date | null;
  /** Null for a participant created without Open Humans (tests, imports). */
  openHumans: OpenHumansLink | null;
  /** Every consent on record, oldest first (none for a participant from before consents were versioned). */
  consents?: ConsentRecord[];
  /** When the participant last consented through Open Humans. */
  consentedAt?: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export function newParticipant(pgId: string, now: Date = new Date()): Participant {
  return {
    pgId: normalizePgId(pgId),
    consent: false,
    dataReady: false,
    snpFileUploaded: false,
    surveys: {},
    finalScore: null,
    finalScoreVersion: 0,
    finalReport: null,
    surveysResetAt: null,
    nardiAnsweredAt: null,
    nardiScoredFor: null,
    openHumans: null,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Consent as the dashboard sees it (product.md section 3): true only while an access token for
 * Open Humans exists, so leaving the project there means consenting again here.
 */
export function hasConsent(participant: Participant): boolean {
  return participant.consent && participant.openHumans?.authorized === true;
}

/** Every survey back at its first question, pending, with no answers (product.md section 4). */
export function resetSurveyStates(): Record<SurveyId, SurveyState> {
  return Object.fromEntries(surveyIds.map((id) => [id, initialSurveyState(id)])) as Record<SurveyId, SurveyState>;
}

/**
 * A survey as the dashboard loads it (product.md section 4): a completed survey keeps only its
 * typeCode (and, for Nardi, the consistency); 'in-progress' loads as 'pending'; what only the
 * server uses (the completion time) stays here.
 */
export function surveyView(id: SurveyId, stored: StoredSurvey | undefined): SurveyState {
  if (!stored) return initialSurveyState(id);
  const { completedAt: _completedAt, ...state } = stored;
  if (state.status === 'completed') {
    return {
      ...initialSurveyState(id),
      status: 'completed',
      ...(state.typeCode !== undefined ? { typeCode: state.typeCode } : {}),
      ...(id === 'nardi' && state.consistency !== undefined ? { consistency: state.consistency } : {}),
    };
  }
  return state.status === 'in-progress' ? { ...state, status: 'pending' } : state;
}

/** The final report is ready to download when one is stored for the current final score. */
export function finalReportView(participant: Pick<Participant, 'finalScore' | 'finalScoreVersion' | 'finalReport'>): UserView['finalReport'] {
  const report = participant.finalReport;
  if (!participant.finalScore || !report || report.scoreVersion !== participant.finalScoreVersion) return null;
  return { generatedAt: report.generatedAt };
}

/** What POST /api/user answers: access flags, each survey's state, the final score and whether its report is ready. */
export function participantView(participant: Participant): UserView {
  const survey = (id: SurveyId): SurveyState => surveyView(id, participant.surveys[id]);
  return {
    access: {
      pgId: participant.pgId,
      consent: hasConsent(participant),
      dataReady: participant.dataReady,
      snpFileUploaded: participant.snpFileUploaded,
    },
    selfAssessment: survey('selfAssessment'),
    nardi: survey('nardi'),
    mbti: participant.mbtiType ? { ...survey('mbti'), typeCode: participant.mbtiType } : survey('mbti'),
    typeFinder: survey('typeFinder'),
    finalScore: participant.finalScore,
    finalReport: finalReportView(participant) ?? null,
  };
}

/** Nardi statuses at which the part-one answers are saved and the next parts need their scores. */
const NARDI_AFTER_PART_ONE = new Set(['part-one', 'part-two', 'part-three']);

/**
 * What the participant's result stream sends (GET /api/user/events/{pgId}): whether scoring holds
 * the scores of the saved part-one answers, the completed Nardi survey's result, the final score
 * and whether its report is stored, as this service holds them from the owners' events.
 */
export function participantResults(participant: Participant): ParticipantResults {
  const nardi = participant.surveys.nardi;
  const result =
    nardi?.status === 'completed' && nardi.typeCode !== undefined && nardi.consistency !== undefined ? { typeCode: nardi.typeCode, consistency: nardi.consistency } : null;
  const answeredAt = participant.nardiAnsweredAt;
  const scoredNow = answeredAt !== null && participant.nardiScoredFor?.getTime() === answeredAt.getTime();
  // Part one saved before answer times were kept: nothing will announce it, so count it as scored.
  const savedUntimed = answeredAt === null && nardi !== undefined && NARDI_AFTER_PART_ONE.has(nardi.status);
  return {
    pgId: participant.pgId,
    nardi: { scored: result !== null || scoredNow || savedUntimed, result },
    finalScore: participant.finalScore,
    finalReport: finalReportView(participant) ?? null,
  };
}
