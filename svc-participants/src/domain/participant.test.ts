import { userViewSchema } from '@study/contracts';
import { hasConsent, newParticipant, participantView, resetSurveyStates, surveyView } from './participant';

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
      finalReport: null,
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

  describe('the final report', () => {
    const AT = '2025-03-01T10:00:00.000Z';
    const scored = { ...newParticipant(PG_ID), finalScore: { typeCode: 'INTJ', computedAt: AT }, finalScoreVersion: 2 };

    it.each([
      ['stored for the current score', { ...scored, finalReport: { generatedAt: AT, scoreVersion: 2 } }, { generatedAt: AT }],
      ['stored for an older score', { ...scored, finalReport: { generatedAt: AT, scoreVersion: 1 } }, null],
      ['announced before its score arrived', { ...scored, finalReport: { generatedAt: AT, scoreVersion: 3 } }, null],
      ['none yet', { ...scored, finalReport: null }, null],
      ['no final score (a reset)', { ...scored, finalScore: null, finalReport: { generatedAt: AT, scoreVersion: 2 } }, null],
    ])('%s -> %j', (_case, participant, finalReport) => {
      const view = participantView(participant);
      expect(view.finalReport).toEqual(finalReport);
      expect(userViewSchema.safeParse(view).success).toBe(true);
    });

    it('shows the final score with the time it was computed', () => {
      expect(participantView(scored).finalScore).toEqual({ typeCode: 'INTJ', computedAt: AT });
    });
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

describe('surveyView (what POST /api/user shows of a survey)', () => {
  const completedAt = new Date('2025-01-02T00:00:00Z');

  it('keeps only typeCode and, for Nardi, consistency of a completed survey', () => {
    const nardi = {
      id: 'nardi' as const,
      status: 'completed' as const,
      index: 24,
      answers: [{ id: 1, value: 'A' }],
      selectedTemperament: 'NT' as const,
      selectedFP: 'NTJ' as const,
      selectedTypeCode: 'INTJ',
      typeCode: 'INTJ',
      consistency: 10,
      completedAt,
    };
    expect(surveyView('nardi', nardi)).toEqual({ id: 'nardi', status: 'completed', index: 0, answers: [], typeCode: 'INTJ', consistency: 10 });
    const selfAssessment = { id: 'selfAssessment' as const, status: 'completed' as const, index: 3, answers: [{ id: 'confidence', value: '90%' }], typeCode: 'INFP', completedAt };
    expect(surveyView('selfAssessment', selfAssessment)).toEqual({ id: 'selfAssessment', status: 'completed', index: 0, answers: [], typeCode: 'INFP' });
    expect(surveyView('mbti', { id: 'mbti', status: 'completed', index: 0, answers: [], completedAt })).toEqual({ id: 'mbti', status: 'completed', index: 0, answers: [] });
  });

  it('shows a survey in progress as saved (in-progress as pending), without the server-only fields', () => {
    const partTwo = { id: 'nardi' as const, status: 'part-two' as const, index: 24, answers: [{ id: 1, value: 'B' }], selectedTemperament: 'SP' as const };
    expect(surveyView('nardi', partTwo)).toEqual(partTwo);
    expect(surveyView('selfAssessment', { id: 'selfAssessment', status: 'in-progress', index: 1, answers: [] })).toEqual({ id: 'selfAssessment', status: 'pending', index: 1, answers: [] });
    expect(surveyView('selfAssessment', { id: 'selfAssessment', status: 'rejected', index: 0, answers: [], completedAt })).toEqual({ id: 'selfAssessment', status: 'rejected', index: 0, answers: [] });
    expect(userViewSchema.shape.nardi.safeParse(surveyView('nardi', partTwo)).success).toBe(true);
  });
});
