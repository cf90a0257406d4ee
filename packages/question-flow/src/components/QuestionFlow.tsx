import './question-flow.css';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button, Notice, Spinner } from '@study/ui';
import {
  answerProblem,
  assertQuestions,
  assertSurveyState,
  canGoNext,
  canGoPrevious,
  canSave,
  currentAnswer,
  currentQuestion,
  flowView,
  progressOf,
  reduceQuestionFlow,
  type FlowQuestion,
  type QuestionFlowAction,
  type QuestionFlowState,
} from '../engine';
import { ProgressIndicator } from './ProgressIndicator';
import { MultiQuestionInput, SingleQuestionInput, TextQuestionInput } from './QuestionInputs';
import { ReviewTable } from './ReviewStep';
import { useAutoAdvance } from './useAutoAdvance';

export interface QuestionFlowProps<S extends QuestionFlowState> {
  /** The survey state, kept by the caller (e.g. in the shared client store) so it survives a reload. */
  survey: S;
  questions: readonly FlowQuestion[];
  /** Every change of the state; the caller stores it and passes it back as `survey`. */
  onChange: (state: S) => void;
  /**
   * Stores the answers (e.g. on the server). Receives the state as it is once saved (status
   * 'completed' or `nextStatus`); a rejection shows its message and returns to the review.
   */
  onSave: (state: S) => Promise<void>;
  /** The status after a successful save; 'completed' when not given (Nardi part one: 'part-one'). */
  nextStatus?: S['status'];
  /** Shown instead of the flow once the survey is saved (any status other than pending, in-progress, reviewing, saving). */
  doneContent?: ReactNode;
}

const SAVE_RULE = 'Answer every question before you save.';

function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return typeof error === 'string' && error.trim() !== '' ? error : 'Something went wrong. Please try again.';
}

/**
 * The question flow (product.md sections 2 to 5): one question at a time with its progress,
 * Previous / Next, single choices moving on by themselves after 250 ms, then a review of every
 * answer with Edit links and Save. Throws QuestionFlowError for broken questions or state.
 */
