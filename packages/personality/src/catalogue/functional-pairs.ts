import { toFunctionalPairCode, type FunctionalPairCode, type TemperamentCode, type TypeCode } from './codes';

export interface FunctionalPair {
  code: FunctionalPairCode;
  /** e.g. 'Experiential Improviser' */
  title: string;
  /** A short snapshot description for Nardi part three. */
  description: string;
  temperament: TemperamentCode;
  /** The extraverted and the introverted twin, in that order. */
  types: readonly [TypeCode, TypeCode];
}

export const FUNCTIONAL_PAIRS: Readonly<Record<FunctionalPairCode, FunctionalPair>> = {
  SFP: {
    code: 'SFP',
    title: 'Experiential Improviser',
    description: 'Enjoys the senses and the people nearby, and responds to each moment with warmth and personal style.',
    temperament: 'SP',
    types: ['ESFP', 'ISFP'],
  },
  STP: {
    code: 'STP',
    title: 'Hands-On Improviser',
    description: 'Reads a situation fast and acts on it with practical skill and a cool head.',
    temperament: 'SP',
    types: ['ESTP', 'ISTP'],
  },
  STJ: {
    code: 'STJ',
    title: 'Orderly Stabilizer',
    description: 'Relies on facts, proven methods and clear structure to get things done properly.',
    temperament: 'SJ',
    types: ['ESTJ', 'ISTJ'],
  },
  SFJ: {
    code: 'SFJ',
    title: 'Caring Stabilizer',
    description: 'Looks after people through practical help, shared routines and a welcoming manner.',
    temperament: 'SJ',
    types: ['ESFJ', 'ISFJ'],
  },
  NTJ: {
    code: 'NTJ',
    title: 'Strategic Theorist',
    description: 'Sets long-range goals and builds sound, efficient plans to reach them.',
    temperament: 'NT',
    types: ['ENTJ', 'INTJ'],
  },
  NTP: {
    code: 'NTP',
    title: 'Inventive Theorist',
    description: 'Plays with ideas freely and enjoys finding clever, original answers to puzzles.',
    temperament: 'NT',
    types: ['ENTP', 'INTP'],
  },
  NFJ: {
    code: 'NFJ',
    title: 'Insightful Catalyst',
    description: 'Senses where people and situations are heading and gently guides them toward growth.',
    temperament: 'NF',
    types: ['ENFJ', 'INFJ'],
  },
  NFP: {
    code: 'NFP',
    title: 'Imaginative Catalyst',
    description: 'Follows inner values and imagination, and inspires others to be true to themselves.',
    temperament: 'NF',
    types: ['ENFP', 'INFP'],
  },
};

/** The catalogue entry for a functional pair code; throws UNKNOWN_CODE for anything else. */
export function getFunctionalPair(code: unknown): FunctionalPair {
  return FUNCTIONAL_PAIRS[toFunctionalPairCode(code)];
}
