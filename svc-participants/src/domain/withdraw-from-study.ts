import { ErrorCodes, type WithdrawRequest, type WithdrawResponse } from '@study/contracts';
import { normalizePgId } from '@study/personality';
import { AppError } from '@study/service-kit';
import { OpenHumansError } from '../data-access/open-humans';
import type { ParticipantsDeps } from './deps';
import { leaveStudy } from './leave-study';
import { openHumansAccessToken } from './open-humans-access';
import { openHumansAppError } from './open-humans-failures';

const NOT_FOUND = 'No participant with this study ID (it may have been erased already).';
const NOTHING_CHANGED = 'Nothing has changed: you are still in the study. Please try again in a few minutes.';

/**
 * POST /api/user/withdraw: the participant leaves the study from the dashboard. The study first
 * removes them from its Open Humans project, with their own access token (the platform lets a
 * member's token remove that member; no project-wide token is needed); once the platform no
 * longer counts them in the project they leave the study here, exactly as when they leave on
 * Open Humans (leaveStudy): withdrawn, or erased in every service. A member the platform has
 * already let go (their notice missed, or a removal that failed after it was done) is not in the
 * way: the withdrawal completes. When Open Humans cannot be reached, or cannot say, nothing
 * changes and the answer is 503 with Retry-After: the participant is still in the study and can
 * try again. A participant who already left the project (withdrawn before) is not removed again;
 * they can still ask for erasure.
 */
export async function withdrawFromStudy(deps: ParticipantsDeps, request: WithdrawRequest): Promise<WithdrawResponse> {
  const pgId = normalizePgId(request.pgId);
  const participant = await deps.participants.findById(pgId, { withMbti: false });
  if (!participant) throw new AppError(404, ErrorCodes.PARTICIPANT_NOT_FOUND, NOT_FOUND);

  const memberId = participant.openHumans?.memberId;
  let removedFromOpenHumans = false;
  if (memberId && participant.openHumans?.authorized) {
    const removal = await removeFromProject(deps, pgId, memberId);
    deps.logger.info({ pgId, removal }, 'Open Humans: member out of the project');
    removedFromOpenHumans = true;
  }

  const left = await leaveStudy(deps, { pgId, memberId, erase: request.erase, initiatedBy: 'participant' });
  // The platform calls the study's webhook from inside the removal, so the notice of this very
  // removal may have withdrawn them a moment ago: that is this withdrawal, not an earlier one.
  const outcome = left === 'already-withdrawn' && removedFromOpenHumans ? 'withdrawn' : left;
  deps.logger.info({ pgId, outcome, erase: request.erase, removedFromOpenHumans }, 'participant withdrew from the study');
  if (outcome === 'withdrawn' || outcome === 'erased' || outcome === 'already-withdrawn') return { outcome, removedFromOpenHumans };
  // Erased or gone meanwhile (a deauthorization notice that raced this call).
  throw new AppError(404, ErrorCodes.PARTICIPANT_NOT_FOUND, NOT_FOUND);
}

/**
 * Takes the member out of the project: 'removed' by this call, or 'already-gone' when the platform
 * had let them go before (their authorization refused, or their id no longer in the project).
 * A failed or unanswered removal is checked with their own token, since the platform may have
 * removed them before failing; only when they are still in, or it cannot tell, is it 503.
 */
async function removeFromProject(deps: ParticipantsDeps, pgId: string, memberId: string): Promise<'removed' | 'already-gone'> {
  let accessToken: string;
  try {
    accessToken = await openHumansAccessToken(deps, pgId);
  } catch (err) {
    // A refused refresh: the platform deleted the member's grant, which only leaving does.
    if (err instanceof AppError && err.cause instanceof OpenHumansError && err.cause.kind === 'refresh-rejected') return 'already-gone';
    throw unavailable(err);
  }
  try {
    return (await deps.openHumans.removeSelf(accessToken, memberId)) === 'removed' ? 'removed' : 'already-gone';
  } catch (err) {
    if (!(err instanceof OpenHumansError)) throw err;
    deps.logger[err.kind === 'unavailable' ? 'warn' : 'error']({ kind: err.kind, ...err.details, reason: err.message }, 'Open Humans: member removal failed');
    if (err.kind !== 'unavailable') throw openHumansAppError(err);
    const stillIn = await deps.openHumans.isMember(accessToken).catch(() => undefined);
    if (stillIn === false) return 'removed';
    throw unavailable(err);
  }
}

/** Open Humans could not be reached or could not say: nothing changed here. */
function unavailable(err: unknown): AppError {
  if (err instanceof AppError && !(err.cause instanceof OpenHumansError && err.cause.kind === 'unavailable')) return err;
  const platform = err instanceof OpenHumansError ? err : err instanceof AppError && err.cause instanceof OpenHumansError ? err.cause : undefined;
  const error = new AppError(503, ErrorCodes.OH_UNAVAILABLE, `${platform?.message ?? 'Open Humans could not be reached.'} ${NOTHING_CHANGED}`, { cause: err }) as AppError & { retryAfterSeconds?: number };
  // A 429 says how long to wait: the participant is told the same.
  if (platform?.details.retryAfterSeconds !== undefined) error.retryAfterSeconds = platform.details.retryAfterSeconds;
  return error;
}
