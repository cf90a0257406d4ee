import { initialSurveyState, type FinalScore, type SurveyId, type SurveyState, type UserView } from '@study/contracts';
import { normalizePgId } from '@study/personality';

/** One study participant, as this service keeps it. */
export interface Participant {
  pgId: string;
  /** True while the participant's Open Humans authorization (an access token) is held. */
  consent: boolean;
  /** True once the official MBTI result has been uploaded for the participant. */
  dataReady: boolean;
  /** True when the participant's Open Humans data holds a genotype file. */
  snpFileUploaded: boolean;
  /** Surveys the participant has touched; the others are still in their initial state. */
  surveys: Partial<Record<SurveyId, SurveyState>>;
  /** Set once the final score has been computed. */
  finalScore: FinalScore | null;
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
    createdAt: now,
    updatedAt: now,
  };
}

/** What POST /api/user answers: access flags, each survey's state and the final score. */
export function participantView(participant: Participant): UserView {
  const survey = (id: SurveyId): SurveyState => participant.surveys[id] ?? initialSurveyState(id);
  return {
    access: {
      pgId: participant.pgId,
      consent: participant.consent,
      dataReady: participant.dataReady,
      snpFileUploaded: participant.snpFileUploaded,
    },
    selfAssessment: survey('selfAssessment'),
    nardi: survey('nardi'),
    mbti: survey('mbti'),
    typeFinder: survey('typeFinder'),
    finalScore: participant.finalScore,
  };
}
