import { inParallel } from './in-parallel';

describe('inParallel', () => {
  it('answers every task result in index order, whatever order they finish in', async () => {
    const results = await inParallel(5, 2, async (i) => {
      await new Promise((resolve) => setImmediate(resolve));
      if (i % 2 === 0) await new Promise((resolve) => setImmediate(resolve));
      return i * 10;
    });
    expect(results).toEqual([0, 10, 20, 30, 40]);
  });

  it('never runs more than `concurrency` tasks at once, and uses that many', async () => {
    let running = 0;
    let most = 0;
    await inParallel(9, 3, async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setImmediate(resolve));
      running -= 1;
    });
    expect(most).toBe(3);
  });

  it('reports the count done after each task, up to the total', async () => {
    const reported: number[] = [];
    await inParallel(4, 2, async (i) => i, (done) => reported.push(done));
    expect(reported).toEqual([1, 2, 3, 4]);
  });

  it('runs nothing for no tasks', async () => {
    const task = jest.fn(async (i: number) => i);
    expect(await inParallel(0, 4, task)).toEqual([]);
    expect(task).not.toHaveBeenCalled();
  });

  it('fails when a task fails', async () => {
    await expect(inParallel(3, 2, async (i) => {
      if (i === 1) throw new Error('task 1 failed');
      return i;
    })).rejects.toThrow('task 1 failed');
  });
});
