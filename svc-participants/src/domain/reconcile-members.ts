import { ErrorCodes } from '@study/contracts';
import { AppError } from '@study/service-kit';
import { OpenHumansError } from '../data-access/open-humans';
import type { ParticipantsDeps } from './deps';
import { leaveStudy } from './leave-study';
import { memberLeftOpenHumans, memberStatus, refreshGenotypeStatus } from './open-humans-access';

/** What one reconciliation found. */
export interface ReconciliationReport {
  /** Participants holding a live Open Humans authorization when it started. */
  linked: number;
  /** How they were checked: against the project member list, or each with their own grant (the master token refused). */
  checkedBy: 'member-list' | 'member-tokens';
  /** Asked with their own grant (missing from the list, or everyone when checked by member tokens). */
  asked: number;
  /** Found gone from the project and withdrawn here (data kept), as their notice would have done. */
  withdrawn: number;
  /** Could not be asked (Open Humans failed for them): the next run asks again. */
  failed: number;
  /** Members still in the project without a genotype file on record, whose data was read again. */
  genotypeRechecked: number;
  /** Of those, how many now share a genotype file. */
  genotypeFound: number;
}

/**
 * Finds the members who left the project without the study hearing of it (the platform sends
 * its leave notice once, and at its current source none for a leave without erasure), and
 * withdraws them as the notice would have: consent off, tokens gone, data kept. The project
 * member list (master token) names who is still in; a linked participant missing from it is
 * asked with their own grant before anything happens, since a list read page by page can miss
 * someone while others leave. Without a usable master token every linked participant is asked
 * that way instead. Members still in whose genotype file was missing are read again (a member
 * may add their genotype data after consenting); a grant refused there means they left too.
 */
export async function reconcileMembers(deps: ParticipantsDeps): Promise<ReconciliationReport> {
  const linked = await deps.participants.linkedMembers();
  let candidates = linked;
  let checkedBy: ReconciliationReport['checkedBy'] = 'member-list';
  try {
    const inProject = await deps.openHumans.projectMemberIds();
    candidates = linked.filter((member) => !inProject.has(member.memberId));
  } catch (err) {
    if (!(err instanceof OpenHumansError) || (err.kind !== 'token-rejected' && err.kind !== 'client-rejected')) throw err;
    deps.logger.error({ kind: err.kind, reason: err.message }, 'member reconciliation: the project member list was refused; asking each member with their own grant');
    checkedBy = 'member-tokens';
  }

  let withdrawn = 0;
  let failed = 0;
  const leave = async (pgId: string, memberId: string) => {
    if ((await leaveStudy(deps, { pgId, memberId, erase: false, initiatedBy: 'open-humans' })) === 'withdrawn') withdrawn += 1;
  };
  for (const { pgId, memberId } of candidates) {
    let status: Awaited<ReturnType<typeof memberStatus>>;
    try {
      status = await memberStatus(deps, pgId);
    } catch (err) {
      failed += 1;
      deps.logger.warn({ pgId, reason: err instanceof Error ? err.message : String(err) }, 'member reconciliation: could not ask Open Humans about this member');
      continue;
    }
    if (status === 'left') await leave(pgId, memberId);
  }

  const asked = new Set(candidates.map((member) => member.pgId));
  let genotypeRechecked = 0;
  let genotypeFound = 0;
  for (const { pgId, memberId } of linked.filter((member) => !member.snpFileUploaded && !asked.has(member.pgId))) {
    try {
      genotypeRechecked += 1;
      if ((await refreshGenotypeStatus(deps, pgId)).snpFileUploaded) genotypeFound += 1;
    } catch (err) {
      if (memberLeftOpenHumans(err)) await leave(pgId, memberId);
      else if (!(err instanceof AppError && (err.code === ErrorCodes.OH_NOT_AUTHORIZED || err.code === ErrorCodes.PARTICIPANT_NOT_FOUND))) {
        failed += 1;
        deps.logger.warn({ pgId, reason: err instanceof Error ? err.message : String(err) }, 'member reconciliation: could not read this member\'s genotype data again');
      }
    }
  }
  const report: ReconciliationReport = { linked: linked.length, checkedBy, asked: candidates.length, withdrawn, failed, genotypeRechecked, genotypeFound };
  deps.logger.info(report, 'member reconciliation done');
  return report;
}
