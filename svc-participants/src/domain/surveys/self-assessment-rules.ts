import type { Answer, SurveyInput } from '@study/contracts';
import { SELF_ASSESSMENT_QUESTIONS, isAnswerValid, selfAssessmentResult, type QuestionAnswer } from '@study/personality';
import type { StoredSurvey } from './stored-survey';
import { answersInvalid, checkRule, statusInvalid } from './survey-errors';

const STATUSES = ['pending', 'in-progress', 'reviewing', 'completed', 'rejected'] as const;
const QUESTION_COUNT = SELF_ASSESSMENT_QUESTIONS.length;

/**
 * The answers given so far, checked question by question (product.md section 5): each names a
 * known question once and is valid for it; text answers are stored transformed (the type code
 * upper-cased). Returned in question order.
 */
export function checkSelfAssessmentAnswers(answers: readonly Answer[]): Answer[] {
  const problems: string[] = [];
  const byId = new Map<string, Answer>();
  for (const answer of answers) {
    const question = SELF_ASSESSMENT_QUESTIONS.find((candidate) => candidate.id === answer.id);
    if (!question) {
      problems.push(`'${String(answer.id)}' is not a self-assessment question`);
      continue;
    }
    if (byId.has(question.id)) {
      problems.push(`${question.id} is answered more than once`);
      continue;
    }
    const transformed =
      question.transform && typeof answer.value === 'string' ? { ...answer, value: question.transform(answer.value) } : answer;
    if (!checkRule(() => isAnswerValid(question, transformed as QuestionAnswer))) {
      problems.push(`the answer to ${question.id} is not valid`);
      continue;
    }
    byId.set(question.id, transformed);
  }
  if (problems.length > 0) throw answersInvalid(`The self-assessment answers are invalid: ${problems.join('; ')}.`);
  return SELF_ASSESSMENT_QUESTIONS.flatMap((question) => {
    const answer = byId.get(question.id);
    return answer ? [answer] : [];
  });
}

/**
 * The self-assessment as it will be stored after this save: any status of the question flow
 * while answering; completed only with a valid answer to all four questions, the typeCode then
 * being the upper-cased personalityType answer; rejected ('No thank you') at any point before.
 */
export function nextSelfAssessment(_stored: StoredSurvey, input: SurveyInput): StoredSurvey {
  if (!(STATUSES as readonly string[]).includes(input.status)) throw statusInvalid('selfAssessment', input.status, STATUSES);
  if (input.index > QUESTION_COUNT) throw answersInvalid(`The self-assessment index must be between 0 and ${QUESTION_COUNT}.`);
  const answers = checkSelfAssessmentAnswers(input.answers);
  const next: StoredSurvey = { id: 'selfAssessment', status: input.status, index: input.index, answers };

  if (input.status === 'completed') {
    const missing = SELF_ASSESSMENT_QUESTIONS.filter((question) => !answers.some((answer) => answer.id === question.id)).map((question) => question.id);
    if (missing.length > 0) {
      throw answersInvalid(`A completed self-assessment needs a valid answer to each of the ${QUESTION_COUNT} questions; missing: ${missing.join(', ')}.`);
    }
    const { personalityType } = checkRule(() => selfAssessmentResult(answers as QuestionAnswer[]));
    if (input.typeCode !== undefined && input.typeCode !== personalityType) {
      throw answersInvalid(`typeCode must be the personalityType answer (${personalityType}), not ${input.typeCode}.`);
    }
    next.typeCode = personalityType;
  } else if (input.typeCode !== undefined) {
    throw answersInvalid('typeCode is set only when the self-assessment is completed.');
  }
  return next;
}
