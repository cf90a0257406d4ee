/**
 * The four screens after the intro. The intro presents three parts (the questions, the
 * temperament, the type); the type is chosen in two steps, so the screens count four steps.
 */
export const NARDI_STEPS = [
  { step: 'part-one', path: '/nardi/part-one', label: 'Questions' },
  { step: 'part-two', path: '/nardi/part-two', label: 'Temperament' },
  { step: 'part-three', path: '/nardi/part-three', label: 'Cognitive style' },
  { step: 'part-four', path: '/nardi/part-four', label: 'Type' },
] as const;

export type NardiStep = (typeof NARDI_STEPS)[number]['step'];

export const DASHBOARD_PATH = '/survey';

export function stepPath(step: NardiStep): string {
  return `/nardi/${step}`;
}

/**
 * Where a participant with this Nardi status continues (the dashboard's links, product.md
 * section 4): still answering part one -> part one, part-one -> part two, part-two -> part three,
 * anything else -> part four; a completed or declined survey has nothing left here.
 */
export function pathForStatus(status: string): string {
  switch (status) {
    case 'pending':
    case 'in-progress':
    case 'reviewing':
    case 'saving':
      return stepPath('part-one');
    case 'part-one':
      return stepPath('part-two');
    case 'part-two':
      return stepPath('part-three');
    case 'completed':
    case 'rejected':
      return DASHBOARD_PATH;
    default:
      return stepPath('part-four');
  }
}

/** Where to send a participant with this status who opened the page of `step`; null when they belong here. */
export function redirectFor(step: NardiStep, status: string): string | null {
  const path = pathForStatus(status);
  return path === stepPath(step) ? null : path;
}
