import type { ParticipantRecord } from '../data-access/participants-repository';
import type { ParticipantsDeps } from './deps';
import { newParticipant } from './participant';
import { participantDocuments, participantLockKey } from './participant-documents';

const PG_ID = '3F2B8C1E-9D4A-4E6F-8A7B-1C2D3E4F5A6B';

/** The participant documents over a repository that answers `record` and writes nothing. */
function documentsHolding(record: ParticipantRecord) {
  const keys: string[] = [];
  const deps = {
    participants: { find: async () => record },
    lock: {
      run: <T>(key: string, fn: () => Promise<T>) => {
        keys.push(key);
        return fn();
      },
    },
    nudgeOutbox: () => undefined,
  } as unknown as ParticipantsDeps;
  return { documents: participantDocuments(deps), keys };
}

describe('participantDocuments', () => {
  it("holds the participant's lock, named by the study ID in lower case", async () => {
    const { documents, keys } = documentsHolding({ state: 'active', participant: newParticipant(PG_ID) });
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
});
