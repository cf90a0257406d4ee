import {
  DICHOTOMIES,
  FUNCTIONAL_PAIR_CODES,
  INTERACTION_STYLE_CODES,
  TEMPERAMENT_CODES,
  TYPE_CODES,
  toFunctionalPairCode,
  toInteractionStyleCode,
  toTemperamentCode,
  toTypeCode,
  type DichotomyLetter,
  type FunctionalPairCode,
  type InteractionStyleCode,
  type TemperamentCode,
  type TypeCode,
} from '../catalogue/codes';
import { FUNCTIONAL_PAIRS } from '../catalogue/functional-pairs';
import { INTERACTION_STYLES } from '../catalogue/interaction-styles';
import { PERSONALITY_TYPES } from '../catalogue/personality-types';
import { TEMPERAMENTS } from '../catalogue/temperaments';
import {
  NARDI_CONSISTENCY_MAX,
  NARDI_DICHOTOMY_MAX,
  NARDI_REPORT_TOP_FUNCTIONAL_PAIRS,
  NARDI_REPORT_TOP_TYPES,
  NARDI_TYPE_SCORE_MAX,
} from '../constants';
import { PersonalityError } from '../errors';
import { dichotomyPercent } from '../nardi/scoring';
import { rankCompleteScores, type ScoreEntryInput } from '../nardi/stored-scores';

/** The stored Nardi survey fields the report is built from (validated at run time). */
export interface NardiReportInput {
  typeCodes: readonly ScoreEntryInput[];
  dichotPref: Readonly<Record<string, unknown>>;
  functionalPairs: readonly ScoreEntryInput[];
  temperaments: readonly ScoreEntryInput[];
  interactionStyles: Readonly<Record<string, unknown>>;
  /** The type chosen in part four (the Nardi typeCode). */
  selectedTypeCode: unknown;
  /** The pair chosen in part three. */
  selectedFP: unknown;
  consistency: unknown;
}

export interface ReportTypeRow {
  code: TypeCode;
  title: string;
  score: number;
  /** 25 */
  outOf: number;
  rank: number;
}

export interface ReportDichotomyLetter {
  letter: DichotomyLetter;
  score: number;
  /** round(score / 2) */
  percent: number;
}

export interface ReportDichotomyRow {
  /** 'E/I' */
  label: string;
  left: ReportDichotomyLetter;
  right: ReportDichotomyLetter;
  /** 200 */
  outOf: number;
}

export interface ReportFunctionalPairRow {
  code: FunctionalPairCode;
  title: string;
  score: number;
  rank: number;
  /** The pair chosen in part three (shown with a check mark). */
  selected: boolean;
}

export interface ReportTemperamentRow {
  code: TemperamentCode;
  /** 'NT Theorist' */
  title: string;
  score: number;
  rank: number;
}

export interface ReportInteractionStyleRow {
  code: InteractionStyleCode;
  /** 'Chart-the-Course' */
  name: string;
  score: number;
  rank: number;
}

/** The favourite snapshot row: the chosen type with its names. */
export interface ReportFavourite {
  typeCode: TypeCode;
  typeName: string;
  temperamentCode: TemperamentCode;
  /** 'NT Theorist' */
  temperament: string;
  interactionStyleCode: InteractionStyleCode;
  /** 'Chart-the-Course' */
  interactionStyle: string;
}

/** The Nardi report view model (product.md section 2, 'Nardi report content'). */
export interface NardiReport {
  /** The top 3 ranked types, scores out of 25. */
  topTypes: ReportTypeRow[];
  /** E/I, S/N, T/F, J/P, scores out of 200 with percentages. */
  dichotomies: ReportDichotomyRow[];
  /** Cognitive dynamics: the top 2 functional pairs. */
  functionalPairs: ReportFunctionalPairRow[];
  /** The 4 temperaments ranked. */
  temperaments: ReportTemperamentRow[];
  /** The 4 interaction styles ranked by score. */
  interactionStyles: ReportInteractionStyleRow[];
  favourite: ReportFavourite;
  consistency: { score: number; outOf: number };
}

function scoresError(message: string): PersonalityError {
  return new PersonalityError('NARDI_SCORES_INVALID', message);
}

