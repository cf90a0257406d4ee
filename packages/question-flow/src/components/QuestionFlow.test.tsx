import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { SELF_ASSESSMENT_QUESTIONS } from '@study/personality';
import { QuestionFlowError, type FlowQuestion, type QuestionFlowState } from '../engine';
import { SAMPLE_ANSWERS, SAMPLE_QUESTIONS, sampleState } from '../engine/sample-questions.fixture';
import { QuestionFlow } from './QuestionFlow';

interface HarnessProps {
  initial: QuestionFlowState;
  questions?: readonly FlowQuestion[];
  onSave?: (state: QuestionFlowState) => Promise<void>;
  nextStatus?: string;
  changes?: QuestionFlowState[];
}

/** Plays the caller: keeps the state and passes it back, as the client store does. */
function Harness({ initial, questions = SAMPLE_QUESTIONS, onSave = () => Promise.resolve(), nextStatus, changes = [] }: HarnessProps) {
  const [state, setState] = useState(initial);
  return (
    <QuestionFlow
      survey={state}
      questions={questions}
      nextStatus={nextStatus}
      onSave={onSave}
      onChange={(next) => {
        changes.push(next);
        setState(next);
      }}
    />
  );
}

const LAST = SAMPLE_QUESTIONS.length - 1;
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
/** Next is marked disabled (aria-disabled), not made so: pressing it shows what is missing. */
const blocked = (element: HTMLButtonElement) => element.disabled || element.getAttribute('aria-disabled') === 'true';
const heading = () => screen.getByRole('heading', { level: 2 });
const progressbar = () => screen.getByRole('progressbar');
const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;

