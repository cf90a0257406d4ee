import { rankScoreMap, rankScores } from './ranking';

describe('rankScores: score descending, then code ascending, competition ranks', () => {
  test.each([
    ['empty', [], []],
    ['one', [['A', 5]], [['A', 5, 1]]],
    ['distinct', [['B', 1], ['A', 3], ['C', 2]], [['A', 3, 1], ['C', 2, 2], ['B', 1, 3]]],
    ['1, 2, 2, 4', [['D', 1], ['C', 5], ['B', 5], ['A', 9]], [['A', 9, 1], ['B', 5, 2], ['C', 5, 2], ['D', 1, 4]]],
    ['all tied', [['Z', 0], ['Y', 0], ['X', 0]], [['X', 0, 1], ['Y', 0, 1], ['Z', 0, 1]]],
    ['1, 1, 3, 3', [['SP', 48], ['NT', 48], ['SJ', 52], ['NF', 52]], [['NF', 52, 1], ['SJ', 52, 1], ['NT', 48, 3], ['SP', 48, 3]]],
    ['two ties in a row', [['a', 2], ['b', 2], ['c', 1], ['d', 1], ['e', 0]], [['a', 2, 1], ['b', 2, 1], ['c', 1, 3], ['d', 1, 3], ['e', 0, 5]]],
  ] as const)('%s', (_case, input, expected) => {
    expect(rankScores(input.map(([code, score]) => ({ code, score })))).toEqual(expected.map(([code, score, rank]) => ({ code, score, rank })));
  });

  test('does not change its input', () => {
    const input = [{ code: 'B', score: 1 }, { code: 'A', score: 2 }];
    rankScores(input);
    expect(input).toEqual([{ code: 'B', score: 1 }, { code: 'A', score: 2 }]);
  });

  test('rankScoreMap ranks a map of scores', () => {
    expect(rankScoreMap({ inCharge: 54, chartCourse: 62, getGoing: 38, behindScenes: 54 })).toEqual([
      { code: 'chartCourse', score: 62, rank: 1 },
      { code: 'behindScenes', score: 54, rank: 2 },
      { code: 'inCharge', score: 54, rank: 2 },
      { code: 'getGoing', score: 38, rank: 4 },
    ]);
  });
});
