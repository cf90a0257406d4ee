// The bench's stored participants, written in svc-participants' own document shape through its
// repository's collection, so a change of that shape shows here first. The one place to adapt
// when the stored shapes or the database change.
import type { Db } from 'mongodb';
import { ParticipantsRepository, type ParticipantDocument } from '../../svc-participants/src/data-access/participants-repository';
import type { StoredSurvey } from '../../svc-participants/src/domain/surveys/stored-survey';
import { newRowFields } from '../../svc-participants/src/data-access/admin-rows/stale-row';

const TYPES = ['ESTP', 'ISTP', 'ESFP', 'ISFP', 'ESTJ', 'ISTJ', 'ESFJ', 'ISFJ', 'ENTJ', 'INTJ', 'ENTP', 'INTP', 'ENFJ', 'INFJ', 'ENFP', 'INFP'];

/** Participant i: consented through Open Humans; a quarter each with nothing, TypeFinder, + Nardi, all three and a final type. */
export function participantDocument(pgId: string, i: number, now: Date): ParticipantDocument {
  const type = TYPES[i % TYPES.length]!;
  const done = (id: StoredSurvey['id'], extra: Partial<StoredSurvey> = {}): StoredSurvey => ({ id, status: 'completed', index: 0, answers: [], completedAt: now, ...extra });
  const progress = i % 4;
  return {
    _id: pgId,
    consent: true,
    dataReady: false,
    snpFileUploaded: i % 3 !== 0,
    surveys: {
      ...(progress >= 1 ? { typeFinder: done('typeFinder', { typeCode: type }) } : {}),
      ...(progress >= 2 ? { nardi: done('nardi', { typeCode: type, consistency: i % 11 }) } : {}),
      ...(progress >= 3 ? { selfAssessment: done('selfAssessment', { typeCode: type }) } : {}),
    },
    finalScore: progress >= 3 ? { typeCode: type } : null,
    finalScoreVersion: progress >= 3 ? 1 : 0,
    finalReport: null,
    surveysResetAt: null,
    openHumans: { memberId: String(10_000_000 + i) },
    consentedAt: now,
    createdAt: now,
    updatedAt: now,
    // As a write through the service would: the study team's rows take the participant in.
    ...newRowFields(),
  };
}

/** Inserts one participant per study ID into svc-participants' database, 1,000 per command. */
export async function seedParticipants(db: Db, pgIds: readonly string[], now = new Date()): Promise<void> {
  const { collection } = new ParticipantsRepository(db);
  for (let start = 0; start < pgIds.length; start += 1000) {
    await collection.insertMany(pgIds.slice(start, start + 1000).map((pgId, i) => participantDocument(pgId, start + i, now)));
  }
}
