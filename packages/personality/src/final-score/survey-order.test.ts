import { finalScoreReady, isSurveyDone, nextSurvey, SURVEY_ORDER, type AnySurveyId, type SurveyStates } from './survey-order';

test('the required order is typeFinder, nardi, selfAssessment', () => {
  expect(SURVEY_ORDER).toEqual(['typeFinder', 'nardi', 'selfAssessment']);
});

describe('isSurveyDone', () => {
  test.each<[AnySurveyId, string | undefined, boolean]>([
    ['typeFinder', 'completed', true],
    ['typeFinder', 'rejected', false],
    ['typeFinder', 'pending', false],
    ['nardi', 'completed', true],
    ['nardi', 'rejected', true],
    ['nardi', 'part-three', false],
    ['selfAssessment', 'completed', true],
    ['selfAssessment', 'rejected', true],
    ['selfAssessment', 'reviewing', false],
    ['mbti', 'completed', true],
    ['mbti', 'started', false],
    ['mbti', 'rejected', false],
    ['nardi', undefined, false],
  ])('%s %s -> %s', (id, status, done) => {
    expect(isSurveyDone(id, status)).toBe(done);
  });
});

const states = (typeFinder?: string, nardi?: string, selfAssessment?: string, mbti?: string): SurveyStates => ({
  ...(typeFinder === undefined ? {} : { typeFinder: { status: typeFinder } }),
  ...(nardi === undefined ? {} : { nardi: { status: nardi } }),
  ...(selfAssessment === undefined ? {} : { selfAssessment: { status: selfAssessment } }),
  ...(mbti === undefined ? {} : { mbti: { status: mbti } }),
});

describe('nextSurvey: the first required survey not done', () => {
  test.each([
    [states(), 'typeFinder'],
    [states('pending', 'pending', 'pending'), 'typeFinder'],
    [states('in-progress', 'completed', 'completed'), 'typeFinder'],
    [states('completed'), 'nardi'],
    [states('completed', 'part-two', 'pending'), 'nardi'],
    [states('completed', 'completed', 'pending'), 'selfAssessment'],
    [states('completed', 'rejected', 'reviewing'), 'selfAssessment'],
    [states('completed', 'completed', 'completed'), null],
    [states('completed', 'completed', 'rejected'), null],
    [states('completed', 'rejected', 'rejected', 'pending'), null],
    [{ typeFinder: { status: 'completed' }, nardi: null }, 'nardi'],
  ])('%j -> %s', (input, expected) => {
    expect(nextSurvey(input)).toBe(expected);
  });
});

describe('finalScoreReady: typeFinder completed, nardi completed, selfAssessment completed or rejected', () => {
  test.each([
    [states('completed', 'completed', 'completed'), true],
    [states('completed', 'completed', 'rejected'), true],
    [states('completed', 'completed', 'completed', 'started'), true],
    [states('completed', 'rejected', 'completed'), false],
    [states('completed', 'completed', 'reviewing'), false],
    [states('completed', 'part-three', 'completed'), false],
    [states('pending', 'completed', 'completed'), false],
    [states(undefined, 'completed', 'completed'), false],
    [states('completed', 'completed'), false],
    [states(), false],
  ])('%j -> %s', (input, expected) => {
    expect(finalScoreReady(input)).toBe(expected);
  });
});