describe('asking one question at a time', () => {
  it('shows the first question with its progress; Previous and Next disabled with the rule as tooltip and hint', () => {
    render(<Harness initial={sampleState()} />);
    expect(screen.getByText('Question 1 of 6')).toBeTruthy();
    expect(progressbar().getAttribute('aria-valuenow')).toBe('0');
    expect(progressbar().getAttribute('aria-valuemax')).toBe('6');
    expect(heading().textContent).toBe('Which code fits you?');
    // A text box with suggestions (list=) is a combobox.
    expect(screen.getByRole('combobox', { name: 'Which code fits you?' })).toBeTruthy();
    expect(button('Previous').disabled).toBe(true);
    const next = button('Next');
    expect(blocked(next)).toBe(true);
    expect(next.title).toBe('Must enter a valid answer');
    const hint = document.getElementById(next.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('Must enter a valid answer');
  });

  it.each<[string, number, string]>([
    ['text', 0, 'Must enter a valid answer'],
    ['multi', 1, 'Must make a selection'],
    ['single', 2, 'Must make a selection'],
    ['single with an explanation option', 3, 'Must make a selection'],
    ['free text', 4, 'Must enter a valid answer'],
  ])('an unanswered %s question explains why Next is disabled: %s', (_kind, index, message) => {
    render(<Harness initial={sampleState({ index, answers: SAMPLE_ANSWERS.slice(0, index) })} />);
    expect(blocked(button('Next'))).toBe(true);
    expect(button('Next').title).toBe(message);
    expect(screen.getByText(message)).toBeTruthy();
  });

  it('resuming a state with index 3 shows the fourth question', () => {
    render(<Harness initial={sampleState({ status: 'in-progress', index: 3, answers: SAMPLE_ANSWERS.slice(0, 3) })} />);
    expect(screen.getByText('Question 4 of 6')).toBeTruthy();
    expect(heading().textContent).toBe('Favourite colour?');
    expect(progressbar().getAttribute('aria-valuenow')).toBe('3');
    expect(button('Previous').disabled).toBe(false);
  });

  it('resuming the self-assessment at index 2 shows the confidence question', () => {
    const initial = { id: 'selfAssessment', status: 'pending', index: 2, answers: [] };
    render(<Harness initial={initial} questions={SELF_ASSESSMENT_QUESTIONS} />);
    expect(screen.getByText('Question 3 of 4')).toBeTruthy();
    expect(heading().textContent).toBe('How sure are you that this type is your best fit?');
    expect(screen.getAllByRole('radio')).toHaveLength(6);
  });
});

describe('text questions', () => {
  it('upper-cases what is typed, suggests from the values list and moves on with Enter', async () => {
    const changes: QuestionFlowState[] = [];
    render(<Harness initial={sampleState()} changes={changes} />);
    const box = screen.getByRole('combobox', { name: 'Which code fits you?' }) as HTMLInputElement;
    await userEvent.type(box, 'ab');
    expect(box.value).toBe('AB');
    const list = document.getElementById(box.getAttribute('list') ?? '');
    expect([...(list?.querySelectorAll('option') ?? [])].map((option) => option.value)).toEqual(['ABCD', 'ABCE']);
    expect(blocked(button('Next'))).toBe(true);
    // Still typing: not marked wrong yet.
    expect(box.hasAttribute('aria-invalid')).toBe(false);
    await userEvent.type(box, 'cd');
    expect(changes.at(-1)?.answers).toEqual([{ id: 'code', value: 'ABCD' }]);
    expect(blocked(button('Next'))).toBe(false);
    expect(button('Next').hasAttribute('title')).toBe(false);
    expect(screen.queryByText('Must enter a valid answer')).toBeNull();
    await userEvent.type(box, '{Enter}');
    expect(changes.at(-1)).toMatchObject({ status: 'pending', index: 1 });
    expect(heading().textContent).toBe('Where did you learn it?');
    expect(document.activeElement).toBe(heading());
  });

  it('Enter does nothing while the answer is not valid', async () => {
    const changes: QuestionFlowState[] = [];
    render(<Harness initial={sampleState()} changes={changes} />);
    await userEvent.type(screen.getByRole('combobox'), 'zz{Enter}');
    expect(changes.at(-1)).toMatchObject({ index: 0, answers: [{ id: 'code', value: 'ZZ' }] });
    expect(screen.getByText('Question 1 of 6')).toBeTruthy();
  });

  it('the self-assessment type accepts one of the 16 codes typed in lower case', async () => {
    const initial = { id: 'selfAssessment', status: 'pending', index: 0, answers: [] };
    render(<Harness initial={initial} questions={SELF_ASSESSMENT_QUESTIONS} />);
    const box = screen.getByRole('combobox') as HTMLInputElement;
    await userEvent.type(box, 'infx');
    expect(box.value).toBe('INFX');
    expect(blocked(button('Next'))).toBe(true);
    await userEvent.type(box, '{Backspace}p');
    expect(box.value).toBe('INFP');
    expect(blocked(button('Next'))).toBe(false);
  });
});

describe('free text questions', () => {
  it('apply the question validator; Previous goes back and sets pending', async () => {
    const changes: QuestionFlowState[] = [];
    render(<Harness initial={sampleState({ status: 'in-progress', index: 4, answers: SAMPLE_ANSWERS.slice(0, 4) })} changes={changes} />);
    const box = screen.getByRole('textbox', { name: 'Type a word of at least three letters.' }) as HTMLInputElement;
    expect(box.hasAttribute('list')).toBe(false);
    await userEvent.type(box, 'hi');
    expect(blocked(button('Next'))).toBe(true);
    expect(button('Next').title).toBe('Must enter a valid answer');
    await userEvent.type(box, 'ya');
    expect(blocked(button('Next'))).toBe(false);
    await userEvent.click(button('Previous'));
    expect(changes.at(-1)).toMatchObject({ status: 'pending', index: 3 });
    expect(heading().textContent).toBe('Favourite colour?');
    expect(document.activeElement).toBe(heading());
  });
});

describe('keyboard', () => {
  beforeAll(() => {
    // user-event walks a radio group with CSS.escape, which jsdom lacks; React's ids need no escaping.
    const globals = window as unknown as { CSS?: { escape?: (value: string) => string } };
    globals.CSS = { ...globals.CSS, escape: globals.CSS?.escape ?? ((value: string) => value) };
  });

  it('arrow keys move through the options without moving on; Enter moves on', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      const answers = [...SAMPLE_ANSWERS.slice(0, 2), { id: 'sure', value: 'low' }];
      render(<Harness initial={sampleState({ index: 2, answers })} />);
      radio('Not very').focus();
      await user.keyboard('{ArrowDown}');
      expect(radio('Very').checked).toBe(true);
      act(() => jest.advanceTimersByTime(1000));
      expect(heading().textContent).toBe('How sure are you?');
      await user.keyboard('{Enter}');
      expect(heading().textContent).toBe('Favourite colour?');
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('multi questions', () => {
  it('needs a selection, and text for an option that asks for an explanation', async () => {
    const changes: QuestionFlowState[] = [];
    render(<Harness initial={sampleState({ index: 1, answers: SAMPLE_ANSWERS.slice(0, 1) })} changes={changes} />);
    expect(screen.getByRole('group', { name: 'Where did you learn it?' })).toBeTruthy();
    expect(screen.queryByLabelText('Please explain')).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'A book' }));
    expect(blocked(button('Next'))).toBe(false);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Somewhere else' }));
    expect(blocked(button('Next'))).toBe(true);
    expect(button('Next').title).toBe('Must make a selection');
    await userEvent.type(screen.getByLabelText('Please explain'), 'A friend');
    expect(blocked(button('Next'))).toBe(false);
    expect(changes.at(-1)?.answers[1]).toEqual({ id: 'sources', value: ['book', { value: 'other', extValue: 'A friend' }] });
    await userEvent.click(screen.getByRole('checkbox', { name: 'A book' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Somewhere else' }));
    expect(changes.at(-1)?.answers[1]).toEqual({ id: 'sources', value: [] });
    expect(blocked(button('Next'))).toBe(true);
  });
});

describe('single questions: auto-advance 250 ms after a selection', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const atSure = () => sampleState({ index: 2, answers: SAMPLE_ANSWERS.slice(0, 2) });

  it('moves on after 250 ms and not before', () => {
    render(<Harness initial={atSure()} />);
    fireEvent.click(radio('Very'));
    expect(blocked(button('Next'))).toBe(false);
    act(() => jest.advanceTimersByTime(249));
    expect(heading().textContent).toBe('How sure are you?');
    act(() => jest.advanceTimersByTime(1));
    expect(heading().textContent).toBe('Favourite colour?');
    expect(screen.getByText('Question 4 of 6')).toBeTruthy();
    expect(document.activeElement).toBe(heading());
  });

  it('a changed answer restarts the wait and the new answer is kept', () => {
    const changes: QuestionFlowState[] = [];
    render(<Harness initial={atSure()} changes={changes} />);
    fireEvent.click(radio('Very'));
    act(() => jest.advanceTimersByTime(200));
    fireEvent.click(radio('Not very'));
    act(() => jest.advanceTimersByTime(200));
    expect(heading().textContent).toBe('How sure are you?');
    act(() => jest.advanceTimersByTime(50));
    expect(heading().textContent).toBe('Favourite colour?');
    expect(changes.at(-1)?.answers.find((answer) => answer.id === 'sure')).toEqual({ id: 'sure', value: 'low' });
    expect(changes.filter((state) => state.index === 3)).toHaveLength(1);
  });

  it('leaving with Previous cancels the wait', () => {
    render(<Harness initial={atSure()} />);
    fireEvent.click(radio('Very'));
    fireEvent.click(button('Previous'));
    expect(heading().textContent).toBe('Where did you learn it?');
    act(() => jest.advanceTimersByTime(1000));
    expect(heading().textContent).toBe('Where did you learn it?');
  });

  it('Next within the wait moves on once', () => {
    const changes: QuestionFlowState[] = [];
    render(<Harness initial={atSure()} changes={changes} />);
    fireEvent.click(radio('Very'));
    fireEvent.click(button('Next'));
    act(() => jest.advanceTimersByTime(1000));
    expect(heading().textContent).toBe('Favourite colour?');
  });

  it('unmounting cancels the wait', () => {
    const onChange = jest.fn();
    const { unmount } = render(<QuestionFlow survey={atSure()} questions={SAMPLE_QUESTIONS} onChange={onChange} onSave={() => Promise.resolve()} />);
    fireEvent.click(radio('Very'));
    expect(onChange).toHaveBeenCalledTimes(1);
    unmount();
    act(() => jest.advanceTimersByTime(1000));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('moving through the options with the arrow keys does not move on; Enter does', () => {
    render(<Harness initial={atSure()} />);
    const group = screen.getByRole('radiogroup', { name: 'How sure are you?' });
    fireEvent.keyDown(group, { key: 'ArrowDown' });
    fireEvent.click(radio('Not very'));
    fireEvent.keyUp(group, { key: 'ArrowDown' });
    act(() => jest.advanceTimersByTime(1000));
    expect(heading().textContent).toBe('How sure are you?');
    expect(radio('Not very').checked).toBe(true);
    fireEvent.submit(button('Next').closest('form')!);
    expect(heading().textContent).toBe('Favourite colour?');
  });

  it('an option that asks for an explanation waits for the text, then Next', () => {
    render(<Harness initial={sampleState({ index: 3, answers: SAMPLE_ANSWERS.slice(0, 3) })} />);
    fireEvent.click(radio('Another colour'));
    act(() => jest.advanceTimersByTime(1000));
    expect(heading().textContent).toBe('Favourite colour?');
    expect(button('Next').title).toBe('Must make a selection');
    fireEvent.change(screen.getByLabelText('Please explain'), { target: { value: 'Teal' } });
    act(() => jest.advanceTimersByTime(1000));
    expect(heading().textContent).toBe('Favourite colour?');
    expect(blocked(button('Next'))).toBe(false);
    fireEvent.click(button('Next'));
    expect(heading().textContent).toBe('Type a word of at least three letters.');
  });

  it('the last single question moves on to the review', () => {
    render(<Harness initial={sampleState({ index: LAST, answers: SAMPLE_ANSWERS.slice(0, LAST) })} />);
    fireEvent.click(radio('Outgoing'));
    act(() => jest.advanceTimersByTime(250));
    expect(heading().textContent).toBe('Review your answers');
  });
});

describe('review and save', () => {
  const reviewing = () => sampleState({ status: 'reviewing', index: LAST, answers: [...SAMPLE_ANSWERS] });

  it('Next on the last question shows every question and answer with Edit links', async () => {
    const changes: QuestionFlowState[] = [];
    render(<Harness initial={sampleState({ index: LAST, answers: [...SAMPLE_ANSWERS] })} changes={changes} />);
    await userEvent.click(button('Next'));
    expect(changes.at(-1)).toMatchObject({ status: 'reviewing' });
    expect(heading().textContent).toBe('Review your answers');
    expect(document.activeElement).toBe(heading());
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => [within(row).getByRole('rowheader').textContent, within(row).getAllByRole('cell')[0]?.textContent])).toEqual([
      ['Which code fits you?', 'ABCD'],
      ['Where did you learn it?', 'A book; Somewhere else: A friend'],
      ['How sure are you?', 'Very'],
      ['Favourite colour?', 'Another colour: Teal'],
      ['Type a word of at least three letters.', 'hello'],
      ['Do you prefer A or B?', 'Outgoing'],
    ]);
    expect(screen.getAllByRole('button', { name: /^Edit question \d$/ })).toHaveLength(6);
    expect(button('Save').disabled).toBe(false);
  });

  it('Edit goes back to that question, pending; Back to review returns', async () => {
    const changes: QuestionFlowState[] = [];
    render(<Harness initial={reviewing()} changes={changes} />);
    await userEvent.click(button('Edit question 2'));
    expect(changes.at(-1)).toMatchObject({ status: 'pending', index: 1 });
    expect(heading().textContent).toBe('Where did you learn it?');
    expect(screen.getByRole('checkbox', { name: 'A book' })).toHaveProperty('checked', true);
    await userEvent.click(button('Back to review'));
    expect(heading().textContent).toBe('Review your answers');
  });

  it('Previous from the review goes back to the last question and sets pending', async () => {
    const changes: QuestionFlowState[] = [];
    render(<Harness initial={reviewing()} changes={changes} />);
    await userEvent.click(button('Previous'));
    expect(changes.at(-1)).toMatchObject({ status: 'pending', index: LAST });
    expect(heading().textContent).toBe('Do you prefer A or B?');
  });

  it.each<[string, string | undefined, string]>([
    ['completed', undefined, 'completed'],
    ['the supplied next status', 'part-one', 'part-one'],
  ])('Save: saving, then %s once onSave resolves', async (_case, nextStatus, finalStatus) => {
    const changes: QuestionFlowState[] = [];
    let finish: () => void = () => undefined;
    const onSave = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<Harness initial={reviewing()} changes={changes} onSave={onSave} nextStatus={nextStatus} />);
    await userEvent.click(button('Save'));
    expect(changes.at(-1)).toMatchObject({ status: 'saving' });
    expect(button('Save').disabled).toBe(true);
    expect(screen.getByText('Saving your answers...')).toBeTruthy();
    expect(onSave).toHaveBeenCalledWith({ ...reviewing(), status: finalStatus });
    await act(async () => finish());
    expect(changes.map((state) => state.status)).toEqual(['saving', finalStatus]);
    expect(screen.getByText('Your answers have been saved.')).toBeTruthy();
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  it('a failed save shows the error and returns to reviewing', async () => {
    const changes: QuestionFlowState[] = [];
    const onSave = jest.fn().mockRejectedValueOnce(new Error('The service is unavailable.')).mockResolvedValueOnce(undefined);
    render(<Harness initial={reviewing()} changes={changes} onSave={onSave} />);
    await userEvent.click(button('Save'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your answers could not be saved.');
    expect(alert.textContent).toContain('The service is unavailable.');
    expect(changes.map((state) => state.status)).toEqual(['saving', 'reviewing']);
    expect(button('Save').disabled).toBe(false);
    await userEvent.click(button('Save'));
    expect(changes.map((state) => state.status)).toEqual(['saving', 'reviewing', 'saving', 'completed']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('Save stays disabled while an answer is missing or invalid, saying why', () => {
    render(<Harness initial={{ ...reviewing(), answers: [...SAMPLE_ANSWERS.slice(0, LAST), { id: 7, value: 'C' }] }} />);
    expect(button('Save').disabled).toBe(true);
    expect(button('Save').title).toBe('Answer every question before you save.');
    expect(screen.getByText('Answer every question before you save.')).toBeTruthy();
    expect(screen.getByText('Must make a selection')).toBeTruthy();
  });

  it('a state restored while saving shows the review with Save enabled', () => {
    render(<Harness initial={{ ...reviewing(), status: 'saving' }} />);
    expect(heading().textContent).toBe('Review your answers');
    expect(button('Save').disabled).toBe(false);
  });

  it('a saved survey shows the done content', () => {
    render(
      <QuestionFlow
        survey={sampleState({ status: 'part-one', answers: [...SAMPLE_ANSWERS] })}
        questions={SAMPLE_QUESTIONS}
        onChange={jest.fn()}
        onSave={jest.fn()}
        doneContent={<p>On to part two</p>}
      />,
    );
    expect(screen.getByText('On to part two')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('broken questions or state', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    // React reports errors thrown while rendering; the test checks the error itself.
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => consoleError.mockRestore());

  const slider = { id: 'x', text: 'Slide', questionType: 'slider', options: [] } as unknown as FlowQuestion;

  it.each<[string, string, QuestionFlowState, readonly FlowQuestion[]]>([
    ['an unknown question type', 'UNKNOWN_QUESTION_TYPE', sampleState(), [slider]],
    ['no questions', 'QUESTION_MISSING', sampleState(), []],
    ['an index past the last question', 'QUESTION_MISSING', sampleState({ index: 6 }), SAMPLE_QUESTIONS],
    ['no survey id', 'SURVEY_ID_MISSING', sampleState({ id: '' }), SAMPLE_QUESTIONS],
  ])('%s throws %s', (_case, code, survey, questions) => {
    const run = () => render(<QuestionFlow survey={survey} questions={questions} onChange={jest.fn()} onSave={jest.fn()} />);
    expect(run).toThrow(QuestionFlowError);
    expect(run).toThrow(expect.objectContaining({ code }));
  });
});

describe('pressing Next before the answer is valid', () => {
  it('is marked disabled but answers: the text field shows its error, marked invalid, and gets focus; nothing moves on', async () => {
    const changes: QuestionFlowState[] = [];
    render(<Harness initial={sampleState()} changes={changes} />);
    const box = screen.getByRole('combobox', { name: 'Which code fits you?' });
    expect(button('Next').getAttribute('aria-disabled')).toBe('true');
    expect(button('Next').disabled).toBe(false);
    await userEvent.click(button('Next'));
    expect(changes).toEqual([]);
    expect(document.activeElement).toBe(box);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    const described = (box.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain('Must enter a valid answer');
    expect(box.closest('.field')?.classList.contains('field--error')).toBe(true);
  });

  it('on a single choice whose option asks for an explanation, goes to the empty explanation and marks it', async () => {
    render(<Harness initial={sampleState({ index: 3, answers: [...SAMPLE_ANSWERS.slice(0, 3), { id: 'colour', value: 'else', extValue: '' }] })} />);
    const explain = screen.getByRole('textbox', { name: 'Please explain' });
    expect(explain.hasAttribute('aria-invalid')).toBe(false);
    fireEvent.submit(explain.closest('form') as HTMLFormElement);
    expect(document.activeElement).toBe(explain);
    expect(explain.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(explain.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Write a few words to explain “Another colour”, or choose another answer.');
  });

  it('with nothing chosen, goes to the first choice', async () => {
    render(<Harness initial={sampleState({ index: 2, answers: SAMPLE_ANSWERS.slice(0, 2) })} />);
    await userEvent.click(button('Next'));
    expect(document.activeElement).toBe(screen.getAllByRole('radio')[0]);
    expect(heading().textContent).toBe(SAMPLE_QUESTIONS[2]?.text);
  });
});
