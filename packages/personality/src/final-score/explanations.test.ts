import { FINAL_SCORE_BASIS_EXPLANATIONS, finalScoreBasisText, finalScoreMissingMessage, INCONCLUSIVE_EXPLANATION, isInconclusive, SURVEY_NAMES } from './explanations';
import { missingForFinalScore, type SurveyStates } from './survey-order';

const states = (typeFinder?: string, nardi?: string, selfAssessment?: string): SurveyStates => ({
  ...(typeFinder === undefined ? {} : { typeFinder: { status: typeFinder } }),
  ...(nardi === undefined ? {} : { nardi: { status: nardi } }),
  ...(selfAssessment === undefined ? {} : { selfAssessment: { status: selfAssessment } }),
});

describe('missingForFinalScore: what stands between the participant and a final score', () => {
  test.each([
    [states(), ['typeFinder', 'nardi', 'selfAssessment']],
    [states('completed'), ['nardi', 'selfAssessment']],
    [states('completed', 'part-three', 'pending'), ['nardi', 'selfAssessment']],
    [states('completed', 'rejected', 'completed'), ['nardi']],
    [states('completed', 'completed', 'reviewing'), ['selfAssessment']],
    [states('pending', 'completed', 'rejected'), ['typeFinder']],
    [states('completed', 'completed', 'completed'), []],
    [states('completed', 'completed', 'rejected'), []],
  ])('%j -> %j', (input, missing) => {
    expect(missingForFinalScore(input)).toEqual(missing);
  });
});

describe('finalScoreMissingMessage', () => {
  test.each([
    [['typeFinder', 'nardi', 'selfAssessment'], 'Your final score is not ready yet: please complete the TypeFinder test, complete the Nardi Personality Indicator and complete or decline the self-assessment from your dashboard. If you have just done so, your dashboard shows your final type as soon as it is worked out.'],
    [['nardi', 'selfAssessment'], 'Your final score is not ready yet: please complete the Nardi Personality Indicator and complete or decline the self-assessment from your dashboard. If you have just done so, your dashboard shows your final type as soon as it is worked out.'],
    [['selfAssessment'], 'Your final score is not ready yet: please complete or decline the self-assessment from your dashboard. If you have just done so, your dashboard shows your final type as soon as it is worked out.'],
    [[], 'Your final type is being worked out from your answers; your dashboard shows it as soon as it is ready.'],
  ] as const)('%j', (missing, message) => {
    expect(finalScoreMissingMessage(missing)).toBe(message);
  });
});

test('every survey and every rule has its text', () => {
  expect(Object.keys(SURVEY_NAMES).sort()).toEqual(['mbti', 'nardi', 'selfAssessment', 'typeFinder']);
  expect(Object.keys(FINAL_SCORE_BASIS_EXPLANATIONS).sort()).toEqual(['allAgree', 'inconclusive', 'letterMajority', 'rejectedAllAgree', 'selfAssessmentConfident']);
  expect(INCONCLUSIVE_EXPLANATION).toMatch(/less than 80% sure/);
  expect(isInconclusive('Inconclusive')).toBe(true);
  expect(isInconclusive('INTJ')).toBe(false);
});

describe('finalScoreBasisText', () => {
  it('names how each letter was decided when the self-assessment was declined and the results differ', () => {
    const text = finalScoreBasisText({
      basis: 'letterMajority',
      letters: [
        { letter: 'E', decidedBy: 'majority' },
        { letter: 'N', decidedBy: 'nardiScore' },
        { letter: 'T', decidedBy: 'mbti' },
        { letter: 'P', decidedBy: 'nardiType' },
      ],
    });
    expect(text).toBe(
      'You declined the self-assessment and your test results differ, so each letter was decided on its own: ' +
        'E, most of your test results chose it; ' +
        'N, your test results were split evenly, and your higher Nardi preference score broke the tie; ' +
        'T, your test results were split evenly, and your official MBTI result broke the tie; ' +
        'P, your test results were split evenly and so were your Nardi preference scores, so the type you picked in the Nardi survey decided.',
    );
    expect(text).not.toContain('decided by the majority');
  });

  it('is the rule alone for every other basis', () => {
    expect(finalScoreBasisText({ basis: 'allAgree' })).toBe(FINAL_SCORE_BASIS_EXPLANATIONS.allAgree);
  });
});
