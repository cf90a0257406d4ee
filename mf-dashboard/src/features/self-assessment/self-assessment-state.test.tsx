import type { SurveyState } from '@study/contracts';
import { chosenTypeCode, completedInput, completedLocally, progressInput } from './self-assessment-state';

const state = (status: SurveyState['status'], answers: SurveyState['answers'], index = 1): SurveyState => ({ id: 'selfAssessment', status, index, answers });

describe('progressInput', () => {
  it.each<[SurveyState['status'], SurveyState['status'] | null]>([
    ['pending', 'pending'],
    ['in-progress', 'pending'],
    ['reviewing', 'reviewing'],
    ['saving', null],
    ['completed', null],
    ['rejected', null],
  ])('status %s is kept as %s', (status, kept) => {
    expect(progressInput(state(status, []))?.status ?? null).toBe(kept);
  });

  it('sends only the answers that are valid so far', () => {
    const input = progressInput(
      state('pending', [
        { id: 'personalityType', value: 'INTJ' },
        { id: 'typeSource', value: ['Other'] },
        { id: 'confidence', value: '42%' },
        { id: 'unknown', value: 'x' },
      ]),
    );
    expect(input).toEqual({ id: 'selfAssessment', status: 'pending', index: 1, answers: [{ id: 'personalityType', value: 'INTJ' }] });
  });
});

describe('the type code', () => {
  it.each([
    ['intj', 'INTJ'],
    [' Enfp ', 'ENFP'],
    ['XYZW', undefined],
    ['', undefined],
  ])('%j -> %s', (typed, code) => {
    expect(chosenTypeCode({ answers: [{ id: 'personalityType', value: typed }] })).toBe(code);
  });

  it('goes with the completed survey, which the client then keeps without its answers', () => {
    const answers = [{ id: 'personalityType', value: 'isfp' }];
    expect(completedInput(state('saving', answers, 3))).toEqual({ id: 'selfAssessment', status: 'completed', index: 3, answers, typeCode: 'ISFP' });
    expect(completedLocally(state('completed', answers, 3))).toEqual({ id: 'selfAssessment', status: 'completed', index: 0, answers: [], typeCode: 'ISFP' });
  });
});
