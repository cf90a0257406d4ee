import type { Settings, UserView } from '@study/contracts';
import { ApiError, UNREADABLE_ANSWER_MESSAGE } from '@study/ui';
import { fetchSettings, fetchUser } from './calls';

const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';
const survey = <Id extends 'selfAssessment' | 'nardi' | 'mbti' | 'typeFinder'>(id: Id) => ({ id, status: 'pending' as const, index: 0, answers: [] });
const USER: UserView = {
  access: { pgId: PG_ID, consent: true, dataReady: false, snpFileUploaded: true },
  selfAssessment: survey('selfAssessment'),
  nardi: survey('nardi'),
  mbti: survey('mbti'),
  typeFinder: survey('typeFinder'),
  finalScore: null,
};
const SETTINGS: Settings = { resetSurveysEnabled: false, studyEmailHost: 'study.example.org' };

function answer(status: number, body: unknown) {
  return jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

afterEach(() => jest.restoreAllMocks());

describe('fetchUser', () => {
  it('posts the study ID to /api/user and answers the participant view', async () => {
    const fetch = answer(200, USER);
    await expect(fetchUser(PG_ID)).resolves.toEqual(USER);
    const [path, init] = fetch.mock.calls[0] ?? [];
    expect(path).toBe('/api/user');
    expect(init).toMatchObject({ method: 'POST', body: JSON.stringify({ pgId: PG_ID }) });
  });

  it("fails with the server's message, and on an answer of another shape", async () => {
    answer(404, { error: 'No participant with this study ID.', code: 'PARTICIPANT_NOT_FOUND' });
    await expect(fetchUser(PG_ID)).rejects.toEqual(new ApiError('No participant with this study ID.', 404, 'PARTICIPANT_NOT_FOUND'));
    answer(200, { access: {} });
    await expect(fetchUser(PG_ID)).rejects.toThrow(UNREADABLE_ANSWER_MESSAGE);
  });
});

describe('fetchSettings', () => {
  it('gets /api/settings, passing the abort signal on', async () => {
    const fetch = answer(200, SETTINGS);
    const signal = new AbortController().signal;
    await expect(fetchSettings(signal)).resolves.toEqual(SETTINGS);
    const [path, init] = fetch.mock.calls[0] ?? [];
    expect(path).toBe('/api/settings');
    expect(init).toMatchObject({ method: 'GET', signal });
  });

  it('fails on an answer of another shape', async () => {
    answer(200, { resetSurveysEnabled: 'yes' });
    await expect(fetchSettings()).rejects.toThrow(UNREADABLE_ANSWER_MESSAGE);
  });
});
