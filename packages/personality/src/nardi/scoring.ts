import {
  DICHOTOMIES,
  FUNCTIONAL_PAIR_CODES,
  INTERACTION_STYLE_CODES,
  TEMPERAMENT_CODES,
  TYPE_CODES,
  type DichotPref,
  type FunctionalPairCode,
  type InteractionStyleCode,
  type TemperamentCode,
  type TypeCode,
} from '../catalogue/codes';
import { TEMPERAMENTS } from '../catalogue/temperaments';
import { FUNCTIONAL_PAIRS } from '../catalogue/functional-pairs';
import { INTERACTION_STYLES } from '../catalogue/interaction-styles';
import { NARDI_QUESTION_COUNT } from '../constants';
import { PersonalityError } from '../errors';
import { rankScoreMap, type RankedScore } from '../ranking';
import { NARDI_ITEMS, type NardiChoice } from './items';

/** One stored answer; validated at run time because it comes from a request or the database. */
export interface NardiAnswerInput {
  readonly id: unknown;
  readonly value: unknown;
}

export type TypeScores = Record<TypeCode, number>;
export type TemperamentScores = Record<TemperamentCode, number>;
export type FunctionalPairScores = Record<FunctionalPairCode, number>;
export type InteractionStyleScores = Record<InteractionStyleCode, number>;

/** The part-one result, in the shape of the Nardi survey (product.md section 3). */
export interface NardiScores {
  /** The 16 types ranked, each score 0..25. */
  typeCodes: RankedScore<TypeCode>[];
  /** Each letter 0..200. */
  dichotPref: DichotPref;
  /** The 8 pairs ranked, each score 0..50. */
  functionalPairs: RankedScore<FunctionalPairCode>[];
  /** The 4 temperaments ranked, each score 0..100. */
  temperaments: RankedScore<TemperamentCode>[];
  /** Each style 0..100. */
  interactionStyles: InteractionStyleScores;
}

function show(value: unknown): string {
  return typeof value === 'string' ? `'${value}'` : JSON.stringify(value) ?? String(value);
}

/**
 * Checks the 25 part-one answers: a list holding ids 1..25 exactly once each, every value 'A' or
 * 'B'. Throws NARDI_ANSWERS_INVALID naming every problem found; returns the choice per id.
 */
export function validateNardiAnswers(answers: unknown): ReadonlyMap<number, NardiChoice> {
  if (!Array.isArray(answers)) {
    throw new PersonalityError('NARDI_ANSWERS_INVALID', 'Nardi part one answers must be a list of 25 answers.');
  }
  const problems: string[] = [];
  const choices = new Map<number, NardiChoice>();
  const answered = new Set<number>();
  answers.forEach((answer: unknown, index) => {
    if (typeof answer !== 'object' || answer === null) {
      problems.push(`entry ${index + 1} is not an answer`);
      return;
    }
    const { id, value } = answer as NardiAnswerInput;
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > NARDI_QUESTION_COUNT) {
      problems.push(`id ${show(id)} is not a question id (1 to ${NARDI_QUESTION_COUNT})`);
      return;
    }
    if (answered.has(id)) {
      problems.push(`question ${id} is answered more than once`);
      return;
    }
    answered.add(id);
    if (value !== 'A' && value !== 'B') {
      problems.push(`question ${id} has the answer ${show(value)} (expected 'A' or 'B')`);
      return;
    }
    choices.set(id, value);
  });
  const missing = NARDI_ITEMS.map((item) => item.id).filter((id) => !answered.has(id));
  if (missing.length > 0) problems.push(missing.length > 1 ? `no answers for questions ${missing.join(', ')}` : `no answer for question ${missing.join('')}`);
  if (problems.length > 0) {
    throw new PersonalityError('NARDI_ANSWERS_INVALID', `Nardi part one answers are invalid: ${problems.join('; ')}.`);
  }
  return choices;
}

function zeroScores<C extends string>(codes: readonly C[]): Record<C, number> {
  return Object.fromEntries(codes.map((code) => [code, 0])) as Record<C, number>;
}

/** Type score (0..25): how many answers chose an option that supports the type. Sums to 200. */
export function scoreTypes(answers: readonly NardiAnswerInput[]): TypeScores {
  const choices = validateNardiAnswers(answers);
  const scores = zeroScores(TYPE_CODES);
  for (const item of NARDI_ITEMS) {
    const choice = choices.get(item.id) as NardiChoice;
    for (const code of item[choice].supports) scores[code] += 1;
  }
  return scores;
}

/** Dichotomy score for a letter (0..200): the sum of the 8 type scores carrying that letter. */
export function dichotomyScores(typeScores: Readonly<TypeScores>): DichotPref {
  const pref: DichotPref = { E: 0, I: 0, S: 0, N: 0, T: 0, F: 0, J: 0, P: 0 };
  for (const code of TYPE_CODES) {
    DICHOTOMIES.forEach((_pair, position) => {
      pref[code[position] as keyof DichotPref] += typeScores[code];
    });
  }
  return pref;
}

/** The percentage shown for a dichotomy score out of 200: round(score / 2). */
export function dichotomyPercent(score: number): number {
  return Math.round(score / 2);
}

function sumOf(typeScores: Readonly<TypeScores>, types: readonly TypeCode[]): number {
  return types.reduce((sum, code) => sum + typeScores[code], 0);
}

/** Temperament score (0..100): the sum of its 4 types. */
export function temperamentScores(typeScores: Readonly<TypeScores>): TemperamentScores {
  const scores = zeroScores(TEMPERAMENT_CODES);
  for (const code of TEMPERAMENT_CODES) scores[code] = sumOf(typeScores, TEMPERAMENTS[code].types);
  return scores;
}

/** Functional pair score (0..50): the sum of its 2 types. */
export function functionalPairScores(typeScores: Readonly<TypeScores>): FunctionalPairScores {
  const scores = zeroScores(FUNCTIONAL_PAIR_CODES);
  for (const code of FUNCTIONAL_PAIR_CODES) scores[code] = sumOf(typeScores, FUNCTIONAL_PAIRS[code].types);
  return scores;
}

/** Interaction style score (0..100): the sum of its 4 types. */
export function interactionStyleScores(typeScores: Readonly<TypeScores>): InteractionStyleScores {
  const scores = zeroScores(INTERACTION_STYLE_CODES);
  for (const code of INTERACTION_STYLE_CODES) scores[code] = sumOf(typeScores, INTERACTION_STYLES[code].types);
  return scores;
}

/** Scores Nardi part one from its 25 answers (domain.md section 2). */
export function scoreNardi(answers: readonly NardiAnswerInput[]): NardiScores {
  const typeScores = scoreTypes(answers);
  return {
    typeCodes: rankScoreMap(typeScores),
    dichotPref: dichotomyScores(typeScores),
    functionalPairs: rankScoreMap(functionalPairScores(typeScores)),
    temperaments: rankScoreMap(temperamentScores(typeScores)),
    interactionStyles: interactionStyleScores(typeScores),
  };
}
