import type { StoredSurvey } from '../domain/surveys/stored-survey';
import { storedAnswers, storedScores, storedSurvey, surveyDocument } from './stored-participant';

const scores = {
  typeCodes: [{ code: 'INTJ', score: 16, rank: 1 }],
  functionalPairs: [{ code: 'NTJ', score: 30, rank: 1 }],
  temperaments: [{ code: 'NT', score: 60, rank: 1 }],
  dichotPref: { E: 90, I: 110, S: 95, N: 105, T: 120, F: 80, J: 101, P: 99 },
  interactionStyles: { inCharge: 50, chartCourse: 60, getGoing: 40, behindScenes: 50 },
};
const nardi = {
  id: 'nardi',
  status: 'completed',
  index: 24,
  answers: [
    { id: 1, value: 'A' },
    { id: 2, value: 'B' },
  ],
  typeCode: 'INTJ',
  consistency: 9,
  completedAt: new Date('2026-11-01T10:00:00Z'),
  scores,
} as unknown as StoredSurvey;

describe('a survey as its document holds it', () => {
  it('keeps the answers and the Nardi scores as JSON text, and reads them back as they were', () => {
    const doc = surveyDocument(nardi);
    expect(typeof doc.answers).toBe('string');
    expect(typeof doc.scores).toBe('string');
    expect(doc).toMatchObject({ id: 'nardi', status: 'completed', typeCode: 'INTJ', consistency: 9, completedAt: nardi.completedAt });
    expect(storedSurvey(doc)).toEqual(nardi);
  });

  it('reads a document written before, with arrays and objects, as it is', () => {
    expect(storedSurvey(nardi as never)).toEqual(nardi);
    expect(storedScores(scores as never)).toEqual(scores);
    expect(storedAnswers(nardi.answers)).toEqual(nardi.answers);
  });

  it('adds no scores to a survey without them', () => {
    const typeFinder = { id: 'typeFinder', status: 'pending', index: 0, answers: [] } as unknown as StoredSurvey;
    expect(surveyDocument(typeFinder)).toEqual({ id: 'typeFinder', status: 'pending', index: 0, answers: '[]' });
    expect(storedSurvey(surveyDocument(typeFinder))).toEqual(typeFinder);
  });
});
