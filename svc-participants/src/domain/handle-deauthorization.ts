import type { DeauthorizeNotice, DeauthorizeOutcome } from '@study/contracts';
import type { ParticipantsDeps } from './deps';
import { leaveStudy } from './leave-study';

/**
 * POST /api/openhumans/deauthorize: a member left the project on Open Humans, which has already
 * deleted the tokens. The participant leaves the study (leaveStudy): withdrawn, or erased when
 * the member asked for erasure. A second notice for the same member (a leave seen already, by
 * the dashboard's withdrawal say) changes nothing.
 */
export async function handleDeauthorization(deps: ParticipantsDeps, notice: DeauthorizeNotice): Promise<DeauthorizeOutcome> {
  const memberId = notice.project_member_id;
  const pgId = await deps.memberLinks.findPgId(memberId);
  if (!pgId) {
    // Answered 200 all the same: an error would only make the platform retry a notice about nobody.
    deps.logger.warn({ projectMemberId: memberId, erasureRequested: notice.erasure_requested }, 'deauthorization for a member the study does not know');
    return 'unknown-member';
  }
  const outcome = await leaveStudy(deps, { pgId, memberId, erase: notice.erasure_requested, initiatedBy: 'open-humans' });
  deps.logger.info({ pgId, outcome, erasureRequested: notice.erasure_requested }, 'Open Humans deauthorization handled');
  return outcome;
}
