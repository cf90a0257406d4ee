import { ErrorCodes, FINAL_REPORT_UPLOAD, type ReportGeneratedData } from '@study/contracts';
import { normalizePgId } from '@study/personality';
import { AppError } from '@study/service-kit';
import { OpenHumansError } from '../../data-access/open-humans';
import type { ParticipantsDeps } from '../deps';
import { leaveStudy } from '../leave-study';
import { openHumansAccessToken } from '../open-humans-access';

/**
 * - shared: the report is on the member's Open Humans account, in place of the one before;
 * - stale: the event is not about the report the participant holds now (a newer one has its own event);
 * - no-report: svc-reports holds no final report now (a reset, say);
 * - not-linked: no live Open Humans authorization (withdrawn, or never linked);
 * - authorization-ended: the study holds no live authorization for the member (none stored, or erased meanwhile);
 * - member-left: Open Humans refused the member's own grant, which only leaving deletes: they are withdrawn (data kept);
 * - not-found: no such participant (erased).
 */
export type ShareOutcome = 'shared' | 'stale' | 'no-report' | 'not-linked' | 'authorization-ended' | 'member-left' | 'not-found';

/** One upload at a time per participant (on every instance), so a delete and an upload never interleave with another's. */
export function finalReportShareLockKey(pgId: string): string {
  return `open-humans-final-report:${normalizePgId(pgId)}`;
}

const ENDED_CODES: readonly string[] = [ErrorCodes.OH_AUTHORIZATION_REJECTED, ErrorCodes.OH_NOT_AUTHORIZED, ErrorCodes.PARTICIPANT_NOT_FOUND];

/** Open Humans refused the member's own grant: only leaving the project (or its erasure) deletes it. */
function memberLeft(err: unknown): boolean {
  if (err instanceof OpenHumansError) return err.kind === 'token-rejected';
  return err instanceof AppError && err.code === ErrorCodes.OH_AUTHORIZATION_REJECTED;
}

/**
 * reports.report.generated.v1, after the report was recorded: the final report PDF goes to the
 * participant's Open Humans account, replacing the one there before (deleted by its name first),
 * so however often an event is delivered the account holds one copy. The PDF is read from
 * svc-reports (an event cannot carry it). When svc-reports or Open Humans fails, this throws: the
 * event is retried with back-off and parked on the dead-letter queue after the last attempt. The
 * participant never waits for it: the dashboard and the download work from the recorded report.
 */
export async function shareFinalReport(deps: ParticipantsDeps, pgId: string, data: ReportGeneratedData, correlationId?: string): Promise<ShareOutcome> {
  let memberId: string | undefined;
  const outcome = await deps.lock.run(finalReportShareLockKey(pgId), async (): Promise<ShareOutcome> => {
    const participant = await deps.participants.findById(pgId);
    if (!participant) return 'not-found';
    memberId = participant.openHumans?.memberId;
    const held = participant.finalReport;
    if (!held || held.scoreVersion !== data.scoreVersion || held.generatedAt !== data.generatedAt) return 'stale';
    if (!participant.openHumans?.authorized) return 'not-linked';

    const pdf = await deps.reportsApi.finalReportPdf(pgId, correlationId);
    if (pdf === 'none') return 'no-report';

    let accessToken: string;
    try {
      accessToken = await openHumansAccessToken(deps, pgId);
    } catch (err) {
      if (memberLeft(err)) return 'member-left';
      if (err instanceof AppError && ENDED_CODES.includes(err.code)) return 'authorization-ended';
      throw err;
    }
    try {
      await deps.openHumans.deleteFiles(accessToken, FINAL_REPORT_UPLOAD.basename);
      await deps.openHumans.uploadFile(accessToken, {
        basename: FINAL_REPORT_UPLOAD.basename,
        contentType: 'application/pdf',
        content: pdf,
        metadata: { tags: FINAL_REPORT_UPLOAD.tags, description: FINAL_REPORT_UPLOAD.description },
      });
    } catch (err) {
      if (memberLeft(err)) return 'member-left';
      throw err;
    }
    return 'shared';
  });
  // Their notice never reached the study (the platform sends it once, and not at all for a leave
  // without erasure at its current source): they leave the study as the notice would have made them.
  if (outcome === 'member-left') {
    const left = await leaveStudy(deps, { pgId, memberId, erase: false, initiatedBy: 'open-humans' }, correlationId ?? pgId);
    deps.logger.info({ pgId, left }, 'Open Humans refused the member\'s authorization: withdrawn, data kept');
  }
  deps.logger.info({ pgId, outcome, scoreVersion: data.scoreVersion }, 'final report for the Open Humans account');
  return outcome;
}
