import { userViewSchema } from '@study/contracts';
import { hasConsent, newParticipant, participantView, resetSurveyStates } from './participant';

const PG_ID = '3F2B8C1E-9D4A-4E6F-8A7B-1C2D3E4F5A6B';

describe('participantView', () => {
  it('shows a new participant with every survey pending and no final score', () => {
    const view = participantView(newParticipant(PG_ID, new Date('2025-01-01T00:00:00Z')));
    expect(view).toEqual({
      access: { pgId: PG_ID.toLowerCase(), consent: false, dataReady: false, snpFileUploaded: false },
      selfAssessment: { id: 'selfAssessment', status: 'pending', index: 0, answers: [] },
      nardi: { id: 'nardi', status: 'pending', index: 0, answers: [] },
      mbti: { id: 'mbti', status: 'pending', index: 0, answers: [] },
      typeFinder: { id: 'typeFinder', status: 'pending', index: 0, answers: [] },
      finalScore: null,
    });
    expect(userViewSchema.safeParse(view).success).toBe(true);
  });

  it('shows stored survey states and the final score', () => {
    const participant = {
      ...newParticipant(PG_ID),
      consent: true,
      openHumans: { memberId: '12345678', authorized: true },
      dataReady: true,
      surveys: { typeFinder: { id: 'typeFinder' as const, status: 'completed' as const, index: 0, answers: [], typeCode: 'INTJ' } },
      finalScore: { typeCode: 'INTJ' },
    };
    const view = participantView(participant);
    expect(view.access).toMatchObject({ consent: true, dataReady: true });
    expect(view.typeFinder).toEqual({ id: 'typeFinder', status: 'completed', index: 0, answers: [], typeCode: 'INTJ' });
    expect(view.nardi.status).toBe('pending');
    expect(view.finalScore).toEqual({ typeCode: 'INTJ' });
  });
});

describe('consent as the dashboard sees it', () => {
  const base = newParticipant(PG_ID);

  it.each([
    ['consented with tokens held', { consent: true, openHumans: { memberId: '12345678', authorized: true } }, true],
    ['consented but the tokens are gone (left Open Humans)', { consent: true, openHumans: { memberId: '12345678', authorized: false } }, false],
    ['consented without an Open Humans link', { consent: true, openHumans: null }, false],
    ['withdrawn', { consent: false, openHumans: { memberId: '12345678', authorized: false } }, false],
  ])('%s -> %s', (_name, change, consent) => {
    const participant = { ...base, ...change };
    expect(hasConsent(participant)).toBe(consent);
    expect(participantView(participant).access.consent).toBe(consent);
  });
});

describe('resetSurveyStates', () => {
  it('puts all four surveys back to pending at the first question with no answers, keeping their ids', () => {
    expect(resetSurveyStates()).toEqual({
      selfAssessment: { id: 'selfAssessment', status: 'pending', index: 0, answers: [] },
      nardi: { id: 'nardi', status: 'pending', index: 0, answers: [] },
      typeFinder: { id: 'typeFinder', status: 'pending', index: 0, answers: [] },
      mbti: { id: 'mbti', status: 'pending', index: 0, answers: [] },
    });
  });
});
