import type { Logger } from 'pino';
import type { ParticipantWrite } from '../../data-access/participants-repository';
import { newParticipant, type Participant } from '../participant';
import type { ParticipantsDeps } from '../deps';
import { updateSurveys } from './save-surveys';

const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';

/** A consented participant who has finished Nardi part three; the repository's save is given. */
function depsWith(participant: Participant, saveSurveys: (...args: unknown[]) => Promise<void>) {
  const nudges: unknown[][] = [];
  const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as Logger;
  const deps = {
    service: 'svc-participants',
    participants: { find: async () => ({ state: 'active', participant }), saveSurveys, collection: { updateOne: async () => ({ acknowledged: true }) } },
    // One consent text, the one the participant agreed to (their consent names no version: the one current then).
    consentVersions: { list: async () => [{ versionId: 'v1', hash: 'h1', publishedAt: new Date('2024-01-01T00:00:00Z'), seq: 1 }] },
    lock: { run: <T>(_key: string, fn: () => Promise<T>) => fn() },
    nudgeOutbox: (...args: unknown[]) => nudges.push(args),
    resultsChanged: () => undefined,
    logger: quiet,
    now: () => new Date('2025-01-01T00:00:00Z'),
  } as unknown as ParticipantsDeps;
  return { deps, nudges };
}

const consented = (surveys: Participant['surveys']): Participant => ({
  ...newParticipant(PG_ID),
  consent: true,
  openHumans: { memberId: '12345678', authorized: true },
  surveys: { typeFinder: { id: 'typeFinder', status: 'completed', index: 0, answers: [], typeCode: 'INTJ' }, ...surveys } as Participant['surveys'],
});

describe('saving surveys: the outbox relay is nudged even when the answer was lost', () => {
  it('nudges after a write that failed (the database may have stored it before the connection dropped)', async () => {
    const { deps, nudges } = depsWith(consented({}), () => Promise.reject(new Error('connection closed')));
    await expect(updateSurveys(deps, PG_ID, { nardi: { status: 'rejected' } } as never)).rejects.toThrow('connection closed');
    expect(nudges).toHaveLength(1);
  });

  it('nudges when the save changes nothing (the resend of a stored save)', async () => {
    const declined = consented({ nardi: { id: 'nardi', status: 'rejected', index: 0, answers: [] } } as Participant['surveys']);
    const { deps, nudges } = depsWith(declined, () => Promise.reject(new Error('nothing should be written')));
    await updateSurveys(deps, PG_ID, { nardi: { status: 'rejected' } } as never);
    expect(nudges).toHaveLength(1);
  });
});

describe("saving surveys: the reminders' step", () => {
  it('is named by the save that moves it: declining Nardi leaves the participant waiting at the self-assessment', async () => {
    const saves: unknown[][] = [];
    const save = async (...args: unknown[]) => {
      saves.push(args);
      await (args[0] as ParticipantWrite).update({ $set: {} });
    };
    const { deps } = depsWith({ ...consented({}), consentedAt: new Date('2024-06-01T00:00:00Z') }, save);
    await updateSurveys(deps, PG_ID, { nardi: { status: 'rejected' } } as never);
    expect(saves).toHaveLength(1);
    expect(saves[0]![3]).toEqual({ nardiAnsweredAt: undefined, awaiting: { awaitingStep: 'selfAssessment', awaitingSince: new Date('2025-01-01T00:00:00Z') } });
  });
});
