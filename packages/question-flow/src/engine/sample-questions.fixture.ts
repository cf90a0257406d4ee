import type { FlowQuestion, QuestionFlowState } from './types';

/**
 * Questions for tests, one of each kind the rules distinguish: a text question with a values list,
 * an upper-casing transform and a filter; a multi question with an option that needs an
 * explanation; a single question; a single question with an option that needs an explanation;
 * a free text question with its own validator; and a numbered item like the Nardi ones.
 */
export const SAMPLE_QUESTIONS: readonly FlowQuestion[] = [
  {
    id: 'code',
    text: 'Which code fits you?',
    questionType: 'text',
    options: [],
    values: ['ABCD', 'ABCE', 'WXYZ'],
    transform: (value) => value.trim().toUpperCase(),
    filter: (typed, value) => value.startsWith(typed.trim().toUpperCase()),
  },
  {
    id: 'sources',
    text: 'Where did you learn it?',
    questionType: 'multi',
    options: [
      { key: 'book', prompt: 'A book' },
      { key: 'test', prompt: 'A test' },
      { key: 'other', prompt: 'Somewhere else', extValue: 'Please explain' },
    ],
  },
  {
    id: 'sure',
    text: 'How sure are you?',
    questionType: 'single',
    options: [
      { key: 'low', prompt: 'Not very' },
      { key: 'high', prompt: 'Very' },
    ],
  },
  {
    id: 'colour',
    text: 'Favourite colour?',
    questionType: 'single',
    options: [
      { key: 'red', prompt: 'Red' },
      { key: 'else', prompt: 'Another colour', extValue: 'Please explain' },
    ],
  },
  {
    id: 'word',
    text: 'Type a word of at least three letters.',
    questionType: 'text',
    options: [],
    validator: (answer) => typeof answer.value === 'string' && answer.value.trim().length >= 3,
  },
  {
    id: 7,
    text: 'Do you prefer A or B?',
    questionType: 'single',
    options: [
      { key: 'A', prompt: 'Outgoing' },
      { key: 'B', prompt: 'Solitary' },
    ],
  },
];

/** Valid answers to every sample question, in question order. */
export const SAMPLE_ANSWERS: QuestionFlowState['answers'] = [
  { id: 'code', value: 'ABCD' },
  { id: 'sources', value: ['book', { value: 'other', extValue: 'A friend' }] },
  { id: 'sure', value: 'high' },
  { id: 'colour', value: 'else', extValue: 'Teal' },
  { id: 'word', value: 'hello' },
  { id: 7, value: 'A' },
];

export function sampleState(changes: Partial<QuestionFlowState> = {}): QuestionFlowState {
  return { id: 'sample', status: 'pending', index: 0, answers: [], ...changes };
}
