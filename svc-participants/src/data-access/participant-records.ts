import type { Collection, Db, Filter } from 'mongodb';
import type { Answer, FinalScoreDecidedBy, NardiScoresView, SurveyId } from '@study/contracts';
import { PARTICIPANTS_COLLECTION } from './participants-repository';

/** What the admin tools read of a survey. */
export interface SurveySummary {
  status?: string;
  typeCode?: string;
  consistency?: number;
}

/**
 * What the statistics, the roster and the enrollment figures read of a participant document:
 * no answers, no tokens (only whether the Open Humans access token is held), no outbox.
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

/** Reads participants one batch at a time, in study-ID order, for the admin tools (read only). */
export class ParticipantRecordsReader {
  private readonly collection: Collection<ParticipantRecord & { erased?: boolean }>;

  constructor(db: Db) {
    this.collection = db.collection(PARTICIPANTS_COLLECTION);
  }

  /** Which of these study IDs (lower case) are participants who have not been erased; one pass over the collection. */
  async activeAmong(pgIds: ReadonlySet<string>): Promise<Set<string>> {
    const active = new Set<string>();
    if (pgIds.size === 0) return active;
    const cursor = this.collection.find({ erased: { $ne: true } }, { projection: { _id: 1 }, batchSize: 1000 });
    for await (const { _id } of cursor) if (pgIds.has(_id)) active.add(_id);
    return active;
  }

  /** Erased participants (tombstones) are never read. */
  stream(selection: ParticipantSelection = 'all'): AsyncIterable<ParticipantRecord> {
    const filter: Filter<ParticipantRecord & { erased?: boolean }> = { erased: { $ne: true } };
    if (selection === 'linked') filter['openHumans.memberId'] = { $exists: true };
    return this.collection.find(filter, { projection: PROJECTION, sort: { _id: 1 }, batchSize: 500 });
  }

  /** The analysis export's pass: every participant not erased, in study-ID order, one batch at a time. */
  streamForExport(): AsyncIterable<ExportRecord> {
    return this.collection.find({ erased: { $ne: true } }, { projection: EXPORT_PROJECTION, sort: { _id: 1 }, batchSize: 500 }) as unknown as AsyncIterable<ExportRecord>;
  }
}
