import { PersonalityError } from '../errors';
import type { DichotPref, TypeCode } from '../catalogue/codes';
import { CONFIDENCE_LEVELS, type ConfidenceLevel } from '../self-assessment/questions';
import { computeFinalScore, decideFinalScore, type FinalScoreInput } from './final-score';

const EVEN: DichotPref = { E: 100, I: 100, S: 100, N: 100, T: 100, F: 100, J: 100, P: 100 };
/** The sample Nardi dichotomies: I over E, N over S, T over F, J over P. */
const LEANING: DichotPref = { E: 92, I: 108, S: 84, N: 116, T: 114, F: 86, J: 110, P: 90 };

const nardi = (typeCode: TypeCode, dichotPref: DichotPref = LEANING) => ({ typeCode, dichotPref });
const completed = (personalityType: TypeCode, confidence: ConfidenceLevel) => ({ status: 'completed' as const, personalityType, confidence });
const rejected = { status: 'rejected' as const };

describe('rule 1: the self-assessment is completed', () => {
  test.each<[string, FinalScoreInput, string, string]>([
    ['TF, NA and SA agree (even under 80% sure)', { typeFinder: 'INTJ', nardi: nardi('INTJ'), selfAssessment: completed('INTJ', '< 80%') }, 'INTJ', 'allAgree'],
    ['TF, NA, MB and SA agree', { typeFinder: 'ESFP', nardi: nardi('ESFP'), mbti: 'ESFP', selfAssessment: completed('ESFP', '100%') }, 'ESFP', 'allAgree'],
    ['only SA is available', { selfAssessment: completed('ISFJ', '< 80%') }, 'ISFJ', 'allAgree'],
    ['NA differs, 80% sure', { typeFinder: 'INTJ', nardi: nardi('INTP'), selfAssessment: completed('INTJ', '80%') }, 'INTJ', 'selfAssessmentConfident'],
    ['SA differs from all the others, 90% sure', { typeFinder: 'ENFP', nardi: nardi('ENFP'), mbti: 'ENFP', selfAssessment: completed('INFJ', '90%') }, 'INFJ', 'selfAssessmentConfident'],
    ['only MB differs, 100% sure', { typeFinder: 'ISTP', nardi: nardi('ISTP'), mbti: 'ESTP', selfAssessment: completed('ISTP', '100%') }, 'ISTP', 'selfAssessmentConfident'],
    ['NA differs, under 80% sure', { typeFinder: 'INTJ', nardi: nardi('INTP'), selfAssessment: completed('INTJ', '< 80%') }, 'Inconclusive', 'inconclusive'],
    ['only MB differs, under 80% sure', { typeFinder: 'INTJ', nardi: nardi('INTJ'), mbti: 'ENTJ', selfAssessment: completed('INTJ', '< 80%') }, 'Inconclusive', 'inconclusive'],
    ['only TF and SA, disagreeing, under 80% sure', { typeFinder: 'ESTJ', selfAssessment: completed('ISTJ', '< 80%') }, 'Inconclusive', 'inconclusive'],
  ])('%s: %j -> %s (%s)', (_case, input, typeCode, basis) => {
    expect(decideFinalScore(input)).toEqual({ typeCode, basis });
    expect(computeFinalScore(input)).toBe(typeCode);
  });

  test.each(CONFIDENCE_LEVELS.filter((level) => level !== '< 80%').map((level) => [level]))('disagreeing results at %s -> the self-assessed type', (confidence) => {
    expect(computeFinalScore({ typeFinder: 'ENTP', nardi: nardi('INTP'), selfAssessment: completed('ENFP', confidence) })).toBe('ENFP');
  });
});

describe('rule 2: the self-assessment was rejected', () => {
  test.each<[string, FinalScoreInput, string, string]>([
    ['TF and NA agree', { typeFinder: 'ISFP', nardi: nardi('ISFP'), selfAssessment: rejected }, 'ISFP', 'rejectedAllAgree'],
    ['TF, NA and MB agree', { typeFinder: 'ENTJ', nardi: nardi('ENTJ'), mbti: 'ENTJ', selfAssessment: rejected }, 'ENTJ', 'rejectedAllAgree'],
    ['only NA', { nardi: nardi('INFJ'), selfAssessment: rejected }, 'INFJ', 'rejectedAllAgree'],
  ])('%s: %j -> %s (%s)', (_case, input, typeCode, basis) => {
    expect(decideFinalScore(input)).toEqual({ typeCode, basis });
  });

  test.each<[string, FinalScoreInput, string, string[]]>([
    // letter by letter: E/I, S/N, T/F, J/P
    ['majority of three: I I E, N N N, T F T, J J P', { typeFinder: 'INTJ', nardi: nardi('ENTP'), mbti: 'INFJ', selfAssessment: rejected }, 'INTJ', ['majority', 'majority', 'majority', 'majority']],
    ['majority makes a type nobody had: E I E, S N N, T F T, J J P', { typeFinder: 'ESTJ', nardi: nardi('INFJ'), mbti: 'ENTP', selfAssessment: rejected }, 'ENTJ', ['majority', 'majority', 'majority', 'majority']],
    ['two disagree on every letter, no MB: higher Nardi scores I, N, T, J', { typeFinder: 'ESTJ', nardi: nardi('INFP'), selfAssessment: rejected }, 'INTJ', ['nardiScore', 'nardiScore', 'nardiScore', 'nardiScore']],
    ['two disagree on every letter, no MB, Nardi scores all even: the Nardi type', { typeFinder: 'ESTJ', nardi: nardi('INFP', EVEN), selfAssessment: rejected }, 'INFP', ['nardiType', 'nardiType', 'nardiType', 'nardiType']],
    ['the same with the poles swapped: the Nardi type again', { typeFinder: 'INFP', nardi: nardi('ESTJ', EVEN), selfAssessment: rejected }, 'ESTJ', ['nardiType', 'nardiType', 'nardiType', 'nardiType']],
    ['Nardi scores against the Nardi type: the scores decide', { typeFinder: 'ESFP', nardi: nardi('ENTJ', { ...EVEN, T: 90, F: 110, J: 95, P: 105 }), selfAssessment: rejected }, 'ENFP', ['majority', 'nardiType', 'nardiScore', 'nardiScore']],
    [
      'mixed: I agreed, S by score, F by the Nardi type, P by score',
      { typeFinder: 'ISTJ', nardi: nardi('INFP', { E: 100, I: 100, S: 120, N: 80, T: 100, F: 100, J: 90, P: 110 }), selfAssessment: rejected },
      'ISFP',
      ['majority', 'nardiScore', 'nardiType', 'nardiScore'],
    ],
    ['NA and MB only, disagreeing on every letter: MB', { nardi: nardi('INTJ'), mbti: 'ESFP', selfAssessment: rejected }, 'ESFP', ['mbti', 'mbti', 'mbti', 'mbti']],
    ['TF and MB only: ties go to MB, the rest agree', { typeFinder: 'ISTP', mbti: 'ESTJ', selfAssessment: rejected }, 'ESTJ', ['mbti', 'majority', 'majority', 'mbti']],
  ])('%s: %j -> %s', (_case, input, typeCode, decidedBy) => {
    const decision = decideFinalScore(input);
    expect(decision.typeCode).toBe(typeCode);
    expect(decision.basis).toBe('letterMajority');
    expect(decision.letters?.map((entry) => entry.decidedBy)).toEqual(decidedBy);
    expect(decision.letters?.map((entry) => entry.letter).join('')).toBe(typeCode);
  });
});

