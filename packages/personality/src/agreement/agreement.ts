import { DICHOTOMIES, TYPE_CODES, isTypeCode, type TypeCode } from '../catalogue/codes';

/** The instruments whose types the study compares (issue "Agreement"): three surveys and the official MBTI result. */
export const INSTRUMENTS = ['typeFinder', 'nardi', 'mbti', 'selfAssessment'] as const;
export type Instrument = (typeof INSTRUMENTS)[number];

/** Every unordered pair of instruments, in INSTRUMENTS order (6 pairs). */
export const INSTRUMENT_PAIRS: readonly (readonly [Instrument, Instrument])[] = INSTRUMENTS.flatMap((first, i) => INSTRUMENTS.slice(i + 1).map((second) => [first, second] as const));

/** The four letters of a type, named by their two poles. */
export const DICHOTOMY_NAMES = ['EI', 'SN', 'TF', 'JP'] as const;
export type DichotomyName = (typeof DICHOTOMY_NAMES)[number];

/** A participant's type by each instrument; anything that is not one of the 16 codes counts as no result. */
export type InstrumentTypes = Partial<Record<Instrument, string | null | undefined>>;

export interface LetterAgreement {
  dichotomy: DichotomyName;
  /** Participants whose two types carry the same letter here. */
  agreeing: number;
  /** agreeing / n x 100; null when n is 0. */
  percent: number | null;
  /**
   * Cohen's kappa, (po - pe) / (1 - pe), pe from the two instruments' letter shares. Null when
   * pe = 1 (both instruments gave every participant the same letter, so po = 1 too and kappa is
   * 0/0): there was no variation to agree beyond chance on, and 1 or 0 would each claim something
   * the data cannot show. Also null when n is 0.
   */
  kappa: number | null;
}

export interface PairAgreement {
  first: Instrument;
  second: Instrument;
  /** Participants with a type from both instruments. */
  n: number;
  wholeType: { agreeing: number; percent: number | null };
  letters: LetterAgreement[];
  /** 16 x 16 counts: row = the first instrument's type, column = the second's, both in TYPE_CODES order. */
  confusion: number[][];
}

const TYPE_INDEX: ReadonlyMap<TypeCode, number> = new Map(TYPE_CODES.map((code, index) => [code, index]));

/** 0 for the first pole of the dichotomy (E, S, T, J), 1 for the second. */
function pole(type: TypeCode, dichotomy: number): 0 | 1 {
  return type[dichotomy] === DICHOTOMIES[dichotomy]?.[0] ? 0 : 1;
}

function share(part: number, whole: number): number | null {
  return whole === 0 ? null : (part / whole) * 100;
}

/**
 * Kappa from a 2 x 2 table of counts ([first's pole][second's pole]), worked in whole numbers
 * until the one division: kappa = (n(a + d) - sum of row x column marginals) / (n^2 - that sum),
 * which is (po - pe) / (1 - pe) multiplied through by n^2.
 */
export function cohensKappa(table: readonly (readonly number[])[]): number | null {
  const [[a = 0, b = 0] = [], [c = 0, d = 0] = []] = table;
  const n = a + b + c + d;
  const chance = (a + b) * (a + c) + (c + d) * (b + d);
  const denominator = n * n - chance;
  if (n === 0 || denominator === 0) return null;
  return (n * (a + d) - chance) / denominator;
}

class PairTally {
  private n = 0;
  private wholeAgreeing = 0;
  private readonly letters = DICHOTOMY_NAMES.map(() => [
    [0, 0],
    [0, 0],
  ]);
  private readonly confusion = TYPE_CODES.map(() => TYPE_CODES.map(() => 0));

  constructor(
    readonly first: Instrument,
    readonly second: Instrument,
  ) {}

  add(firstType: TypeCode, secondType: TypeCode): void {
    this.n += 1;
    if (firstType === secondType) this.wholeAgreeing += 1;
    this.letters.forEach((table, dichotomy) => {
      const row = table[pole(firstType, dichotomy)];
      if (row) row[pole(secondType, dichotomy)] = (row[pole(secondType, dichotomy)] ?? 0) + 1;
    });
    const row = this.confusion[TYPE_INDEX.get(firstType) ?? 0];
    const column = TYPE_INDEX.get(secondType) ?? 0;
    if (row) row[column] = (row[column] ?? 0) + 1;
  }

  result(): PairAgreement {
    return {
      first: this.first,
      second: this.second,
      n: this.n,
      wholeType: { agreeing: this.wholeAgreeing, percent: share(this.wholeAgreeing, this.n) },
      letters: this.letters.map((table, dichotomy) => {
        const agreeing = (table[0]?.[0] ?? 0) + (table[1]?.[1] ?? 0);
        return { dichotomy: DICHOTOMY_NAMES[dichotomy] as DichotomyName, agreeing, percent: share(agreeing, this.n), kappa: cohensKappa(table) };
      }),
      confusion: this.confusion.map((row) => [...row]),
    };
  }
}

/**
 * The agreement between each pair of instruments, counted one participant at a time (so a
 * cursor can feed it and nothing is held but the counts). A pair counts a participant only when
 * both instruments gave one of the 16 types.
 */
export class AgreementTally {
  private readonly pairs = INSTRUMENT_PAIRS.map(([first, second]) => new PairTally(first, second));

  add(types: InstrumentTypes): void {
    for (const pair of this.pairs) {
      const firstType = types[pair.first];
      const secondType = types[pair.second];
      if (isTypeCode(firstType) && isTypeCode(secondType)) pair.add(firstType, secondType);
    }
  }

  result(): PairAgreement[] {
    return this.pairs.map((pair) => pair.result());
  }
}
