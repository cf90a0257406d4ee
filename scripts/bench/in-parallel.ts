// A bounded pool: the bench makes participants (through the API, or as Open Humans stand-in
// members) a few at a time, so neither the stack nor the stand-in is flooded.

/** Runs `task(i)` for i in 0..count-1 with at most `concurrency` at once; answers the results in order. `onProgress` hears how many are done. */
export async function inParallel<T>(count: number, concurrency: number, task: (i: number) => Promise<T>, onProgress?: (done: number) => void): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  let done = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      const i = next++;
      results[i] = await task(i);
      done += 1;
      onProgress?.(done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return results;
}
