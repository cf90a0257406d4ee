/**
 * Every broken domain rule throws a PersonalityError with a stable UPPER_SNAKE code, so a service
 * can turn it into the shared error body (`code`) and a screen can show the message as is.
 */
export const PersonalityErrorCodes = {
  /** Nardi part-one answers are missing, duplicated, out of range or not 'A' / 'B'. */
  NARDI_ANSWERS_INVALID: 'NARDI_ANSWERS_INVALID',
  /** A type, temperament, functional pair, interaction style or confidence code is not known. */
  UNKNOWN_CODE: 'UNKNOWN_CODE',
  /** Stored Nardi scores are incomplete, duplicated or not numbers. */
  NARDI_SCORES_INVALID: 'NARDI_SCORES_INVALID',
  /** A dichotomous preference score is 0, which only corrupt data can produce. */
  ZERO_DICHOTOMY: 'ZERO_DICHOTOMY',
  /** A Nardi part two/three/four offer does not have the size the rules require. */
  NARDI_OFFER_INVALID: 'NARDI_OFFER_INVALID',
  /** A Nardi part two/three/four selection is not one of the choices that were offered. */
  NARDI_SELECTION_INVALID: 'NARDI_SELECTION_INVALID',
  /** The final score cannot be computed from the given results. */
  FINAL_SCORE_INPUT_INVALID: 'FINAL_SCORE_INPUT_INVALID',
  /** A question definition or answer does not fit the question rules. */
  QUESTION_INVALID: 'QUESTION_INVALID',
} as const;

export type PersonalityErrorCode = (typeof PersonalityErrorCodes)[keyof typeof PersonalityErrorCodes];

export class PersonalityError extends Error {
  override readonly name = 'PersonalityError';

  constructor(
    readonly code: PersonalityErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export function isPersonalityError(value: unknown): value is PersonalityError {
  return value instanceof PersonalityError;
}
