import { DASHBOARD_REMOTE, nardiStepPath } from './remotes';

/**
 * Where a participant with this Nardi status continues: the dashboard's link (once there are
 * answers; before any it leads to the intro) and the Nardi screens' redirects both ask here
 * (product.md section 4).
 * - pending, in-progress, reviewing, saving: part one is not saved yet, so part one. 'reviewing'
 *   is part one's review before Save (a restored 'saving' shows that review again); part four
 *   offers types from part one's scores, which only exist once part one is saved;
 * - part-one -> part two, part-two -> part three, any later status -> part four;
 * - completed or rejected: nothing is left here, so the dashboard.
 */
export function nardiPathForStatus(status: string): string {
  switch (status) {
    case 'pending':
    case 'in-progress':
    case 'reviewing':
    case 'saving':
      return nardiStepPath('part-one');
    case 'part-one':
      return nardiStepPath('part-two');
    case 'part-two':
      return nardiStepPath('part-three');
    case 'completed':
    case 'rejected':
      return DASHBOARD_REMOTE.pages.survey;
    default:
      return nardiStepPath('part-four');
  }
}
