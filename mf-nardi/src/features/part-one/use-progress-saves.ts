import type { SurveyState } from '@study/contracts';
import { useRef } from 'react';
import { errorMessage } from '../../lib/save-to-server';
import type { NardiSurveyInput } from '../../api/save-nardi-survey';
import type { UserView } from '@study/contracts';
import { partOneProgressInput } from './api/part-one-input';

function stepKey(state: SurveyState): string | null {
  const input = partOneProgressInput(state);
  return input === null ? null : `${input.status}:${input.index}`;
}

export interface ProgressSaves {
  /** Called with every new part-one state: saves it when the participant moved to another question (or to the review). */
  keep(next: SurveyState): void;
  /** Settles once every progress save started so far has ended (a final save goes after them). */
  settled(): Promise<void>;
}

/**
 * Keeps part-one progress on the server one step at a time, in order, so that the dashboard
 * (which loads the server's state) resumes at the same question; the store keeps every choice
 * for a reload. A failed save is only logged: the next move sends the whole state again, and
 * the participant is never held up by it.
 */
export function useProgressSaves(saveSurvey: (input: { pgId: string; survey: NardiSurveyInput }) => Promise<UserView>, pgId: string, current: SurveyState): ProgressSaves {
  const syncedStep = useRef(stepKey(current));
  const chain = useRef<Promise<void>>(Promise.resolve());

  const keep = (next: SurveyState) => {
    const input = partOneProgressInput(next);
    const key = stepKey(next);
    if (input === null || key === syncedStep.current) return;
    syncedStep.current = key;
    chain.current = chain.current.then(() =>
      saveSurvey({ pgId, survey: input }).then(
        () => undefined,
        (error: unknown) => console.warn('The Nardi part one progress could not be kept on the server:', errorMessage(error, 'no details')),
      ),
    );
  };

  return { keep, settled: () => chain.current };
}
