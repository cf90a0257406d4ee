import type { QuestionAnswer, QuestionDefinition } from '@study/personality';

/**
 * A question as the flow asks it: the shared question definition (product.md section 3) whose id
 * may also be a number, as the Nardi part-one items (1..25) are.
 */
export type FlowQuestion = Omit<QuestionDefinition, 'id'> & { id: string | number };

/**
 * The survey state the flow reads and writes (product.md section 3). Callers keep it (for example
 * in the shared client store) and pass it back in; any other fields of their state (typeCode,
 * consistency, ...) are carried through untouched.
 */
export interface QuestionFlowState {
  id: string;
  status: string;
  /** The current question, 0-based. */
  index: number;
  answers: readonly QuestionAnswer[];
}

/** The statuses the flow itself moves between (product.md section 4). */
export const FlowStatuses = {
  pending: 'pending',
  /** Stored by older clients; treated as pending. */
  inProgress: 'in-progress',
  reviewing: 'reviewing',
  saving: 'saving',
  completed: 'completed',
} as const;

/**
 * What the flow shows for a state: a question, the review of all answers, or nothing more to do
 * (completed, rejected, or the caller's next status such as Nardi's 'part-one').
 */
export type FlowView = 'question' | 'review' | 'done';

/** How far the participant is. */
export interface FlowProgress {
  /** Questions with a valid answer. */
  answered: number;
  total: number;
  /** 1-based number of the question shown; total while reviewing or done. */
  position: number;
  /** answered / total as a whole percentage, rounded down. */
  percent: number;
}
