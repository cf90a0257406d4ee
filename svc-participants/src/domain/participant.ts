import { initialSurveyState, surveyIds, type ParticipantResults, type SurveyId, type SurveyState, type UserView } from '@study/contracts';
import { normalizePgId } from '@study/personality';
import type { Participant } from '../data-access/stored-participant';
import type { StoredSurvey } from './surveys/stored-survey';

// The participant as this service stores it; what is done with it is decided here.
export type { FinalReportState, OpenHumansLink, Participant } from '../data-access/stored-participant';

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
