// The bench's stored participants, written straight into svc-participants' database: thousands
// of them through the API would take longer than the run, and the figures they serve (idle CPU,
// the admin reads, the proxy) are not about how they were made. The bench reaches the system
// only over HTTP and through the database driver, so the document shape it stores is written
// here (as svc-participants stores a participant: participants-repository.ts), not imported from
// the service's sources. The one place to adapt when that stored shape changes.
import { randomUUID } from 'node:crypto';
import type { Db } from 'mongodb';
import type { SurveyId } from '@study/contracts';

/** svc-participants' collection of participant documents. */
export const PARTICIPANTS_COLLECTION = 'participants';

/** A survey as svc-participants stores it (answers as JSON text). */
interface StoredSurveyDocument {
  id: SurveyId;
  status: 'completed';
  index: number;
  answers: string;
  typeCode: string;
  consistency?: number;
  completedAt: Date;
}

/** The participant document, as far as the bench fills it in. */
export interface StoredParticipantDocument {
  _id: string;
  consent: boolean;
  dataReady: boolean;
  snpFileUploaded: boolean;
  surveys: Partial<Record<SurveyId, StoredSurveyDocument>>;
  finalScore: { typeCode: string } | null;
  finalScoreVersion: number;
  finalReport: null;
  surveysResetAt: null;
  openHumans: { memberId: string };
  consentedAt: Date;
  createdAt: Date;
  updatedAt: Date;
  /** As a write through the service leaves a new document: its admin row to be built (the study team's rows take the participant in), at version 1. */
  adminRowStale: true;
  adminRowStamp: string;
  adminRowVersion: number;
}

/** Participant i, of type typeCodes[i % 16]: consented through Open Humans; a quarter each with nothing, TypeFinder, + Nardi, all three and a final type. */
export function participantDocument(pgId: string, i: number, now: Date, typeCodes: readonly string[]): StoredParticipantDocument {
  const type = typeCodes[i % typeCodes.length];
  if (type === undefined) throw new Error('no type codes to give the participants');
  const done = (id: SurveyId, extra: { consistency?: number } = {}): StoredSurveyDocument => ({ id, status: 'completed', index: 0, answers: '[]', typeCode: type, completedAt: now, ...extra });
  const progress = i % 4;
  return {
    _id: pgId,
    consent: true,
    dataReady: false,
    snpFileUploaded: i % 3 !== 0,
    surveys: {
      ...(progress >= 1 ? { typeFinder: done('typeFinder') } : {}),
      ...(progress >= 2 ? { nardi: done('nardi', { consistency: i % 11 }) } : {}),
      ...(progress >= 3 ? { selfAssessment: done('selfAssessment') } : {}),
    },
    finalScore: progress >= 3 ? { typeCode: type } : null,
    finalScoreVersion: progress >= 3 ? 1 : 0,
    finalReport: null,
    surveysResetAt: null,
    openHumans: { memberId: String(10_000_000 + i) },
    consentedAt: now,
    createdAt: now,
    updatedAt: now,
    adminRowStale: true,
    adminRowStamp: randomUUID(),
    adminRowVersion: 1,
  };
}

/** Inserts one participant per study ID into svc-participants' database, 1,000 per command. */
export async function seedParticipants(db: Db, pgIds: readonly string[], now = new Date()): Promise<void> {
  // Loaded here: this module is ESM (scripts/), and Node finds no names of @study/personality (a
  // CommonJS module whose index only re-exports), so a static named import of it fails under tsx.
  const { TYPE_CODES } = await import('@study/personality');
  const collection = db.collection<StoredParticipantDocument>(PARTICIPANTS_COLLECTION);
  for (let start = 0; start < pgIds.length; start += 1000) {
    await collection.insertMany(pgIds.slice(start, start + 1000).map((pgId, i) => participantDocument(pgId, start + i, now, TYPE_CODES)));
  }
}
