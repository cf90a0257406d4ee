import { useId, useRef, type KeyboardEvent } from 'react';
import type { QuestionAnswer } from '@study/personality';
import { Checkbox, TextField } from '@study/ui';
import { explainSelection, explanationLabel, selectedKeys, selectionExplanation, suggestionsFor, toggleSelection, type FlowQuestion } from '../engine';

interface InputProps {
  question: FlowQuestion;
  answer: QuestionAnswer | undefined;
  /** The id of the heading that holds the question text: it names the input or group. */
  labelledBy: string;
  /** The id of the rule hint, when the answer is not valid yet. */
  describedBy: string | undefined;
}

export interface TextQuestionInputProps extends InputProps {
  onAnswer: (text: string) => void;
}

/** A text box; a values list becomes suggestions (a <datalist>) narrowed by the question's filter. */
export function TextQuestionInput({ question, answer, labelledBy, describedBy, onAnswer }: TextQuestionInputProps) {
  const listId = useId();
  const typed = typeof answer?.value === 'string' ? answer.value : '';
  const suggestions = question.values === undefined ? null : suggestionsFor(question, typed);
  return (
    <div className="field qflow-text">
      <input
        className="field__input"
        type="text"
        value={typed}
        onChange={(event) => onAnswer(event.target.value)}
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        aria-invalid={answer !== undefined && describedBy !== undefined ? true : undefined}
        list={suggestions === null ? undefined : listId}
        autoComplete="off"
        autoCapitalize={question.transform === undefined ? undefined : 'characters'}
        spellCheck={false}
      />
      {suggestions !== null && (
        <datalist id={listId}>
          {suggestions.map((value) => (
            <option key={value} value={value} />
          ))}
        </datalist>
      )}
    </div>
  );
}

export interface SingleQuestionInputProps extends InputProps {
  /** `byArrowKey` is true when the selection moved with the arrow keys (no auto-advance then). */
  onSelect: (key: string, extValue: string | undefined, byArrowKey: boolean) => void;
}

const ARROW_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']);

/** A native radio group: arrow keys move the selection, Space selects, Enter submits the form. */
export function SingleQuestionInput({ question, answer, labelledBy, describedBy, onSelect }: SingleQuestionInputProps) {
  const name = useId();
  // Arrow keys both move and select in a radio group; only a deliberate choice should move on.
  const arrowKeyDown = useRef(false);
  const selected = typeof answer?.value === 'string' ? answer.value : undefined;
  const explanation = answer?.extValue ?? '';
  const onKey = (event: KeyboardEvent, down: boolean) => {
    if (ARROW_KEYS.has(event.key)) arrowKeyDown.current = down;
  };
  return (
    <fieldset
      className="qflow-choices"
      role="radiogroup"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onKeyDown={(event) => onKey(event, true)}
      onKeyUp={(event) => onKey(event, false)}
    >
      {question.options.map((option) => {
        const checked = selected === option.key;
        return (
          <div key={option.key} className="qflow-choice">
            <label className={checked ? 'qflow-choice__label qflow-choice__label--checked' : 'qflow-choice__label'}>
              <input
                type="radio"
                name={name}
                value={option.key}
                checked={checked}
                onChange={() => {
                  const byArrowKey = arrowKeyDown.current;
                  arrowKeyDown.current = false;
                  onSelect(option.key, option.extValue === undefined ? undefined : explanation, byArrowKey);
                }}
              />
              <span>{option.prompt}</span>
            </label>
            {checked && option.extValue !== undefined && (
              <TextField
                className="qflow-explanation"
                label={explanationLabel(option.extValue)}
                value={explanation}
                onChange={(text) => onSelect(option.key, text, true)}
              />
            )}
          </div>
        );
      })}
    </fieldset>
  );
}

export interface MultiQuestionInputProps extends InputProps {
  onAnswer: (value: QuestionAnswer['value']) => void;
}

/** Checkboxes; an option that needs an explanation gets a 'Please explain' field once checked. */
export function MultiQuestionInput({ question, answer, labelledBy, describedBy, onAnswer }: MultiQuestionInputProps) {
  const value = answer?.value;
  const keys = selectedKeys(value);
  return (
    <fieldset className="qflow-choices" aria-labelledby={labelledBy} aria-describedby={describedBy}>
      {question.options.map((option) => {
        const checked = keys.includes(option.key);
        return (
          <div key={option.key} className="qflow-choice">
            <Checkbox checked={checked} onChange={(now) => onAnswer(toggleSelection(question, value, option.key, now))}>
              {option.prompt}
            </Checkbox>
            {checked && option.extValue !== undefined && (
              <TextField
                className="qflow-explanation"
                label={explanationLabel(option.extValue)}
                value={selectionExplanation(value, option.key)}
                onChange={(text) => onAnswer(explainSelection(value, option.key, text))}
              />
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
