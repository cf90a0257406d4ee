import { runHoldingAll } from './hold-all';
import type { KeyedLock } from './redis-keyed-lock';

describe('runHoldingAll', () => {
  it('takes each key once, in sorted order, and runs fn while holding them all', async () => {
    const held: string[] = [];
    const taken: string[] = [];
    const lock: KeyedLock = {
      run: async (key, fn) => {
        taken.push(key);
        held.push(key);
        try {
          return await fn();
        } finally {
          held.splice(held.indexOf(key), 1);
        }
      },
    };
    const seen = await runHoldingAll(lock, ['c', 'a', 'b', 'a'], async () => [...held]);
    expect(taken).toEqual(['a', 'b', 'c']);
    expect(seen).toEqual(['a', 'b', 'c']);
    expect(held).toEqual([]);
  });

  it('runs fn at once with no keys', async () => {
    const lock: KeyedLock = { run: () => Promise.reject(new Error('no key to take')) };
    await expect(runHoldingAll(lock, [], async () => 'ran')).resolves.toBe('ran');
  });
});
