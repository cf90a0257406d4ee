import type { DichotomyLetter } from '@study/personality';
import {
  NARDI_CONSISTENCY_MAX,
  NARDI_DICHOTOMY_MAX,
  NARDI_FUNCTIONAL_PAIR_SCORE_MAX,
  NARDI_QUESTION_COUNT,
  NARDI_REPORT_SELECTION_AGREEMENT_PERCENT,
  NARDI_REPORT_TOP_FUNCTIONAL_PAIRS,
  NARDI_REPORT_TOP_TYPES,
  NARDI_TEMPERAMENT_SCORE_MAX,
  NARDI_INTERACTION_STYLE_SCORE_MAX,
  NARDI_TYPE_SCORE_MAX,
  NARDI_TYPES_PER_OPTION,
} from '@study/personality';

// The words of the Nardi report page, written for this study. Numbers come from the domain
// constants so the text never disagrees with the scores it explains.

/** The name of each preference letter. */
export const PREFERENCE_NAMES: Readonly<Record<DichotomyLetter, string>> = {
  E: 'Extraversion',
  I: 'Introversion',
  S: 'Sensing',
  N: 'Intuition',
  T: 'Thinking',
  F: 'Feeling',
  J: 'Judging',
  P: 'Perceiving',
};

/** What each pair of preferences is about, by its label. */
export const DICHOTOMY_TOPICS: Readonly<Record<'E/I' | 'S/N' | 'T/F' | 'J/P', string>> = {
  'E/I': 'Where you turn for energy: the outer world of people and action, or the inner world of thoughts and reflection.',
  'S/N': 'How you take in information: concrete facts and experience, or patterns, meanings and possibilities.',
  'T/F': 'How you make decisions: impersonal logic and consistency, or personal values and the people affected.',
  'J/P': 'How you deal with the outer world: with plans and closure, or with flexibility and options kept open.',
};

export const SECTION_TEXT = {
  intro:
    'This report sums up your answers to the Nardi Personality Indicator in this study. Personality type describes preferences, the ways you are most at home thinking and acting, not abilities: no type is better than another, and everyone uses every preference some of the time.',
  topTypes: `Each of the ${NARDI_QUESTION_COUNT} questions in part one supports ${NARDI_TYPES_PER_OPTION} of the 16 types with each answer, so every type scores from 0 to ${NARDI_TYPE_SCORE_MAX}. These are the ${NARDI_REPORT_TOP_TYPES} types your answers supported most. Types with the same score share a rank.`,
  dichotomies: `Type looks at four pairs of opposite preferences. The two scores of a pair add up to ${NARDI_DICHOTOMY_MAX}; the percentage is each side's share. The longer side of each bar is the preference your answers leaned to. A result close to 50% means you use both sides about equally.`,
  cognitiveDynamics: `A functional pair groups two types, one extraverted and one introverted, that rely on the same two mental processes: one for taking in information and one for making decisions. Each pair scores from 0 to ${NARDI_FUNCTIONAL_PAIR_SCORE_MAX}. These are your ${NARDI_REPORT_TOP_FUNCTIONAL_PAIRS} highest-scoring pairs; the check mark shows the one you chose in part three, if it is one of them.`,
  temperaments: `Temperament describes your core needs and values and the talents that grow from them. Each of the four temperaments groups four types, so it scores from 0 to ${NARDI_TEMPERAMENT_SCORE_MAX}. Rank 1 is the temperament your answers supported most.`,
  interactionStyles: `Interaction styles describe how you tend to work with other people: how directly you ask for what you want, and whether you focus first on the result or on the way there. Each of the four styles groups four types and scores from 0 to ${NARDI_INTERACTION_STYLE_SCORE_MAX}.`,
  favourite: 'The type snapshot you chose in part four as your best fit, with the temperament and the interaction style it belongs to.',
  selectionAgreement: `The Nardi approach reports about ${NARDI_REPORT_SELECTION_AGREEMENT_PERCENT}% agreement between the snapshot people select as their best fit and what their scores point to. So if your choice differs from your top score, that is not unusual: your own sense of the snapshot that fits is part of the result.`,
  consistency: `How far your choices in parts two to four agree with your part-one answers: up to 3 points for the temperament, 3 for the cognitive style (the functional pair) and 4 for the type, ${NARDI_CONSISTENCY_MAX} in all. A high score means your choices and your answers point the same way. A lower score is not a mistake; it suggests reading the snapshots near the top again and considering which one fits you best.`,
  about:
    'The Nardi Personality Indicator combines a short questionnaire with snapshots you choose yourself. Its results are a starting point for reflection, not a diagnosis or a verdict on who you are. In this study they are compared with your other assessments and with genetic data, to learn more about how personality type and genetics relate.',
} as const;

/** General reading on temperament, interaction styles and cognitive dynamics. */
export const REFERENCES: readonly { title: string; authors: string }[] = [
  { title: 'Psychological Types', authors: 'C. G. Jung' },
  { title: 'Gifts Differing: Understanding Personality Type', authors: 'Isabel Briggs Myers with Peter B. Myers' },
  { title: 'Please Understand Me II: Temperament, Character, Intelligence', authors: 'David Keirsey' },
  { title: 'Understanding Yourself and Others: An Introduction to Temperament', authors: 'Linda V. Berens' },
  { title: 'Understanding Yourself and Others: An Introduction to Interaction Styles', authors: 'Linda V. Berens' },
  { title: "Dynamics of Personality Type: Understanding and Applying Jung's Cognitive Processes", authors: 'Linda V. Berens' },
  { title: 'The 16 Personality Types: Descriptions for Self-Discovery', authors: 'Linda V. Berens and Dario Nardi' },
  { title: '8 Keys to Self-Leadership: From Awareness to Action', authors: 'Dario Nardi' },
];
