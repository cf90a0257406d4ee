import { randomBytes } from 'node:crypto';
import { approveAsMember } from '@study/participant-client';
import { codeChallengeOf } from '@study/participant-session';
import type { OpenHumansClient, OpenHumansMember, OpenHumansTokens } from '../../data-access/open-humans';

/** What the bench's members share (the Open Humans stand-in's authorize page's default, as on the API journey): a 23andMe file. */
const SHARED_SOURCES = ['direct-sharing-128'];

/** A member's live grant to the study, as POST /api/consent gets it. */
export interface MemberGrant {
  memberId: string;
  tokens: OpenHumansTokens;
  member: OpenHumansMember;
}

/**
 * The member approves the project on the Open Humans stand-in's authorize page (with plain HTTP, as
 * the journey's browser does), and this service's own client redeems the code and reads the
 * member, as POST /api/consent does. The stand-in keeps its members in memory: this is the one
 * part of a burst participant no database write can make.
 */
export async function memberGrant(client: OpenHumansClient, memberId: string): Promise<MemberGrant> {
  const verifier = randomBytes(32).toString('base64url');
  const url = client.authorizeUrl({ state: randomBytes(16).toString('hex'), codeChallenge: codeChallengeOf(verifier) });
  const { code } = await approveAsMember(url, { member: memberId, sources: SHARED_SOURCES });
  const tokens = await client.exchangeCode(code, verifier);
  const member = await client.getMember(tokens.accessToken);
  if (member.projectMemberId !== memberId) throw new Error(`Open Humans answered member ${member.projectMemberId} for ${memberId}`);
  return { memberId, tokens, member };
}

/** memberGrant for each id, at most `concurrency` at once (the stand-in is one process); answers them in order. */
export async function memberGrants(client: OpenHumansClient, memberIds: readonly string[], concurrency: number): Promise<MemberGrant[]> {
  const grants = new Array<MemberGrant>(memberIds.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let i = next++; i < memberIds.length; i = next++) grants[i] = await memberGrant(client, memberIds[i]!);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, memberIds.length) }, worker));
  return grants;
}
