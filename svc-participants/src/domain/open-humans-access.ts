import { ErrorCodes } from '@study/contracts';
import { AppError } from '@study/service-kit';
import { OpenHumansError } from '../data-access/open-humans';
import { participantDocuments } from '../data-access/participant-documents';
import type { ParticipantsDeps } from './deps';
import { callOpenHumans } from './open-humans-failures';

const NOT_FOUND = 'No participant with this study ID.';

/**
 * A live access token for the participant's Open Humans account: the stored one, or, when
 * under a minute of it remains, a refreshed one whose rotated refresh token is stored before
 * anything else happens (the old one no longer works). Runs under the participant's lock so
 * two callers never spend the same refresh token.
 */
export async function openHumansAccessToken(deps: ParticipantsDeps, pgId: string): Promise<string> {
  let accessToken: string | undefined;
  const outcome = await participantDocuments(deps).change(pgId, async (record) => {
    if (record.state !== 'active') throw new AppError(404, ErrorCodes.PARTICIPANT_NOT_FOUND, NOT_FOUND);
    const stored = deps.participants.tokensOf(record.stored);
    if (!stored) {
      throw new AppError(409, ErrorCodes.OH_NOT_AUTHORIZED, 'This participant has not authorized the study on Open Humans. Please consent and authorize again.');
    }
    const { tokens, refreshed } = await callOpenHumans(deps.logger, 'token refresh', () => deps.openHumans.fresh(stored.tokens));
    accessToken = tokens.accessToken;
    return refreshed ? { write: (document) => deps.participants.storeTokens(document, tokens, deps.now()) } : 'unchanged';
  });
  if (outcome === 'erased' || accessToken === undefined) throw new AppError(404, ErrorCodes.PARTICIPANT_NOT_FOUND, NOT_FOUND);
  return accessToken;
}

/**
 * Open Humans refused the member's own grant (a refused refresh, or their token refused): only
 * leaving the project (or its erasure) deletes it, so the member has left.
 */
export function memberLeftOpenHumans(err: unknown): boolean {
  if (err instanceof OpenHumansError) return err.kind === 'token-rejected' || err.kind === 'refresh-rejected';
  return err instanceof AppError && err.code === ErrorCodes.OH_AUTHORIZATION_REJECTED;
}

/**
 * Whether the participant is still a member of the project, asked with their own grant:
 * 'left' when Open Humans refuses it, 'not-linked' when the study holds no live grant for them.
 */
export async function memberStatus(deps: ParticipantsDeps, pgId: string): Promise<'member' | 'left' | 'not-linked'> {
  try {
    const accessToken = await openHumansAccessToken(deps, pgId);
    return (await callOpenHumans(deps.logger, 'member exchange', () => deps.openHumans.isMember(accessToken))) ? 'member' : 'left';
  } catch (err) {
    if (memberLeftOpenHumans(err)) return 'left';
    if (err instanceof AppError && (err.code === ErrorCodes.OH_NOT_AUTHORIZED || err.code === ErrorCodes.PARTICIPANT_NOT_FOUND)) return 'not-linked';
    throw err;
  }
}

/** A project message to the participant with their own grant: 'left' when Open Humans refuses it (only leaving deletes it). */
export async function messageWithOwnGrant(deps: ParticipantsDeps, pgId: string, message: { subject: string; message: string }): Promise<'sent' | 'left'> {
  let accessToken: string;
  try {
    accessToken = await openHumansAccessToken(deps, pgId);
  } catch (err) {
    if (memberLeftOpenHumans(err)) return 'left';
    throw err;
  }
  return (await deps.openHumans.messageSelf(accessToken, message)) === 'sent' ? 'sent' : 'left';
}

/**
 * Reads the participant's Open Humans data again and stores whether it now holds a genotype
 * file (a member may add their genotype data after consenting).
 */
export async function refreshGenotypeStatus(deps: ParticipantsDeps, pgId: string): Promise<{ snpFileUploaded: boolean }> {
  const accessToken = await openHumansAccessToken(deps, pgId);
  const member = await callOpenHumans(deps.logger, 'member exchange', () => deps.openHumans.getMember(accessToken));
  await participantDocuments(deps).change(pgId, (record) =>
    record.state === 'active' ? { write: (document) => deps.participants.setSnpFileUploaded(document, member.snpFileUploaded, deps.now(), member.genotypeSources) } : 'stale',
  );
  return { snpFileUploaded: member.snpFileUploaded };
}
