import { SAMPLE_ANSWERS } from '@study/personality/testing';
import { nardiScoresKey } from './get-nardi-scores';

const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';

describe('the part-one scores query key', () => {
  it('is by study ID and answers, whatever their order', () => {
    const answers = SAMPLE_ANSWERS.map(({ id, value }) => ({ id, value }));
    expect(nardiScoresKey(PG_ID, answers)).toEqual(nardiScoresKey(PG_ID, [...answers].reverse()));
    const changed = answers.map((answer) => (answer.id === 3 ? { ...answer, value: answer.value === 'A' ? 'B' : 'A' } : answer));
    expect(nardiScoresKey(PG_ID, changed)).not.toEqual(nardiScoresKey(PG_ID, answers));
  });
});
