import { scoreNardi } from '@study/personality';
import { SAMPLE_ANSWERS } from '@study/personality/testing';
import { createScoresCache, scoresKey } from './scores-cache';

const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';
const SCORES = scoreNardi(SAMPLE_ANSWERS);

describe('scores cache', () => {
  it('keys the scores by study ID and answers, whatever their order', () => {
    const answers = SAMPLE_ANSWERS.map(({ id, value }) => ({ id, value }));
    expect(scoresKey(PG_ID, answers)).toBe(scoresKey(PG_ID, [...answers].reverse()));
    const changed = answers.map((answer) => (answer.id === 3 ? { ...answer, value: answer.value === 'A' ? 'B' : 'A' } : answer));
    expect(scoresKey(PG_ID, changed)).not.toBe(scoresKey(PG_ID, answers));
  });

  it('loads once, tells its listeners, and loads again only when forced', async () => {
    const cache = createScoresCache();
    const seen: string[] = [];
    cache.subscribe(() => seen.push(cache.get('k')?.status ?? 'none'));
    const fetchScores = jest.fn(async () => SCORES);
    cache.load('k', fetchScores);
    cache.load('k', fetchScores);
    await Promise.resolve();
    await Promise.resolve();
    expect(cache.get('k')).toEqual({ status: 'ready', scores: SCORES });
    cache.load('k', fetchScores);
    expect(fetchScores).toHaveBeenCalledTimes(1);
    cache.load('k', fetchScores, true);
    expect(fetchScores).toHaveBeenCalledTimes(2);
    expect(seen.slice(0, 2)).toEqual(['loading', 'ready']);
  });

  it('keeps the failure message', async () => {
    const cache = createScoresCache();
    cache.load('k', async () => {
      throw new Error('The scoring service is not available right now.');
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(cache.get('k')).toEqual({ status: 'failed', message: 'The scoring service is not available right now.' });
  });
});
