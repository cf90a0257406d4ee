import type { Answer, SurveyInput } from '@study/contracts';
import { NARDI_QUESTION_COUNT, partFourOffers, partThreeOffers, partTwoOffers, requireOffered, scoreNardi, validateNardiAnswers, type NardiScores } from '@study/personality';
import type { StoredSurvey } from './stored-survey';
import { answersInvalid, checkRule, statusInvalid, stepInvalid } from './survey-errors';

const STATUSES = ['pending', 'in-progress', 'reviewing', 'part-one', 'part-two', 'part-three', 'completed', 'rejected'] as const;

/**
 * The Nardi steps in order (product.md section 4): answering part one (pending, in-progress,
 * reviewing), part one saved, temperament chosen, functional pair chosen, type chosen.
 */
const STEP_OF_STATUS: Readonly<Record<string, number>> = {
  pending: 0,
  'in-progress': 0,
  reviewing: 0,
  'part-one': 1,
  'part-two': 2,
  'part-three': 3,
  completed: 4,
};
const STEP_NAMES = ['answering part one', 'part-one', 'part-two', 'part-three', 'completed'];

type Choice = 'selectedTemperament' | 'selectedFP' | 'selectedTypeCode';
/** The choice made at each step: parts two, three and four. */
const CHOICES: readonly { step: number; choice: Choice }[] = [
  { step: 2, choice: 'selectedTemperament' },
  { step: 3, choice: 'selectedFP' },
  { step: 4, choice: 'selectedTypeCode' },
];
const CHOICE_LABEL: Readonly<Record<Choice, string>> = {
  selectedTemperament: 'the part-two temperament (selectedTemperament)',
  selectedFP: 'the part-three functional pair (selectedFP)',
  selectedTypeCode: 'the part-four type (selectedTypeCode)',
};

/** Part-one answers given so far: ids 1..25 at most once each, values 'A' or 'B'; returned in id order. */
export function checkPartialNardiAnswers(answers: readonly Answer[]): Answer[] {
  const problems: string[] = [];
  const seen = new Set<number>();
  for (const { id, value } of answers) {
    if (typeof id !== 'number' || id < 1 || id > NARDI_QUESTION_COUNT) problems.push(`id ${JSON.stringify(id)} is not a question id (1 to ${NARDI_QUESTION_COUNT})`);
    else if (seen.has(id)) problems.push(`question ${id} is answered more than once`);
    else if (value !== 'A' && value !== 'B') problems.push(`question ${id} has the answer ${JSON.stringify(value)} (expected 'A' or 'B')`);
    if (typeof id === 'number') seen.add(id);
  }
  if (problems.length > 0) throw answersInvalid(`Nardi part one answers are invalid: ${problems.join('; ')}.`);
  return sortById(answers.map(({ id, value }) => ({ id, value })));
}

function sortById(answers: Answer[]): Answer[] {
  return [...answers].sort((a, b) => Number(a.id) - Number(b.id));
}

function sameAnswers(a: readonly Answer[], b: readonly Answer[]): boolean {
  return JSON.stringify(sortById([...a])) === JSON.stringify(sortById([...b]));
}

function stepOf(survey: Pick<StoredSurvey, 'status'>): number | undefined {
  return STEP_OF_STATUS[survey.status];
}

/**
 * Everything decided before `step` must be as saved: the part-one answers from step 2 on, and
 * each earlier choice. The choice of `step` itself may be new or changed; later ones must be absent.
 */
