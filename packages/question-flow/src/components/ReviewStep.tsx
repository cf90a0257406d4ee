import type { QuestionAnswer } from '@study/personality';
import { describeAnswer, findAnswer, isValidAnswer, validationMessage, type FlowQuestion } from '../engine';

export interface ReviewTableProps {
  questions: readonly FlowQuestion[];
  answers: readonly QuestionAnswer[];
  /** Go back to the question at this 0-based index. */
  onEdit: (index: number) => void;
  disabled: boolean;
}

/** One row per question: the question, the answer as the participant chose it, and an Edit link. */
export function ReviewTable({ questions, answers, onEdit, disabled }: ReviewTableProps) {
  return (
    <table className="qflow-review">
      <caption className="visually-hidden">Your answers</caption>
      <thead>
        <tr>
          <th scope="col">Question</th>
          <th scope="col">Answer</th>
          <th scope="col">
            <span className="visually-hidden">Change</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {questions.map((question, index) => {
          const answer = findAnswer(answers, question.id);
          const valid = isValidAnswer(question, answer);
          return (
            <tr key={String(question.id)} className={valid ? undefined : 'qflow-review__row--invalid'}>
              <th scope="row">{question.text}</th>
              <td>
                {describeAnswer(question, answer)}
                {!valid && <span className="qflow-review__problem">{validationMessage(question)}</span>}
              </td>
              <td className="qflow-review__edit">
                <button type="button" className="qflow-link" onClick={() => onEdit(index)} disabled={disabled}>
                  Edit<span className="visually-hidden"> question {index + 1}</span>
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
