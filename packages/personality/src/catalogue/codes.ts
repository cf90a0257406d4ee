import { PersonalityError } from '../errors';

/** The 16 four-letter type codes, grouped by temperament (SP, SJ, NT, NF). */
export const TYPE_CODES = [
  'ESTP', 'ISTP', 'ESFP', 'ISFP',
  'ESTJ', 'ISTJ', 'ESFJ', 'ISFJ',
  'ENTJ', 'INTJ', 'ENTP', 'INTP',
  'ENFJ', 'INFJ', 'ENFP', 'INFP',
] as const;
export type TypeCode = (typeof TYPE_CODES)[number];

export const TEMPERAMENT_CODES = ['SP', 'SJ', 'NT', 'NF'] as const;
export type TemperamentCode = (typeof TEMPERAMENT_CODES)[number];

export const FUNCTIONAL_PAIR_CODES = ['SFP', 'STP', 'STJ', 'SFJ', 'NTJ', 'NTP', 'NFJ', 'NFP'] as const;
export type FunctionalPairCode = (typeof FUNCTIONAL_PAIR_CODES)[number];

export const INTERACTION_STYLE_CODES = ['inCharge', 'chartCourse', 'getGoing', 'behindScenes'] as const;
export type InteractionStyleCode = (typeof INTERACTION_STYLE_CODES)[number];

/** The four dichotomies, each a pair of letters; a type carries one letter of each. */
export const DICHOTOMIES = [
  ['E', 'I'],
  ['S', 'N'],
  ['T', 'F'],
  ['J', 'P'],
] as const;
export type Dichotomy = (typeof DICHOTOMIES)[number];
export const DICHOTOMY_LETTERS = ['E', 'I', 'S', 'N', 'T', 'F', 'J', 'P'] as const;
export type DichotomyLetter = (typeof DICHOTOMY_LETTERS)[number];
/** Dichotomous preference scores, each 0..200; E + I = S + N = T + F = J + P = 200. */
export type DichotPref = Record<DichotomyLetter, number>;

const typeCodeSet: ReadonlySet<string> = new Set(TYPE_CODES);
const temperamentCodeSet: ReadonlySet<string> = new Set(TEMPERAMENT_CODES);
const functionalPairCodeSet: ReadonlySet<string> = new Set(FUNCTIONAL_PAIR_CODES);
const interactionStyleCodeSet: ReadonlySet<string> = new Set(INTERACTION_STYLE_CODES);

export function isTypeCode(value: unknown): value is TypeCode {
  return typeof value === 'string' && typeCodeSet.has(value);
}

export function isTemperamentCode(value: unknown): value is TemperamentCode {
  return typeof value === 'string' && temperamentCodeSet.has(value);
}

export function isFunctionalPairCode(value: unknown): value is FunctionalPairCode {
  return typeof value === 'string' && functionalPairCodeSet.has(value);
}

export function isInteractionStyleCode(value: unknown): value is InteractionStyleCode {
  return typeof value === 'string' && interactionStyleCodeSet.has(value);
}

function describe(value: unknown): string {
  return typeof value === 'string' ? `'${value}'` : String(value);
}

function unknownCode(kind: string, value: unknown, allowed: readonly string[]): PersonalityError {
  return new PersonalityError('UNKNOWN_CODE', `Unknown ${kind} ${describe(value)}; expected one of ${allowed.join(', ')}.`);
}

/** Narrows a value to a type code or throws UNKNOWN_CODE. */
export function toTypeCode(value: unknown): TypeCode {
  if (!isTypeCode(value)) throw unknownCode('type code', value, TYPE_CODES);
  return value;
}

export function toTemperamentCode(value: unknown): TemperamentCode {
  if (!isTemperamentCode(value)) throw unknownCode('temperament', value, TEMPERAMENT_CODES);
  return value;
}

export function toFunctionalPairCode(value: unknown): FunctionalPairCode {
  if (!isFunctionalPairCode(value)) throw unknownCode('functional pair', value, FUNCTIONAL_PAIR_CODES);
  return value;
}

export function toInteractionStyleCode(value: unknown): InteractionStyleCode {
  if (!isInteractionStyleCode(value)) throw unknownCode('interaction style', value, INTERACTION_STYLE_CODES);
  return value;
}
