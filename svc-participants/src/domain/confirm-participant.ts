import { ErrorCodes, type SessionResponse } from '@study/contracts';
import { AppError } from '@study/service-kit';
import type { ParticipantsDeps } from './deps';
import type { AuthorizationAnswer } from './give-consent';
import { callOpenHumans } from './open-humans-failures';

/**
 * POST /api/session: the participant came back from the Open Humans authorization to confirm
 * who they are on this browser (not to consent). Spend the request, exchange the code, read the member and answer
 * the study ID that member joined with; nothing is stored, and no consent is recorded.
 */
export async function confirmParticipant(deps: ParticipantsDeps, authorization: AuthorizationAnswer): Promise<SessionResponse> {
  const log = deps.logger;
  const codeVerifier = await authorization.spendRequest();
  const issued = await callOpenHumans(log, 'code exchange', () => deps.openHumans.exchangeCode(authorization.code, codeVerifier));
  const { tokens } = await callOpenHumans(log, 'token refresh', () => deps.openHumans.fresh(issued));
  const member = await callOpenHumans(log, 'member exchange', () => deps.openHumans.getMember(tokens.accessToken));
  const pgId = await deps.memberLinks.findPgId(member.projectMemberId);
  if (!pgId) {
    throw new AppError(404, ErrorCodes.NOT_A_PARTICIPANT, 'This Open Humans account has not joined the study. To take part, read the consent form and agree to it.');
  }
  log.info({ pgId }, 'participant confirmed with Open Humans');
  return { pgId };
}
