import type { Participant } from '../domain/participant';
import { participantDocuments, participantLockKey, type ParticipantWriting } from './participant-documents';
import type { ParticipantRecord } from './participants-repository';

const PG_ID = '3F2B8C1E-9D4A-4E6F-8A7B-1C2D3E4F5A6B';
/** What decide is handed beside the document: the writer itself reads nothing of it. */
const PARTICIPANT = { pgId: PG_ID.toLowerCase() } as Participant;

/** The participant documents over a repository that answers `record` and records what is written. */
function documentsHolding(record: ParticipantRecord) {
  const keys: string[] = [];
  const reads: unknown[] = [];
  const updates: unknown[] = [];
  const deps = {
    participants: {
      find: async (...args: unknown[]) => {
        reads.push(args);
        return record;
      },
      collection: {
        findOne: async () => {
          throw new Error('no read beyond the one the change is decided on');
        },
        updateOne: async (...args: unknown[]) => {
          updates.push(args);
          return { matchedCount: 1 };
        },
      },
    },
    lock: {
      run: <T>(key: string, fn: () => Promise<T>) => {
        keys.push(key);
        return fn();
      },
    },
    nudgeOutbox: () => undefined,
  } as unknown as ParticipantWriting;
  return { documents: participantDocuments(deps), keys, reads, updates };
}

describe('participantDocuments', () => {
  it("holds the participant's lock, named by the study ID in lower case", async () => {
    const { documents, keys } = documentsHolding({ state: 'active', participant: PARTICIPANT, stored: { _id: PG_ID.toLowerCase() } as never });
    await documents.change(PG_ID, () => 'unchanged');
    expect(keys).toEqual([participantLockKey(PG_ID)]);
    expect(participantLockKey(PG_ID)).toBe(`participants:${PG_ID.toLowerCase()}`);
  });

  it('never writes a tombstone again: an erased participant is answered as erased without asking decide', async () => {
    const { documents } = documentsHolding({ state: 'erased' });
    const decide = jest.fn(() => 'unchanged' as const);
    await expect(documents.change(PG_ID, decide)).resolves.toBe('erased');
    expect(decide).not.toHaveBeenCalled();
  });

  it('asks decide about a participant never stored (a consent creates them)', async () => {
    const { documents } = documentsHolding({ state: 'missing' });
    await expect(documents.change(PG_ID, (record) => (record.state === 'missing' ? 'stale' : 'unchanged'))).resolves.toBe('stale');
  });

  it("marks the admin row in the change's one update and adds nothing else (no second read, no MBTI read)", async () => {
    const consentedAt = new Date('2026-03-24T09:15:00.000Z');
    const stored = { _id: PG_ID.toLowerCase(), consent: true, consentedAt, createdAt: consentedAt, surveys: {}, openHumans: { memberId: '1', tokens: {} }, awaitingStep: 'typeFinder', awaitingSince: consentedAt };
    const { documents, reads, updates } = documentsHolding({ state: 'active', participant: PARTICIPANT, stored: stored as never });
    const completedAt = new Date('2026-03-25T09:15:00.000Z');
    await documents.change(PG_ID, () => ({ write: (document) => document.update({ $set: { 'surveys.typeFinder': { id: 'typeFinder', status: 'completed', completedAt } } }) }));
    expect(reads).toEqual([[PG_ID.toLowerCase(), { withMbti: false }]]);
    expect(updates).toHaveLength(1);
    const [, update] = updates[0] as [unknown, { $set: Record<string, unknown>; $inc: Record<string, number> }];
    // The reminders' step is the use case's to name (awaitingStepChange): the writer keeps none.
    expect(Object.keys(update.$set).sort()).toEqual(['adminRowStale', 'adminRowStamp', 'surveys.typeFinder']);
    expect(update.$set).toMatchObject({ adminRowStale: true, adminRowStamp: expect.any(String) });
    expect(update.$inc).toEqual({ adminRowVersion: 1 });
  });
});