describe("'Inconclusive' appears exactly when SA is completed, results disagree and confidence is under 80%", () => {
  const cases = (['completed', 'rejected'] as const).flatMap((status) =>
    [true, false].flatMap((agree) =>
      CONFIDENCE_LEVELS.map((confidence) => [status, agree, confidence, status === 'completed' && !agree && confidence === '< 80%'] as const),
    ),
  );
  test.each(cases)('%s, agree=%s, %s -> Inconclusive: %s', (status, agree, confidence, inconclusive) => {
    const selfAssessment = status === 'completed' ? completed('INTJ', confidence) : rejected;
    const input: FinalScoreInput = { typeFinder: 'INTJ', nardi: nardi(agree ? 'INTJ' : 'ENTJ'), mbti: agree ? 'INTJ' : 'INTP', selfAssessment };
    expect(computeFinalScore(input) === 'Inconclusive').toBe(inconclusive);
  });
});

describe('final score errors', () => {
  test.each<[string, FinalScoreInput, string, RegExp]>([
    ['no self-assessment', { typeFinder: 'INTJ', nardi: nardi('INTJ') }, 'FINAL_SCORE_INPUT_INVALID', /needs the self-assessment to be completed or rejected/],
    ['a pending self-assessment', { typeFinder: 'INTJ', selfAssessment: { status: 'pending' } as never }, 'FINAL_SCORE_INPUT_INVALID', /completed or rejected/],
    ['completed without a type', { typeFinder: 'INTJ', selfAssessment: { status: 'completed', confidence: '90%' } }, 'FINAL_SCORE_INPUT_INVALID', /has no personality type/],
    ['completed without a confidence', { typeFinder: 'INTJ', selfAssessment: { status: 'completed', personalityType: 'INTJ' } }, 'FINAL_SCORE_INPUT_INVALID', /has no confidence/],
    ['an unknown confidence', { typeFinder: 'INTJ', selfAssessment: { status: 'completed', personalityType: 'INTJ', confidence: '75%' as never } }, 'UNKNOWN_CODE', /Unknown confidence '75%'/],
    ['a lower-case self-assessed type', { selfAssessment: { status: 'completed', personalityType: 'intj' as never, confidence: '90%' } }, 'UNKNOWN_CODE', /Unknown type code 'intj'/],
    ['an unknown TypeFinder type', { typeFinder: 'XXXX' as never, selfAssessment: rejected }, 'UNKNOWN_CODE', /Unknown type code 'XXXX'/],
    ['an unknown MBTI type', { mbti: 'Inconclusive' as never, selfAssessment: rejected }, 'UNKNOWN_CODE', /Unknown type code 'Inconclusive'/],
    ['an unknown Nardi type', { nardi: nardi('ABCD' as never), selfAssessment: rejected }, 'UNKNOWN_CODE', /Unknown type code 'ABCD'/],
    ['Nardi without dichotomies', { nardi: { typeCode: 'INTJ' } as never, selfAssessment: rejected }, 'FINAL_SCORE_INPUT_INVALID', /dichotomy scores are missing/],
    ['Nardi with a dichotomy missing', { nardi: nardi('INTJ', { ...LEANING, P: undefined } as never), selfAssessment: rejected }, 'FINAL_SCORE_INPUT_INVALID', /score for P is not a number/],
    ['rejected with no results at all', { selfAssessment: rejected }, 'FINAL_SCORE_INPUT_INVALID', /at least one of the TypeFinder, Nardi or MBTI results/],
  ])('%s', (_case, input, code, message) => {
    const run = () => computeFinalScore(input);
    expect(run).toThrow(PersonalityError);
    expect(run).toThrow(expect.objectContaining({ code }));
    expect(run).toThrow(message);
  });
});
