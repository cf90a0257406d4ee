import { useCallback, useEffect, useRef } from 'react';

/** product.md section 9: a single-choice answer moves on this long after the selection. */
export const AUTO_ADVANCE_MS = 250;

/**
 * One pending delayed step. Scheduling again replaces the pending one (the participant changed
 * the answer), and it is cancelled when the participant leaves the question (`resetKey`
 * changes) or the flow unmounts.
 */
export function useAutoAdvance(resetKey: string) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const cancel = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  const schedule = useCallback(
    (step: () => void) => {
      cancel();
      timer.current = setTimeout(() => {
        timer.current = null;
        step();
      }, AUTO_ADVANCE_MS);
    },
    [cancel],
  );

  useEffect(() => cancel, [resetKey, cancel]);

  return { schedule, cancel };
}
