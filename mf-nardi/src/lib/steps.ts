import { DASHBOARD_REMOTE, nardiPathForStatus, nardiStepPath, type NardiStep } from '@study/navigation';

export type { NardiStep };
export { nardiStepPath as stepPath };

/**
 * The four parts after the intro, one screen each: the intro names them, and each screen says
 * 'Step n of 4' from this list.
 */
export const NARDI_STEPS = [
  { step: 'part-one', path: nardiStepPath('part-one'), label: 'Questions' },
  { step: 'part-two', path: nardiStepPath('part-two'), label: 'Temperament' },
  { step: 'part-three', path: nardiStepPath('part-three'), label: 'Cognitive style' },
  { step: 'part-four', path: nardiStepPath('part-four'), label: 'Type' },
] as const satisfies readonly { step: NardiStep; path: string; label: string }[];

export const DASHBOARD_PATH = DASHBOARD_REMOTE.pages.survey;

/**
 * Where to send a participant with this status who opened the page of `step` (the same answer the
 * dashboard's link gives, @study/navigation's nardiPathForStatus); null when they belong here.
 */
export function redirectFor(step: NardiStep, status: string): string | null {
  const path = nardiPathForStatus(status);
  return path === nardiStepPath(step) ? null : path;
}
