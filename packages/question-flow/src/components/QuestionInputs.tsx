import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { QuestionAnswer } from '@study/personality';
import { Checkbox, TextField } from '@study/ui';
import {
  explainSelection,
  explanationLabel,
  isValidAnswer,
  missingExplanationText,
  selectedKeys,
  selectionExplanation,
  suggestionsFor,
  textInputErrorText,
  toggleSelection,
  type FlowQuestion,
} from '../engine';

interface InputProps {
  question: FlowQuestion;
  answer: QuestionAnswer | undefined;
  /** The id of the heading that holds the question text: it names the input or group. */
  labelledBy: string;
  /** The id of the rule hint, when the answer is not valid yet. */
  describedBy: string | undefined;
  /** The participant tried to go on with this answer: every field still wrong shows its error. */
  showErrors?: boolean;
}

export interface TextQuestionInputProps extends InputProps {
  onAnswer: (text: string) => void;
}

/**
 * A text box; a values list becomes suggestions (a <datalist>) narrowed by the question's filter.
 * Text that is not accepted is marked (aria-invalid, an error under the field) once it is as long
 * as the longest accepted value, once the participant leaves the field, or when they try to go on.
 */
export function TextQuestionInput({ question, answer, labelledBy, describedBy, showErrors = false, onAnswer }: TextQuestionInputProps) {
  const listId = useId();
  const errorId = useId();
  const [left, setLeft] = useState(false);
  const typed = typeof answer?.value === 'string' ? answer.value : '';
  const suggestions = question.values === undefined ? null : suggestionsFor(question, typed);
  const longest = question.values === undefined ? Infinity : Math.max(...question.values.map((value) => value.length));
  const complete = typed.trim().length >= longest;
  const showError = !isValidAnswer(question, answer) && (showErrors || (typed.trim() !== '' && (left || complete)));
  return (
    <div className={showError ? 'field field--error qflow-text' : 'field qflow-text'}>
      <input
        className="field__input"
        type="text"
        value={typed}
        onChange={(event) => onAnswer(event.target.value)}
        onBlur={() => setLeft(true)}
        aria-labelledby={labelledBy}
        aria-describedby={[showError ? errorId : null, describedBy].filter(Boolean).join(' ') || undefined}
        aria-invalid={showError ? true : undefined}
        list={suggestions === null ? undefined : listId}
        autoComplete="off"
        autoCapitalize={question.transform === undefined ? undefined : 'characters'}
        spellCheck={false}
      />
      {showError && (
        <p className="field__error" id={errorId}>
          {textInputErrorText(question)}
        </p>
      )}
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

/**
 * The explanation an option asks for, once it is chosen. Left empty, the field itself is marked
 * (aria-invalid, its error tied to it) when the participant leaves it or tries to go on.
 */
function ExplanationField({ label, value, prompt, showErrors, undo, onChange }: { label: string; value: string; prompt: string; showErrors: boolean; undo: string; onChange: (text: string) => void }) {
  const [left, setLeft] = useState(false);
  const missing = value.trim() === '';
  return (
    <TextField
      className="qflow-explanation"
      label={label}
      value={value}
      onChange={onChange}
      onBlur={() => setLeft(true)}
      error={missing && (showErrors || left) ? missingExplanationText(prompt, undo) : undefined}
    />
  );
}

export interface SingleQuestionInputProps extends InputProps {
  /** `byArrowKey` is true when the selection moved with the arrow keys (no auto-advance then). */
  onSelect: (key: string, extValue: string | undefined, byArrowKey: boolean) => void;
}

const ARROW_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']);

/** A native radio group: arrow keys move the selection, Space selects, Enter submits the form. */
export function SingleQuestionInput({ question, answer, labelledBy, describedBy, showErrors = false, onSelect }: SingleQuestionInputProps) {
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
              <ExplanationField
                label={explanationLabel(option.extValue)}
                value={explanation}
                prompt={option.prompt}
                undo="choose another answer"
                showErrors={showErrors}
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
export function MultiQuestionInput({ question, answer, labelledBy, describedBy, showErrors = false, onAnswer }: MultiQuestionInputProps) {
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
              <ExplanationField
                label={explanationLabel(option.extValue)}
                value={selectionExplanation(value, option.key)}
                prompt={option.prompt}
                undo="untick it"
                showErrors={showErrors}
                onChange={(text) => onAnswer(explainSelection(value, option.key, text))}
              />
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