function requireEarlierStepsKept(stored: StoredSurvey, input: SurveyInput & { id: 'nardi' }, step: number): void {
  if (step >= 2 && !sameAnswers(input.answers, stored.answers)) {
    throw stepInvalid('The Nardi part one answers were saved already and can no longer change; send them as saved.');
  }
  for (const { step: choiceStep, choice } of CHOICES) {
    if (choiceStep < step && input[choice] !== stored[choice]) {
      throw stepInvalid(`${capitalized(CHOICE_LABEL[choice])} was saved already as ${stored[choice] ?? 'nothing'} and can no longer change.`);
    }
    if (choiceStep > step && input[choice] !== undefined) {
      throw answersInvalid(`${capitalized(CHOICE_LABEL[choice])} is chosen after ${STEP_NAMES[step]}; leave it out for now.`);
    }
  }
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function requireChoice<T>(value: T | undefined, choice: Choice): T {
  if (value === undefined) throw answersInvalid(`Choose ${CHOICE_LABEL[choice]} before saving this step.`);
  return value;
}

/**
 * The Nardi survey as it will be stored after this save. Statuses move one step at a time:
 * part one answered (all 25, 'A' or 'B') -> part-one; a temperament among the four offered ->
 * part-two; one of the two functional pairs offered for it -> part-three; one of the three types
 * offered for the pair -> completed, the chosen type becoming typeCode (domain.md section 3).
 * A step may be saved again (to change its own choice) but never skipped or taken back, and
 * what earlier steps decided stays. The offers come from ranking the saved part-one answers
 * with the shared domain rules, only to check what was offered: the Nardi result (scores,
 * consistency) is computed and stored by svc-scoring, its owner, from the completion event.
 */
export function nextNardi(stored: StoredSurvey, input: SurveyInput): StoredSurvey {
  if (input.id !== 'nardi') throw new Error(`nextNardi got the ${input.id} survey`);
  if (!(STATUSES as readonly string[]).includes(input.status)) throw statusInvalid('nardi', input.status, STATUSES);
  if (input.index > NARDI_QUESTION_COUNT) throw answersInvalid(`The Nardi survey index must be between 0 and ${NARDI_QUESTION_COUNT}.`);

  if (input.status === 'rejected') {
    // Declining keeps what was saved; it never changes answers or choices.
    requireEarlierStepsKept(stored, input, (stepOf(stored) ?? 0) + 1);
    if (input.typeCode !== undefined) throw answersInvalid('typeCode is set only when the Nardi survey is completed.');
    return { ...withoutServerFields(stored), status: 'rejected', index: input.index, answers: checkPartialNardiAnswers(input.answers) };
  }

  const step = stepOf(input) as number;
  const storedStep = stepOf(stored) ?? 0;
  if (step !== storedStep && step !== storedStep + 1) {
    const next = STEP_NAMES[storedStep + 1] ?? 'nothing';
    throw stepInvalid(`The Nardi survey is at ${STEP_NAMES[storedStep]}; it can move to ${next} next, not ${input.status}.`);
  }
  requireEarlierStepsKept(stored, input, step);
  if (input.typeCode !== undefined && step < 4) throw answersInvalid('typeCode is set only when the Nardi survey is completed.');

  const next: StoredSurvey = { id: 'nardi', status: input.status, index: input.index, answers: [] };
  if (step === 0) {
    next.answers = checkPartialNardiAnswers(input.answers);
    return next;
  }
  checkRule(() => validateNardiAnswers(input.answers));
  next.answers = checkPartialNardiAnswers(input.answers);
  if (step === 1) return next;

  const scores: NardiScores = checkRule(() => scoreNardi(next.answers as { id: number; value: string }[]));
  const selectedTemperament = requireChoice(input.selectedTemperament, 'selectedTemperament');
  next.selectedTemperament = checkRule(() => requireOffered(partTwoOffers(scores.temperaments), selectedTemperament, 'part two'));
  if (step === 2) return next;

  const selectedFP = requireChoice(input.selectedFP, 'selectedFP');
  next.selectedFP = checkRule(() => requireOffered(partThreeOffers(scores.functionalPairs, next.selectedTemperament), selectedFP, 'part three'));
  if (step === 3) return next;

  const selectedTypeCode = requireChoice(input.selectedTypeCode, 'selectedTypeCode');
  const chosen = checkRule(() => requireOffered(partFourOffers(scores.typeCodes, next.selectedFP), selectedTypeCode, 'part four'));
  if (input.typeCode !== undefined && input.typeCode !== chosen) {
    throw answersInvalid(`typeCode must be the part-four choice (${chosen}), not ${input.typeCode}.`);
  }
  next.selectedTypeCode = chosen;
  next.typeCode = chosen;
  return next;
}

/** The stored state without what the server adds (consistency, completion time). */
function withoutServerFields(stored: StoredSurvey): StoredSurvey {
  const { completedAt: _completedAt, consistency: _consistency, ...rest } = stored;
  return rest;
}
