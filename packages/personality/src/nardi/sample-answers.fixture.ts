/**
 * A fixed set of 25 part-one answers with its expected results, worked out by hand from the item
 * table in items.ts (not by running the scoring code). Shared by the Nardi and report tests.
 *
 * Poles chosen: E 2 (items 8, 17), I 4 (1, 5, 13, 22); S 1 (14), N 5 (2, 6, 10, 19, 25);
 * T 3 (3, 12, 24), F 1 (18); J 3 (4, 11, 21), P 1 (16); cooperative 1 (7), pragmatic 2 (15, 23);
 * directing 2 (9, 20), informing 0.
 * A type's score adds the counts of its six poles, e.g. INTJ = I4 + N5 + T3 + J3 + pragmatic 2 +
 * directing 2 = 19 and ESFP = E2 + S1 + F1 + P1 + pragmatic 2 + informing 0 = 7.
 */
import type { NardiChoice, NardiPole } from './items';

/** [item id, answer, pole that answer supports] */
export const SAMPLE_CHOICES: readonly (readonly [number, NardiChoice, NardiPole])[] = [
  [1, 'B', 'I'],
  [2, 'A', 'N'],
  [3, 'A', 'T'],
  [4, 'B', 'J'],
  [5, 'A', 'I'],
  [6, 'B', 'N'],
  [7, 'A', 'cooperative'],
  [8, 'A', 'E'],
  [9, 'A', 'directing'],
  [10, 'A', 'N'],
  [11, 'A', 'J'],
  [12, 'B', 'T'],
  [13, 'A', 'I'],
  [14, 'A', 'S'],
  [15, 'A', 'pragmatic'],
  [16, 'A', 'P'],
  [17, 'A', 'E'],
  [18, 'B', 'F'],
  [19, 'A', 'N'],
  [20, 'B', 'directing'],
  [21, 'A', 'J'],
  [22, 'A', 'I'],
  [23, 'B', 'pragmatic'],
  [24, 'B', 'T'],
  [25, 'B', 'N'],
];

export const SAMPLE_ANSWERS: readonly { id: number; value: NardiChoice }[] = SAMPLE_CHOICES.map(([id, value]) => ({ id, value }));

/**
 * [type, E/I, S/N, T/F, J/P, cooperative/pragmatic, directing/informing, score]: the pole counts
 * that make up each type's score, in ranked order (score desc, code asc), with competition rank.
 */
export const SAMPLE_TYPE_TABLE = [
  ['INTJ', 4, 5, 3, 3, 2, 2, 19, 1],
  ['ENTJ', 2, 5, 3, 3, 2, 2, 17, 2],
  ['INFJ', 4, 5, 1, 3, 1, 2, 16, 3],
  ['INTP', 4, 5, 3, 1, 2, 0, 15, 4],
  ['ENFJ', 2, 5, 1, 3, 1, 2, 14, 5],
  ['ISTJ', 4, 1, 3, 3, 1, 2, 14, 5],
  ['ENTP', 2, 5, 3, 1, 2, 0, 13, 7],
  ['ISTP', 4, 1, 3, 1, 2, 2, 13, 7],
  ['ESTJ', 2, 1, 3, 3, 1, 2, 12, 9],
  ['INFP', 4, 5, 1, 1, 1, 0, 12, 9],
  ['ESTP', 2, 1, 3, 1, 2, 2, 11, 11],
  ['ENFP', 2, 5, 1, 1, 1, 0, 10, 12],
  ['ISFJ', 4, 1, 1, 3, 1, 0, 10, 12],
  ['ISFP', 4, 1, 1, 1, 2, 0, 9, 14],
  ['ESFJ', 2, 1, 1, 3, 1, 0, 8, 15],
  ['ESFP', 2, 1, 1, 1, 2, 0, 7, 16],
] as const;

export const SAMPLE_TYPE_CODES = SAMPLE_TYPE_TABLE.map(([code, , , , , , , score, rank]) => ({ code, score, rank }));

/**
 * A letter's score is 8 per item answered for it (all 8 types carry it) plus what the other items
 * give it: 4 per E/I, S/N, T/F or J/P item of another split; for T/F and J/P the
 * cooperative/pragmatic and directing/informing poles are uneven (cooperative: T2 F6 J6 P2,
 * pragmatic: T6 F2 J2 P6, directing: T6 F2 J6 P2).
 * E = 8x2 + 4x19 = 92, I = 8x4 + 76 = 108, S = 8x1 + 76 = 84, N = 8x5 + 76 = 116,
 * T = 8x3 + 4x16 + (2 + 6 + 6) + (6 + 6) = 114, F = 200 - 114 = 86,
 * J = 8x3 + 4x16 + (6 + 2 + 2) + (6 + 6) = 110, P = 90.
 */
export const SAMPLE_DICHOT_PREF = { E: 92, I: 108, S: 84, N: 116, T: 114, F: 86, J: 110, P: 90 } as const;
export const SAMPLE_PERCENTS = { E: 46, I: 54, S: 42, N: 58, T: 57, F: 43, J: 55, P: 45 } as const;

/** NT = 17 + 19 + 13 + 15, NF = 14 + 16 + 10 + 12, SJ = 12 + 14 + 8 + 10, SP = 11 + 13 + 7 + 9. */
export const SAMPLE_TEMPERAMENTS = [
  { code: 'NT', score: 64, rank: 1 },
  { code: 'NF', score: 52, rank: 2 },
  { code: 'SJ', score: 44, rank: 3 },
  { code: 'SP', score: 40, rank: 4 },
] as const;

/** Each pair adds its E and I twin, e.g. NTJ = ENTJ 17 + INTJ 19. */
export const SAMPLE_FUNCTIONAL_PAIRS = [
  { code: 'NTJ', score: 36, rank: 1 },
  { code: 'NFJ', score: 30, rank: 2 },
  { code: 'NTP', score: 28, rank: 3 },
  { code: 'STJ', score: 26, rank: 4 },
  { code: 'STP', score: 24, rank: 5 },
  { code: 'NFP', score: 22, rank: 6 },
  { code: 'SFJ', score: 18, rank: 7 },
  { code: 'SFP', score: 16, rank: 8 },
] as const;

/**
 * inCharge = ESTJ 12 + ENTJ 17 + ESTP 11 + ENFJ 14; chartCourse = ISTJ 14 + INTJ 19 + ISTP 13 +
 * INFJ 16; getGoing = ESFP 7 + ENFP 10 + ENTP 13 + ESFJ 8; behindScenes = ISFP 9 + INFP 12 +
 * INTP 15 + ISFJ 10.
 */
export const SAMPLE_INTERACTION_STYLES = { inCharge: 54, chartCourse: 62, getGoing: 38, behindScenes: 46 } as const;

/** Every part-one score of SAMPLE_ANSWERS together, as scoring stores and sends them. */
export const SAMPLE_SCORES = {
  typeCodes: SAMPLE_TYPE_CODES,
  functionalPairs: SAMPLE_FUNCTIONAL_PAIRS,
  temperaments: SAMPLE_TEMPERAMENTS,
  dichotPref: SAMPLE_DICHOT_PREF,
  interactionStyles: SAMPLE_INTERACTION_STYLES,
};
