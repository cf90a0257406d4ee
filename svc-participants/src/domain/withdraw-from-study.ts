import { ErrorCodes, type WithdrawRequest, type WithdrawResponse } from '@study/contracts';
import { normalizePgId } from '@study/personality';
import { AppError } from '@study/service-kit';
import { OpenHumansError } from '../data-access/open-humans';
import type { ParticipantsDeps } from './deps';
import { leaveStudy } from './leave-study';
import { openHumansAppError } from './open-humans-failures';

const NOT_FOUND = 'No participant with this study ID (it may have been erased already).';

/**
 * POST /api/user/withdraw: the participant leaves the study from the dashboard. The study first
 * removes them from its Open Humans project (with the project's master access token); only once
 * the platform has done so do they leave the study here, exactly as when they leave on Open
 * Humans (leaveStudy): withdrawn, or erased in every service. When Open Humans cannot be reached
 * nothing changes and the answer is 503 with Retry-After: the participant is still in the study
 * and can try again. A participant who already left the project (withdrawn before) is not
 * removed again; they can still ask for erasure.
 */
export async function withdrawFromStudy(deps: ParticipantsDeps, request: WithdrawRequest, correlationId: string): Promise<WithdrawResponse> {
  const pgId = normalizePgId(request.pgId);
  const participant = await deps.participants.findById(pgId);
  if (!participant) throw new AppError(404, ErrorCodes.PARTICIPANT_NOT_FOUND, NOT_FOUND);

  const memberId = participant.openHumans?.memberId;
  let removedFromOpenHumans = false;
  if (memberId && participant.openHumans?.authorized) {
    try {
      await deps.openHumans.removeMembers([memberId]);
    } catch (err) {
      if (!(err instanceof OpenHumansError)) throw err;
      deps.logger[err.kind === 'unavailable' ? 'warn' : 'error']({ kind: err.kind, ...err.details, reason: err.message }, 'Open Humans: member removal failed');
      if (err.kind === 'unavailable') {
        throw new AppError(
          503,
          ErrorCodes.OH_UNAVAILABLE,
          `${err.message} Nothing has changed: you are still in the study. Please try again in a few minutes.`,
          { cause: err },
        );
      }
      throw openHumansAppError(err);
    }
    removedFromOpenHumans = true;
  }

  const outcome = await leaveStudy(deps, { pgId, memberId, erase: request.erase, initiatedBy: 'participant' }, correlationId);
  deps.logger.info({ pgId, outcome, erase: request.erase, removedFromOpenHumans }, 'participant withdrew from the study');
  if (outcome === 'withdrawn' || outcome === 'erased' || outcome === 'already-withdrawn') return { outcome, removedFromOpenHumans };
  // Erased or gone meanwhile (a deauthorization notice that raced this call).
  throw new AppError(404, ErrorCodes.PARTICIPANT_NOT_FOUND, NOT_FOUND);
}
