// A participant's way through the study over the HTTP API up to their last save, made with
// @study/participant-client (its journey.ts has the steps, as the screens call them): consent
// through the Open Humans stand-in, the TypeFinder quiz on its stand-in widget and its claim, the
// Nardi parts one to four. A busy answer (503) is waited out and sent again, as the screens do.
import { participantClient, participantClientModule } from './participant-sessions';

/** The TypeFinder answers participant i gives: TF_TYPES[i % 4] (seed-burst.ts stores the same). */
export const TF_TYPES = ['INTJ', 'ESFP', 'ISTJ', 'ENFP'];

/**
 * @param {object} o
 * @param {string} o.baseUrl the gateway
 * @param {string} o.typeFinderWidgetUrl the TypeFinder stand-in's widget
 * @param {string} o.workDir where bundled modules go
 */
export async function createJourney({ baseUrl, typeFinderWidgetUrl, workDir }) {
  const pc = await participantClientModule(workDir);
  const client = await participantClient({ baseUrl, typeFinderWidgetUrl, workDir, retry: { kind: 'busy' }, pollMs: 100 });
  /** The same participants' calls with no retry: what the pipeline times and counts. */
  const measured = await participantClient({ baseUrl, typeFinderWidgetUrl, workDir });

  /** Participant i up to their last save: consented (as member 20000000 + i), TypeFinder and Nardi done. */
  async function upToLastSave(i) {
    const { pgId } = await pc.join(client, { member: String(20_000_000 + i) });
    const tfType = await pc.takeTypeFinder(client, pgId, TF_TYPES[i % TF_TYPES.length]);
    const { selectedTypeCode: nardiType } = await pc.answerNardi(client, pgId, { variant: i % 5 });
    return { pgId, tfType, nardiType };
  }

  return { pc, client, measured, upToLastSave };
}

/** Runs `task(i)` for i in 0..count-1 with at most `concurrency` at once; answers the results in order. */
export async function inParallel(count, concurrency, task, onProgress) {
  const results = new Array(count);
  let next = 0;
  let done = 0;
  const worker = async () => {
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
