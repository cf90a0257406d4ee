/** Business constants of product.md section 9 and domain.md section 6 that are domain rules. */

export const MIN_PARTICIPANT_AGE = 18;
export const STUDY_DURATION_MINUTES = 60;

/** Enrollment targets: about 200 per final type, 6,000 in total. */
export const ENROLLMENT_TARGET_PER_TYPE = 200;
export const ENROLLMENT_TARGET_TOTAL = 6000;

/** The final score is one of the 16 types or this. */
export const INCONCLUSIVE = 'Inconclusive';

export const TYPE_COUNT = 16;
export const TEMPERAMENT_COUNT = 4;
export const FUNCTIONAL_PAIR_COUNT = 8;
export const INTERACTION_STYLE_COUNT = 4;
export const REQUIRED_SURVEY_COUNT = 3;

export const NARDI_QUESTION_COUNT = 25;
export const NARDI_ESTIMATED_MINUTES = 12;
/** Each part-one item supports exactly this many of the 16 types with each option. */
export const NARDI_TYPES_PER_OPTION = 8;
export const NARDI_TYPE_SCORE_MAX = 25;
/** Sum of the 16 type scores: 25 answers x 8 supported types. */
export const NARDI_TYPE_SCORE_TOTAL = 200;
export const NARDI_DICHOTOMY_MAX = 200;
export const NARDI_TEMPERAMENT_SCORE_MAX = 100;
export const NARDI_FUNCTIONAL_PAIR_SCORE_MAX = 50;
export const NARDI_INTERACTION_STYLE_SCORE_MAX = 100;
export const NARDI_CONSISTENCY_MAX = 10;
export const NARDI_PART_TWO_OFFER_SIZE = 4;
export const NARDI_PART_THREE_OFFER_SIZE = 2;
export const NARDI_PART_FOUR_OFFER_SIZE = 3;
export const NARDI_REPORT_TOP_TYPES = 3;
export const NARDI_REPORT_TOP_FUNCTIONAL_PAIRS = 2;
/** The selection agreement the Nardi report states. */
export const NARDI_REPORT_SELECTION_AGREEMENT_PERCENT = 85;
