import { toTemperamentCode, type FunctionalPairCode, type TemperamentCode, type TypeCode } from './codes';

export interface Temperament {
  code: TemperamentCode;
  /** 'Improviser' */
  name: string;
  /** The snapshot heading: code and name, e.g. 'SP Improviser'. */
  title: string;
  /** A short snapshot description for Nardi part two. */
  description: string;
  types: readonly TypeCode[];
  functionalPairs: readonly FunctionalPairCode[];
}

export const TEMPERAMENTS: Readonly<Record<TemperamentCode, Temperament>> = {
  SP: {
    code: 'SP',
    name: 'Improviser',
    title: 'SP Improviser',
    description:
      'Lives in the moment and acts on what is right in front of them. Quick to adapt when plans change, hands-on, and happiest with freedom to move.',
    types: ['ESTP', 'ISTP', 'ESFP', 'ISFP'],
    functionalPairs: ['SFP', 'STP'],
  },
  SJ: {
    code: 'SJ',
    name: 'Stabilizer',
    title: 'SJ Stabilizer',
    description:
      'Keeps commitments and looks after people and things. Values routine, responsibility and ways of doing things that have proven they work.',
    types: ['ESTJ', 'ISTJ', 'ESFJ', 'ISFJ'],
    functionalPairs: ['STJ', 'SFJ'],
  },
  NT: {
    code: 'NT',
    name: 'Theorist',
    title: 'NT Theorist',
    description:
      'Wants to understand how everything works. Enjoys solving hard problems, values skill and clear thinking, and likes to improve whatever could work better.',
    types: ['ENTJ', 'INTJ', 'ENTP', 'INTP'],
    functionalPairs: ['NTJ', 'NTP'],
  },
  NF: {
    code: 'NF',
    name: 'Catalyst',
    title: 'NF Catalyst',
    description:
      'Looks for meaning and real connection. Encourages people to grow, cares about honesty and harmony, and likes to help others become who they want to be.',
    types: ['ENFJ', 'INFJ', 'ENFP', 'INFP'],
    functionalPairs: ['NFJ', 'NFP'],
  },
};

/** The catalogue entry for a temperament code; throws UNKNOWN_CODE for anything else. */
export function getTemperament(code: unknown): Temperament {
  return TEMPERAMENTS[toTemperamentCode(code)];
}