function checkedDichotomyScore(dichotPref: Readonly<Record<string, unknown>>, letter: DichotomyLetter): number {
  const score = dichotPref[letter];
  if (typeof score !== 'number' || !Number.isFinite(score) || score < 0) {
    throw scoresError(`The Nardi dichotomous preference ${letter} is not a number of 0 or more.`);
  }
  if (score === 0) {
    throw new PersonalityError('ZERO_DICHOTOMY', `The Nardi dichotomous preference ${letter} is 0, so the stored scores are corrupt.`);
  }
  return score;
}

function dichotomyRows(dichotPref: Readonly<Record<string, unknown>>): ReportDichotomyRow[] {
  if (typeof dichotPref !== 'object' || dichotPref === null) throw scoresError('The Nardi dichotomous preferences are missing.');
  return DICHOTOMIES.map(([first, second]) => {
    const row = (letter: DichotomyLetter): ReportDichotomyLetter => {
      const score = checkedDichotomyScore(dichotPref, letter);
      return { letter, score, percent: dichotomyPercent(score) };
    };
    return { label: `${first}/${second}`, left: row(first), right: row(second), outOf: NARDI_DICHOTOMY_MAX };
  });
}

function interactionStyleRows(styles: Readonly<Record<string, unknown>>): ReportInteractionStyleRow[] {
  if (typeof styles !== 'object' || styles === null) throw scoresError('The Nardi interaction style scores are missing.');
  const entries = Object.entries(styles).map(([code, score]) => ({ code, score }));
  const ranked = rankCompleteScores(entries, 'interaction style', INTERACTION_STYLE_CODES, toInteractionStyleCode);
  return ranked.map(({ code, score, rank }) => ({ code, name: INTERACTION_STYLES[code].name, score, rank }));
}

function checkedConsistency(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > NARDI_CONSISTENCY_MAX) {
    throw scoresError(`The Nardi consistency must be a whole number from 0 to ${NARDI_CONSISTENCY_MAX}.`);
  }
  return value;
}

/**
 * Builds the Nardi report from the stored survey. Throws ZERO_DICHOTOMY for a 0 dichotomous
 * preference, UNKNOWN_CODE for an unknown type, temperament, style or pair code, and
 * NARDI_SCORES_INVALID for incomplete or malformed scores.
 */
export function buildNardiReport(input: NardiReportInput): NardiReport {
  const typeCodes = rankCompleteScores(input.typeCodes, 'type', TYPE_CODES, toTypeCode);
  const functionalPairs = rankCompleteScores(input.functionalPairs, 'functional pair', FUNCTIONAL_PAIR_CODES, toFunctionalPairCode);
  const temperaments = rankCompleteScores(input.temperaments, 'temperament', TEMPERAMENT_CODES, toTemperamentCode);
  const dichotomies = dichotomyRows(input.dichotPref);
  const interactionStyles = interactionStyleRows(input.interactionStyles);
  const selectedFP = toFunctionalPairCode(input.selectedFP);
  const favourite = PERSONALITY_TYPES[toTypeCode(input.selectedTypeCode)];

  return {
    topTypes: typeCodes.slice(0, NARDI_REPORT_TOP_TYPES).map(({ code, score, rank }) => ({
      code,
      title: PERSONALITY_TYPES[code].title,
      score,
      outOf: NARDI_TYPE_SCORE_MAX,
      rank,
    })),
    dichotomies,
    functionalPairs: functionalPairs.slice(0, NARDI_REPORT_TOP_FUNCTIONAL_PAIRS).map(({ code, score, rank }) => ({
      code,
      title: FUNCTIONAL_PAIRS[code].title,
      score,
      rank,
      selected: code === selectedFP,
    })),
    temperaments: temperaments.map(({ code, score, rank }) => ({ code, title: TEMPERAMENTS[code].title, score, rank })),
    interactionStyles,
    favourite: {
      typeCode: favourite.code,
      typeName: favourite.title,
      temperamentCode: favourite.temperament,
      temperament: TEMPERAMENTS[favourite.temperament].title,
      interactionStyleCode: favourite.interactionStyle,
      interactionStyle: INTERACTION_STYLES[favourite.interactionStyle].name,
    },
    consistency: { score: checkedConsistency(input.consistency), outOf: NARDI_CONSISTENCY_MAX },
  };
}
