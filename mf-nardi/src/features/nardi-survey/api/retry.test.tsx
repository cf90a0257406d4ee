import { ApiError } from '@study/ui';
import { isNotReadyYet, retryWhileNotReady } from './retry';

const notScored = () => new ApiError('Your answers are still being scored; please try again in a moment.', 409, 'NARDI_NOT_SCORED');

describe('retryWhileNotReady', () => {
  it('asks again after each wait while the answer is "not ready yet", then answers', async () => {
    const waits: number[] = [];
    const call = jest.fn().mockRejectedValueOnce(notScored()).mockRejectedValueOnce(notScored()).mockResolvedValueOnce('scores');
    await expect(retryWhileNotReady(call, { backoffMs: [10, 20, 30], sleep: async (ms) => void waits.push(ms) })).resolves.toBe('scores');
    expect(call).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([10, 20]);
  });

  it('gives up after the last wait with the server message', async () => {
    const call = jest.fn().mockRejectedValue(notScored());
    await expect(retryWhileNotReady(call, { backoffMs: [1, 1], sleep: async () => {} })).rejects.toThrow('Your answers are still being scored');
    expect(call).toHaveBeenCalledTimes(3);
  });

  it('does not ask again for any other failure', async () => {
    const call = jest.fn().mockRejectedValue(new ApiError('No participant with this study ID.', 404, 'PARTICIPANT_NOT_FOUND'));
    await expect(retryWhileNotReady(call, { backoffMs: [1, 1], sleep: async () => {} })).rejects.toThrow('No participant with this study ID.');
    expect(call).toHaveBeenCalledTimes(1);
  });

  it.each([
    [notScored(), true],
    [new ApiError('not final', 409, 'NARDI_NOT_FINAL'), true],
    [new ApiError('closed', 409, 'SURVEY_CLOSED'), false],
    [new ApiError('down', 503), false],
    [new Error('plain'), false],
  ])('isNotReadyYet %#', (error, expected) => {
    expect(isNotReadyYet(error)).toBe(expected);
  });
});
