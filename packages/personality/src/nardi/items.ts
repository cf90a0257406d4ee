import { TYPE_CODES, type TypeCode } from '../catalogue/codes';
import { TEMPERAMENTS } from '../catalogue/temperaments';
import { INTERACTION_STYLES } from '../catalogue/interaction-styles';

/**
 * The poles a part-one item can set against each other (domain.md section 2). Each pole is a set
 * of exactly 8 types; the two poles of a split are complements.
 */
export const NARDI_SPLITS = {
  initiatingResponding: { label: 'Initiating vs Responding', poles: ['E', 'I'] },
  concreteAbstract: { label: 'Concrete vs Abstract', poles: ['S', 'N'] },
  logicValues: { label: 'Logic vs Values', poles: ['T', 'F'] },
  settledOpen: { label: 'Settled vs Open', poles: ['J', 'P'] },
  cooperativePragmatic: { label: 'Cooperative vs Pragmatic', poles: ['cooperative', 'pragmatic'] },
  directingInforming: { label: 'Directing vs Informing', poles: ['directing', 'informing'] },
} as const;
export type NardiSplit = keyof typeof NARDI_SPLITS;
export type NardiPole = (typeof NARDI_SPLITS)[NardiSplit]['poles'][number];

/** How many part-one items measure each split. */
export const NARDI_SPLIT_ALLOCATION: Readonly<Record<NardiSplit, number>> = {
  initiatingResponding: 6,
  concreteAbstract: 6,
  logicValues: 4,
  settledOpen: 4,
  cooperativePragmatic: 3,
  directingInforming: 2,
};

const withLetter = (index: number, letter: string): TypeCode[] => TYPE_CODES.filter((code) => code[index] === letter);

export const NARDI_POLE_TYPES: Readonly<Record<NardiPole, readonly TypeCode[]>> = {
  E: withLetter(0, 'E'),
  I: withLetter(0, 'I'),
  S: withLetter(1, 'S'),
  N: withLetter(1, 'N'),
  T: withLetter(2, 'T'),
  F: withLetter(2, 'F'),
  J: withLetter(3, 'J'),
  P: withLetter(3, 'P'),
  cooperative: [...TEMPERAMENTS.SJ.types, ...TEMPERAMENTS.NF.types],
  pragmatic: [...TEMPERAMENTS.SP.types, ...TEMPERAMENTS.NT.types],
  directing: [...INTERACTION_STYLES.inCharge.types, ...INTERACTION_STYLES.chartCourse.types],
  informing: [...INTERACTION_STYLES.getGoing.types, ...INTERACTION_STYLES.behindScenes.types],
};

export type NardiChoice = 'A' | 'B';
export const NARDI_CHOICES: readonly NardiChoice[] = ['A', 'B'];

export interface NardiOption {
  prompt: string;
  pole: NardiPole;
  /** The 8 types this option supports. */
  supports: readonly TypeCode[];
}

export interface NardiItem {
  id: number;
  split: NardiSplit;
  A: NardiOption;
  B: NardiOption;
}

/** [id, split, pole of A, prompt A, prompt B]; B is always the other pole of the split. */
type ItemRow = readonly [number, NardiSplit, NardiPole, string, string];

// Which side is A is shuffled by hand across the items, so neither pole of a split is always A.
const ROWS: readonly ItemRow[] = [
  [1, 'initiatingResponding', 'E', 'I think out loud and talk my ideas through', 'I think things over quietly before I speak'],
  [2, 'concreteAbstract', 'N', 'I notice patterns and what could be', 'I notice facts and what is'],
  [3, 'logicValues', 'T', 'I decide by weighing the pros and cons', 'I decide by thinking about how people will feel'],
  [4, 'settledOpen', 'P', 'I like to keep my options open', 'I like to have things decided'],
  [5, 'initiatingResponding', 'I', 'A quiet evening at home', 'A lively evening out with friends'],
  [6, 'concreteAbstract', 'S', 'Give me step-by-step instructions', 'Give me the general idea and let me work it out'],
  [7, 'cooperativePragmatic', 'cooperative', 'I follow the agreed way of doing things', 'I do what works, even if it is not the usual way'],
  [8, 'initiatingResponding', 'E', 'I chat easily with people I have just met', 'I take time to warm up to new people'],
  [9, 'directingInforming', 'directing', 'In a group, I say what we should do next', 'In a group, I offer ideas and let others decide'],
  [10, 'concreteAbstract', 'N', 'I enjoy imagining how things could be', 'I enjoy dealing with things as they are'],
  [11, 'settledOpen', 'J', 'I finish my work before I relax', 'I mix work and play as I go'],
  [12, 'logicValues', 'F', 'I stay tactful, even if it softens the truth', 'I stay frank, even if it stings a little'],
  [13, 'initiatingResponding', 'I', 'A few close friends', 'A wide circle of friends'],
  [14, 'concreteAbstract', 'S', 'I trust what I have seen work before', 'I trust my hunches about what might work'],
  [15, 'cooperativePragmatic', 'pragmatic', 'Rules are guidelines; results matter most', 'Rules are there for good reasons; I stick to them'],
  [16, 'settledOpen', 'P', 'I pack at the last minute', 'I pack a few days ahead'],
  [17, 'initiatingResponding', 'E', 'I jump into group activities', 'I watch for a while before joining in'],
  [18, 'logicValues', 'T', 'When a friend is upset, I help solve the problem', 'When a friend is upset, I listen and comfort'],
  [19, 'concreteAbstract', 'N', 'I read between the lines', 'I take words at face value'],
  [20, 'directingInforming', 'informing', 'I would rather suggest than instruct', 'I would rather give clear instructions'],
  [21, 'settledOpen', 'J', 'I plan my weekend in advance', 'I see how my weekend unfolds'],
  [22, 'initiatingResponding', 'I', 'After a party I need time alone', 'After a party I am ready for more'],
  [23, 'cooperativePragmatic', 'cooperative', 'I work to keep everyone on the same page', 'I work to get results, even if I go my own way'],
  [24, 'logicValues', 'F', 'I am moved by a good story', 'I am impressed by a good argument'],
  [25, 'concreteAbstract', 'S', 'I remember exact details', 'I remember the overall impression'],
];

function otherPole(split: NardiSplit, pole: NardiPole): NardiPole {
  const [first, second] = NARDI_SPLITS[split].poles;
  return pole === first ? second : first;
}

/** The 25 part-one items, ids 1..25 in order. */
export const NARDI_ITEMS: readonly NardiItem[] = ROWS.map(([id, split, poleA, promptA, promptB]) => {
  const poleB = otherPole(split, poleA);
  return {
    id,
    split,
    A: { prompt: promptA, pole: poleA, supports: NARDI_POLE_TYPES[poleA] },
    B: { prompt: promptB, pole: poleB, supports: NARDI_POLE_TYPES[poleB] },
  };
});

/** The example shown on the Nardi intro page (not one of the 25 scored items). */
export const NARDI_EXAMPLE_ITEM = { A: 'I like a busy, lively workplace', B: 'I like a calm, quiet workplace' } as const;
