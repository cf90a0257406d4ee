import type { SurveyInput } from '@study/contracts';
import type { StoredSurvey } from './stored-survey';
import { answersInvalid, statusInvalid, stepInvalid } from './survey-errors';

/** Surveys taken on the provider's site have no questions here: no answers, index 0, no typeCode. */
function requireEmpty(input: SurveyInput, what: string): void {
  if (input.answers.length > 0) throw answersInvalid(`${what} has no questions here; send answers as [].`);
  if (input.index !== 0) throw answersInvalid(`${what} has no questions here; send index 0.`);
}

/**
 * The TypeFinder test runs in the provider's widget; its result reaches the study through the
 * TypeFinder inbox and completes the survey with POST /api/user/tfresult, never through a save
 * (a participant cannot state their own TypeFinder result). A save may only mark it pending or
 * in progress.
 */
export function nextTypeFinder(_stored: StoredSurvey, input: SurveyInput): StoredSurvey {
  const allowed = ['pending', 'in-progress'] as const;
  if (!(allowed as readonly string[]).includes(input.status)) {
    throw statusInvalid('typeFinder', input.status, allowed, 'The TypeFinder result is recorded from the provider with Submit Results (POST /api/user/tfresult).');
  }
  requireEmpty(input, 'The TypeFinder test');
  if (input.typeCode !== undefined) throw answersInvalid('The TypeFinder typeCode comes from the provider (POST /api/user/tfresult), not from a save.');
  return { id: 'typeFinder', status: input.status, index: 0, answers: [] };
}

const MBTI_STEPS = ['pending', 'started', 'completed'] as const;

/**
 * The official MBTI assessment runs on the provider's site: pending, then started ('I am
 * Ready'), then completed ('MBTI Completed', offered only while started). Its result arrives
 * later by upload, so it completes without a typeCode.
 */
export function nextMbti(stored: StoredSurvey, input: SurveyInput): StoredSurvey {
  const step = (MBTI_STEPS as readonly string[]).indexOf(input.status);
  if (step < 0) throw statusInvalid('mbti', input.status, MBTI_STEPS);
  requireEmpty(input, 'The official MBTI assessment');
  if (input.typeCode !== undefined) throw answersInvalid('The official MBTI result is uploaded by the study team, not saved with the survey.');
  const storedStep = Math.max(0, (MBTI_STEPS as readonly string[]).indexOf(stored.status));
  if (step !== storedStep && step !== storedStep + 1) {
    throw stepInvalid(`The official MBTI assessment is ${MBTI_STEPS[storedStep]}; it can become ${MBTI_STEPS[storedStep + 1] ?? 'nothing else'} next, not ${input.status}.`);
  }
  return { id: 'mbti', status: input.status, index: 0, answers: [] };
}
