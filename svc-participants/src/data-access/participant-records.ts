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

const SURVEYS: readonly SurveyId[] = ['typeFinder', 'nardi', 'selfAssessment', 'mbti'];

const PROJECTION = {
  consent: 1,
  dataReady: 1,
  snpFileUploaded: 1,
  ...Object.fromEntries(SURVEYS.flatMap((id) => [`surveys.${id}.status`, `surveys.${id}.typeCode`].map((path) => [path, 1]))),
  'surveys.nardi.consistency': 1,
  finalScore: 1,
  finalReport: 1,
  'openHumans.memberId': 1,
  // Whether the access token is held, without reading the sealed token itself.
  'openHumans.tokens.expiresAt': 1,
  createdAt: 1,
  consentedAt: 1,
  withdrawnAt: 1,
  updatedAt: 1,
};

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

const EXPORT_PROJECTION = {
  ...PROJECTION,
  ...Object.fromEntries(SURVEYS.map((id) => [`surveys.${id}.completedAt`, 1])),
  'surveys.nardi.selectedTemperament': 1,
  'surveys.nardi.selectedFP': 1,
  'surveys.nardi.scores': 1,
  'surveys.selfAssessment.answers': 1,
  genotypeSources: 1,
  finalScoreDecidedBy: 1,
};

/** Which participants a pass reads: all of them, or those linked to an Open Humans member (the roster). */
export type ParticipantSelection = 'all' | 'linked';

/** The paths of a participant document the admin rows keep (what the admin tools read), in the order the row code stores them. */
export const ADMIN_ROW_PATHS: readonly string[] = Object.keys(EXPORT_PROJECTION);