export function QuestionFlow<S extends QuestionFlowState>({ survey, questions, onChange, onSave, nextStatus, doneContent }: QuestionFlowProps<S>) {
  assertQuestions(questions);
  assertSurveyState(survey);

  const baseId = useId();
  const headingId = `${baseId}-heading`;
  const hintId = `${baseId}-hint`;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [saving, setSaving] = useState(false);
  const savingRef = useRef(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  // Tries to go on with an answer that is not valid yet, per question shown: from the first, every
  // field still wrong shows its error, and focus goes to the first of them.
  const [tries, setTries] = useState<{ view: string; count: number }>({ view: '', count: 0 });
  const formRef = useRef<HTMLFormElement>(null);

  const view = flowView(survey);
  const viewKey = view === 'question' ? `question-${survey.index}` : view;
  const autoAdvance = useAutoAdvance(viewKey);

  // The delayed step of a single choice reads the state as it is when it fires.
  const latest = useRef({ survey, questions, onChange });
  useEffect(() => {
    latest.current = { survey, questions, onChange };
  });

  // Moving to another question or to the review puts focus on its heading, so keyboard and
  // screen-reader users start at the new content; the first render leaves focus where it is.
  const shownKey = useRef(viewKey);
  useEffect(() => {
    if (shownKey.current === viewKey) return;
    shownKey.current = viewKey;
    headingRef.current?.focus();
  }, [viewKey]);

  const triesHere = tries.view === viewKey ? tries.count : 0;
  useEffect(() => {
    if (triesHere === 0) return;
    const form = formRef.current;
    const target = form?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? form?.querySelector<HTMLElement>('input');
    target?.focus();
  }, [triesHere]);

  const dispatch = (action: QuestionFlowAction): S => {
    autoAdvance.cancel();
    const next = reduceQuestionFlow(questions, survey, action);
    if (next !== survey) onChange(next);
    return next;
  };

  const save = async () => {
    if (savingRef.current || !canSave(survey, questions)) return;
    autoAdvance.cancel();
    savingRef.current = true;
    setSaving(true);
    setSaveError(null);
    const savingState = reduceQuestionFlow(questions, survey, { type: 'save' });
    onChange(savingState);
    const savedState = reduceQuestionFlow(questions, savingState, { type: 'saved', nextStatus });
    try {
      await onSave(savedState);
      onChange(savedState);
    } catch (error) {
      setSaveError(errorMessage(error));
      onChange(reduceQuestionFlow(questions, savingState, { type: 'saveFailed' }));
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  };

  if (view === 'done') {
    return <div className="qflow">{doneContent ?? <Notice style="success" title="Your answers have been saved." />}</div>;
  }

  const progress = progressOf(survey, questions);

  if (view === 'review') {
    const complete = canSave(survey, questions);
    const saveBlocked = !complete || saving;
    return (
      <section className="qflow" aria-labelledby={headingId}>
        <ProgressIndicator progress={progress} view={view} />
        <h2 className="qflow__heading" id={headingId} ref={headingRef} tabIndex={-1}>
          Review your answers
        </h2>
        <p className="qflow__lead">Check your answers. Use Edit to change one, then Save.</p>
        <ReviewTable questions={questions} answers={survey.answers} onEdit={(index) => dispatch({ type: 'edit', index })} disabled={saving} />
        {saveError !== null && (
          <Notice style="danger" title="Your answers could not be saved.">
            <p>{saveError}</p>
          </Notice>
        )}
        {saving && <Spinner label="Saving your answers..." />}
        <div className="btn-row qflow__buttons">
          <Button variant="secondary" onClick={() => dispatch({ type: 'previous' })} disabled={saving}>
            Previous
          </Button>
          <span className="qflow__button-wrap" title={complete ? undefined : SAVE_RULE}>
            <Button onClick={() => void save()} disabled={saveBlocked} title={complete ? undefined : SAVE_RULE} aria-describedby={complete ? undefined : hintId}>
              Save
            </Button>
          </span>
        </div>
        {!complete && (
          <p className="qflow__hint" id={hintId}>
            {SAVE_RULE}
          </p>
        )}
      </section>
    );
  }

  const question = currentQuestion(survey, questions);
  const answer = currentAnswer(survey, questions);
  const problem = answerProblem(question, answer);
  const nextEnabled = canGoNext(survey, questions);
  const describedBy = problem === null ? undefined : hintId;

  const selectSingle = (key: string, extValue: string | undefined, byArrowKey: boolean) => {
    const answered = dispatch({ type: 'answer', value: key, extValue });
    if (byArrowKey || !canGoNext(answered, questions)) return;
    const { index } = answered;
    autoAdvance.schedule(() => {
      const current = latest.current;
      if (flowView(current.survey) !== 'question' || current.survey.index !== index) return;
      const advanced = reduceQuestionFlow(current.questions, current.survey, { type: 'next' });
      if (advanced !== current.survey) current.onChange(advanced);
    });
  };

  return (
    <section className="qflow" aria-labelledby={headingId}>
      <ProgressIndicator progress={progress} view={view} />
      <form
        ref={formRef}
        className="qflow__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (nextEnabled) dispatch({ type: 'next' });
          else setTries({ view: viewKey, count: triesHere + 1 });
        }}
      >
        <h2 className="qflow__heading" id={headingId} ref={headingRef} tabIndex={-1}>
          {question.text}
        </h2>
        {question.questionType === 'text' && (
          <TextQuestionInput
            question={question}
            answer={answer}
            labelledBy={headingId}
            describedBy={describedBy}
            showErrors={triesHere > 0}
            onAnswer={(text) => dispatch({ type: 'answer', value: text })}
          />
        )}
        {question.questionType === 'single' && (
          <SingleQuestionInput question={question} answer={answer} labelledBy={headingId} describedBy={describedBy} showErrors={triesHere > 0} onSelect={selectSingle} />
        )}
        {question.questionType === 'multi' && (
          <MultiQuestionInput
            question={question}
            answer={answer}
            labelledBy={headingId}
            describedBy={describedBy}
            showErrors={triesHere > 0}
            onAnswer={(value) => dispatch({ type: 'answer', value })}
          />
        )}
        <div className="btn-row qflow__buttons">
          <Button variant="secondary" onClick={() => dispatch({ type: 'previous' })} disabled={!canGoPrevious(survey)}>
            Previous
          </Button>
          <span className="qflow__button-wrap" title={problem ?? undefined}>
            {/* Marked disabled, not made so: pressing it anyway shows what is missing and goes there. */}
            <Button type="submit" aria-disabled={nextEnabled ? undefined : true} title={problem ?? undefined} aria-describedby={describedBy}>
              Next
            </Button>
          </span>
          {survey.index < questions.length - 1 && canSave(survey, questions) && (
            <Button variant="ghost" onClick={() => dispatch({ type: 'review' })}>
              Back to review
            </Button>
          )}
        </div>
        {problem !== null && (
          <p className="qflow__hint" id={hintId}>
            {problem}
          </p>
        )}
      </form>
    </section>
  );
}
