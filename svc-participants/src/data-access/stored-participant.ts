import type { Answer, FinalScore, FinalScoreDecidedBy, NardiScoresView, SurveyId, SurveyState } from '@study/contracts';

/**
 * A survey's state as this service stores it: the dashboard's state plus, once completed or
 * declined, when that happened (the time of the event it published; scoring echoes it back so
 * a late result is matched to the survey as it stands).
 */
export interface StoredSurvey extends SurveyState {
  completedAt?: Date;
  /**
   * Nardi only, once completed: the part-one scores scoring checked the choices against
   * (scoring.nardi.completed.v2, or v1 from an older release), kept for the analysis export.
   */
  scores?: NardiScoresView;
}

/**
 * A survey as its document holds it: the answers and the Nardi scores as their JSON text. No
 * query reads inside them, and the embedded database converts every field of a document on each
 * read and write: as text they are one field each instead of up to two hundred. Documents written
 * before hold them as arrays and objects, which are read as they are.
 */
export interface SurveyDocument extends Omit<StoredSurvey, 'answers' | 'scores'> {
  answers: Answer[] | string;
  scores?: NardiScoresView | string;
}

const decoded = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** The survey as its document stores it: answers and scores as JSON text. */
export function surveyDocument({ answers, scores, ...rest }: StoredSurvey): SurveyDocument {
  return { ...rest, answers: JSON.stringify(answers), ...(scores === undefined ? {} : { scores: JSON.stringify(scores) }) };
}

/** The survey a document holds, in either form. */
export function storedSurvey({ answers, scores, ...rest }: SurveyDocument): StoredSurvey {
  return { ...rest, answers: decoded(answers), ...(scores === undefined ? {} : { scores: decoded(scores) }) };
}

/** Nardi scores as a document holds them, in either form (the admin rows keep them as stored). */
export function storedScores(scores: NardiScoresView | string | undefined): NardiScoresView | undefined {
  return scores === undefined ? undefined : decoded(scores);
}

/** Answers as a document holds them, in either form. */
export function storedAnswers(answers: Answer[] | string | undefined): Answer[] | undefined {
  return answers === undefined ? undefined : decoded(answers);
}

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
