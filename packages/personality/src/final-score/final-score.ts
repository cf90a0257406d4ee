import { DICHOTOMIES, DICHOTOMY_LETTERS, toTypeCode, type DichotPref, type DichotomyLetter, type TypeCode } from '../catalogue/codes';
import { INCONCLUSIVE } from '../constants';
import { PersonalityError } from '../errors';
import { isConfidenceLevel, LOW_CONFIDENCE, type ConfidenceLevel } from '../self-assessment/questions';

export type FinalTypeCode = TypeCode | typeof INCONCLUSIVE;

/** The results the final score is computed from (domain.md section 5). */
export interface FinalScoreInput {
  /** TF: the TypeFinder typeCode. */
  typeFinder?: TypeCode;
  /** NA: the Nardi typeCode, with the dichotomy scores used to break letter ties. */
  nardi?: { typeCode: TypeCode; dichotPref: DichotPref };
  /** MB: the official MBTI wholeType, once uploaded. */
  mbti?: TypeCode;
  /** SA: present once the self-assessment is completed or rejected. */
  selfAssessment?: { status: 'completed' | 'rejected'; personalityType?: TypeCode; confidence?: ConfidenceLevel };
}

/** Which rule of domain.md section 5 decided the final score. */
export type FinalScoreBasis =
  /** Rule 1: every available result (TF, NA, MB, SA) is the same type. */
  | 'allAgree'
  /** Rule 1: results disagree and the person is 80% sure or more: their own type. */
  | 'selfAssessmentConfident'
  /** Rule 1: results disagree and the person is under 80% sure. */
  | 'inconclusive'
  /** Rule 2 (self-assessment rejected): TF, NA and MB, where present, agree. */
  | 'rejectedAllAgree'
  /** Rule 2: decided letter by letter. */
  | 'letterMajority';

/** How one letter of a rule-2 result was decided. */
export type LetterDecision =
  /** More of TF, NA, MB chose it. */
  | 'majority'
  /** A tie, given to MB. */
  | 'mbti'
  /** A tie without MB, given to the higher Nardi dichotomy score of the letter pair. */
  | 'nardiScore'
  /** A tie without MB and with equal Nardi dichotomy scores, given to the Nardi typeCode's letter. */
  | 'nardiType';

export interface FinalScoreDecision {
  typeCode: FinalTypeCode;
  basis: FinalScoreBasis;
  /** Rule 2 letter by letter only: how each of the four letters was decided. */
  letters?: readonly { letter: DichotomyLetter; decidedBy: LetterDecision }[];
}

function invalid(message: string): PersonalityError {
  return new PersonalityError('FINAL_SCORE_INPUT_INVALID', message);
}

function checkedDichotPref(value: unknown): DichotPref {
  if (typeof value !== 'object' || value === null) throw invalid('The Nardi dichotomy scores are missing.');
  const pref = value as Record<string, unknown>;
  for (const letter of DICHOTOMY_LETTERS) {
    const score = pref[letter];
    if (typeof score !== 'number' || !Number.isFinite(score) || score < 0) {
      throw invalid(`The Nardi dichotomy score for ${letter} is not a number of 0 or more.`);
    }
  }
  return value as DichotPref;
}

function allSame(codes: readonly TypeCode[]): boolean {
  return codes.every((code) => code === codes[0]);
}

/**
 * Rule 2, letter by letter: the majority of the voters (TF, NA, MB where present). A tie goes to
 * MB when present, else to the higher Nardi dichotomy score of that letter pair; when those scores
 * are equal too, to the Nardi typeCode's letter (the person's own pick in Nardi part four).
 * A tie without MB needs two voters, TF and NA, so Nardi is always there to break it.
 */
function decideByLetters(voters: readonly TypeCode[], mbti: TypeCode | undefined, nardi: { typeCode: TypeCode; dichotPref: DichotPref } | undefined): FinalScoreDecision {
  const letters = DICHOTOMIES.map(([first, second], position) => {
    const firstVotes = voters.filter((code) => code[position] === first).length;
    const secondVotes = voters.length - firstVotes;
    if (firstVotes !== secondVotes) return { letter: firstVotes > secondVotes ? first : second, decidedBy: 'majority' as const };
    if (mbti !== undefined) return { letter: mbti[position] as DichotomyLetter, decidedBy: 'mbti' as const };
    const { typeCode, dichotPref } = nardi as { typeCode: TypeCode; dichotPref: DichotPref };
    if (dichotPref[first] !== dichotPref[second]) {
      return { letter: dichotPref[first] > dichotPref[second] ? first : second, decidedBy: 'nardiScore' as const };
    }
    return { letter: typeCode[position] as DichotomyLetter, decidedBy: 'nardiType' as const };
  });
  return { typeCode: toTypeCode(letters.map(({ letter }) => letter).join('')), basis: 'letterMajority', letters };
}

/**
 * Decides the final score (domain.md section 5) from whichever results are present, and says which
 * rule decided it. Call it once finalScoreReady(...) is true. Throws UNKNOWN_CODE for a bad type
 * or confidence code and FINAL_SCORE_INPUT_INVALID when the input cannot be scored.
 */
export function decideFinalScore(input: FinalScoreInput): FinalScoreDecision {
  const typeFinder = input.typeFinder === undefined ? undefined : toTypeCode(input.typeFinder);
  const mbti = input.mbti === undefined ? undefined : toTypeCode(input.mbti);
  const nardi =
    input.nardi === undefined ? undefined : { typeCode: toTypeCode(input.nardi.typeCode), dichotPref: checkedDichotPref(input.nardi.dichotPref) };
  const voters = [typeFinder, nardi?.typeCode, mbti].filter((code): code is TypeCode => code !== undefined);
  const selfAssessment = input.selfAssessment;

  if (selfAssessment?.status === 'completed') {
    if (selfAssessment.personalityType === undefined) throw invalid('The completed self-assessment has no personality type.');
    if (selfAssessment.confidence === undefined) throw invalid('The completed self-assessment has no confidence.');
    const own = toTypeCode(selfAssessment.personalityType);
    if (!isConfidenceLevel(selfAssessment.confidence)) {
      throw new PersonalityError('UNKNOWN_CODE', `Unknown confidence '${String(selfAssessment.confidence)}'.`);
    }
    if (allSame([...voters, own])) return { typeCode: own, basis: 'allAgree' };
    if (selfAssessment.confidence !== LOW_CONFIDENCE) return { typeCode: own, basis: 'selfAssessmentConfident' };
    return { typeCode: INCONCLUSIVE, basis: 'inconclusive' };
  }

  if (selfAssessment?.status === 'rejected') {
    const [first] = voters;
    if (first === undefined) throw invalid('The final score needs at least one of the TypeFinder, Nardi or MBTI results.');
    if (allSame(voters)) return { typeCode: first, basis: 'rejectedAllAgree' };
    return decideByLetters(voters, mbti, nardi);
  }

  throw invalid('The final score needs the self-assessment to be completed or rejected.');
}

/** The final score: one of the 16 types, or 'Inconclusive' (see decideFinalScore). */
export function computeFinalScore(input: FinalScoreInput): FinalTypeCode {
  return decideFinalScore(input).typeCode;
}
