import type { QuestionAnswer, QuestionSelection } from '@study/personality';
import { describeAnswer, explainSelection, explanationLabel, selectedKeys, selectionExplanation, toggleSelection } from './answers';
import { findQuestion } from './questions';
import { SAMPLE_QUESTIONS } from './sample-questions.fixture';

const sources = findQuestion(SAMPLE_QUESTIONS, 'sources');

describe('multi answers', () => {
  test.each<[string, QuestionSelection[] | undefined, string, boolean, QuestionSelection[]]>([
    ['first key', undefined, 'test', true, ['test']],
    ['kept in option order', ['test'], 'book', true, ['book', 'test']],
    ['an explained option starts with empty text', ['book'], 'other', true, ['book', { value: 'other', extValue: '' }]],
    ['unchecking a key', ['book', 'test'], 'book', false, ['test']],
    ['unchecking an explained option', ['book', { value: 'other', extValue: 'x' }], 'other', false, ['book']],
    ['checking twice keeps one', ['book'], 'book', true, ['book']],
    ['re-checking keeps the explanation', [{ value: 'other', extValue: 'kept' }], 'other', true, [{ value: 'other', extValue: 'kept' }]],
    ['an unknown key is not added', ['book'], 'film', true, ['book']],
  ])('toggleSelection: %s', (_case, value, key, checked, expected) => {
    expect(toggleSelection(sources, value, key, checked)).toEqual(expected);
  });

  test('explainSelection replaces the text of one selection', () => {
    expect(explainSelection(['book', { value: 'other', extValue: '' }], 'other', 'A friend')).toEqual(['book', { value: 'other', extValue: 'A friend' }]);
  });

  test.each<[QuestionAnswer['value'] | undefined, string[], string]>([
    [['book', { value: 'other', extValue: 'A friend' }], ['book', 'other'], 'A friend'],
    [['other'], ['other'], ''],
    ['book', [], ''],
    [undefined, [], ''],
  ])('selectedKeys / selectionExplanation of %j', (value, keys, explanation) => {
    expect(selectedKeys(value)).toEqual(keys);
    expect(selectionExplanation(value, 'other')).toBe(explanation);
  });

  test.each([
    ['Please explain', 'Please explain'],
    ['Tell us more', 'Tell us more'],
    [undefined, 'Please explain'],
    ['', 'Please explain'],
  ])('the explanation field for extValue %j is labelled %j', (extValue, label) => {
    expect(explanationLabel(extValue)).toBe(label);
  });
});

describe('describeAnswer (review rows)', () => {
  test.each<[string | number, QuestionAnswer | undefined, string]>([
    ['code', { id: 'code', value: 'ABCD' }, 'ABCD'],
    ['sources', { id: 'sources', value: ['book', { value: 'other', extValue: 'A friend' }] }, 'A book; Somewhere else: A friend'],
    ['sure', { id: 'sure', value: 'high' }, 'Very'],
    ['colour', { id: 'colour', value: 'else', extValue: 'Teal' }, 'Another colour: Teal'],
    [7, { id: 7, value: 'B' }, 'Solitary'],
    ['sure', undefined, 'Not answered'],
    ['code', { id: 'code', value: '' }, 'Not answered'],
    ['sources', { id: 'sources', value: [] }, 'Not answered'],
  ])('%j %j -> %j', (id, answer, text) => {
    expect(describeAnswer(findQuestion(SAMPLE_QUESTIONS, id), answer)).toBe(text);
  });
});
