import type { Answer, NardiScoresView } from '@study/contracts';
import type { StoredSurvey } from '../domain/surveys/stored-survey';

/**
 * A survey as its document holds it: the answers and the Nardi scores as their JSON text. No
 * query reads inside them, and the embedded database converts every field of a document on each
 * read and write: as text they are one field each instead of up to two hundred. Documents written
 * before hold them as arrays and objects, which are read as they are.
 */
export interface SurveyDocument extends Omit<StoredSurvey, 'answers' | 'scores'> {
  answers: Answer[] | string;
  scores?: NardiScoresView | string;
}

const decoded = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** The survey as its document stores it: answers and scores as JSON text. */
export function surveyDocument({ answers, scores, ...rest }: StoredSurvey): SurveyDocument {
  return { ...rest, answers: JSON.stringify(answers), ...(scores === undefined ? {} : { scores: JSON.stringify(scores) }) };
}

/** The survey a document holds, in either form. */
export function storedSurvey({ answers, scores, ...rest }: SurveyDocument): StoredSurvey {
  return { ...rest, answers: decoded(answers), ...(scores === undefined ? {} : { scores: decoded(scores) }) };
}

/** Nardi scores as a document holds them, in either form (the admin rows keep them as stored). */
export function storedScores(scores: NardiScoresView | string | undefined): NardiScoresView | undefined {
  return scores === undefined ? undefined : decoded(scores);
}

/** Answers as a document holds them, in either form. */
export function storedAnswers(answers: Answer[] | string | undefined): Answer[] | undefined {
  return answers === undefined ? undefined : decoded(answers);
}
