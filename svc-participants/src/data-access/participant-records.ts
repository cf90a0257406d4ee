import type { Answer, FinalScoreDecidedBy, NardiScoresView, SurveyId } from '@study/contracts';

/** What the admin tools read of a survey. */
export interface SurveySummary {
  status?: string;
  typeCode?: string;
  consistency?: number;
}

/**
 * What the statistics, the roster and the enrollment figures read of a participant (their admin
 * row): no answers, no tokens (only whether the Open Humans access token is held), no outbox.
 */
export interface ParticipantRecord {
  _id: string;
  consent?: boolean;
  dataReady?: boolean;
  snpFileUploaded?: boolean;
  surveys?: Partial<Record<SurveyId, SurveySummary>>;
  finalScore?: { typeCode?: string; computedAt?: string | Date } | null;
  finalReport?: { generatedAt?: string | Date } | null;
  openHumans?: { memberId?: string; tokens?: { expiresAt?: Date } };
  createdAt?: Date;
  consentedAt?: Date;
  withdrawnAt?: Date;
  updatedAt?: Date;
}

/** What the analysis export reads of a survey: its result and when it closed; of the answers, the self-assessment's only. */
export interface ExportSurvey extends SurveySummary {
  completedAt?: Date;
  selectedTemperament?: string;
  selectedFP?: string;
  scores?: NardiScoresView;
  answers?: Answer[];
}

/**
 * What the analysis export reads of a participant document: every result, the member id and the
 * genotype sources; no tokens (only whether the access token is held), no Nardi or TypeFinder
 * answers, no outbox.
 */
export interface ExportRecord extends Omit<ParticipantRecord, 'surveys'> {
  surveys?: Partial<Record<SurveyId, ExportSurvey>>;
  genotypeSources?: string[];
  finalScoreDecidedBy?: FinalScoreDecidedBy | null;
}

/** Which participants a pass reads: all of them, or those linked to an Open Humans member (the roster). */
export type ParticipantSelection = 'all' | 'linked';

const SURVEYS: readonly SurveyId[] = ['typeFinder', 'nardi', 'selfAssessment', 'mbti'];

/**
 * The paths of a participant document the admin rows keep (what the admin tools read: no
 * answers but the self-assessment's, and of the tokens only their expiry, whether one is held),
 * in the order the row code stores them: append only, or raise ADMIN_ROWS_FORMAT.
 */
export const ADMIN_ROW_PATHS: readonly string[] = [
  'consent',
  'dataReady',
  'snpFileUploaded',
  ...SURVEYS.flatMap((id) => [`surveys.${id}.status`, `surveys.${id}.typeCode`]),
  'surveys.nardi.consistency',
  'finalScore',
  'finalReport',
  'openHumans.memberId',
  'openHumans.tokens.expiresAt',
  'createdAt',
  'consentedAt',
  'withdrawnAt',
  'updatedAt',
  ...SURVEYS.map((id) => `surveys.${id}.completedAt`),
  'surveys.nardi.selectedTemperament',
  'surveys.nardi.selectedFP',
  'surveys.nardi.scores',
  'surveys.selfAssessment.answers',
  'genotypeSources',
  'finalScoreDecidedBy',
];
