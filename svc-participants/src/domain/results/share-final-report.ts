import { ErrorCodes, FINAL_REPORT_UPLOAD, type ReportGeneratedData } from '@study/contracts';
import { normalizePgId } from '@study/personality';
import { AppError } from '@study/service-kit';
import type { ParticipantsDeps } from '../deps';
import { leaveStudy } from '../leave-study';
import { memberLeftOpenHumans, openHumansAccessToken } from '../open-humans-access';

/**
 * - shared: the report is on the member's Open Humans account, in place of the one before;
 * - stale: the event is not about the report the participant holds now (a newer one has its own event);
 * - no-report: svc-reports holds no final report now (a reset, say);
 * - not-linked: no live Open Humans authorization (withdrawn, or never linked);
 * - authorization-ended: the study holds no live authorization for the member (none stored, or erased meanwhile);
 * - member-left: Open Humans refused the member's own grant, which only leaving deletes: they are withdrawn (data kept);
 * - not-found: no such participant (erased);
 * - too-large: the PDF is over what the platform's plain upload takes (logged; the copy there before stays).
 */
export type ShareOutcome = 'shared' | 'stale' | 'no-report' | 'not-linked' | 'authorization-ended' | 'member-left' | 'not-found' | 'too-large';

/**
 * The largest file the study sends through the platform's plain upload (`files/upload/`): bigger
 * files belong on its direct upload to S3, which the study does not use, since a final report is
 * some tens of kilobytes.
 */
export const MAX_PLAIN_UPLOAD_BYTES = 2 * 1024 * 1024;

/** The platform's id of a file, as its member data lists it. */
function fileIdOf(id: unknown): number | undefined {
  const n = typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : id;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** One upload at a time per participant (on every instance), so a delete and an upload never interleave with another's. */
export function finalReportShareLockKey(pgId: string): string {
  return `open-humans-final-report:${normalizePgId(pgId)}`;
}

const ENDED_CODES: readonly string[] = [ErrorCodes.OH_AUTHORIZATION_REJECTED, ErrorCodes.OH_NOT_AUTHORIZED, ErrorCodes.PARTICIPANT_NOT_FOUND];

/**
 * reports.report.generated.v1, after the report was recorded: the final report PDF goes to the
 * participant's Open Humans account, replacing the one there before: the new copy is uploaded
 * first, then every other copy of that name is deleted by its id, so a failure on the way never
 * leaves the account without a report, and however often an event is delivered the account ends
 * with one copy. The PDF is read from
 * svc-reports (an event cannot carry it). When svc-reports or Open Humans fails, this throws: the
 * event is retried with back-off and parked on the dead-letter queue after the last attempt. The
 * participant never waits for it: the dashboard and the download work from the recorded report.
 */
export async function shareFinalReport(deps: ParticipantsDeps, pgId: string, data: ReportGeneratedData, correlationId?: string): Promise<ShareOutcome> {
  let memberId: string | undefined;
  const outcome = await deps.lock.run(finalReportShareLockKey(pgId), async (): Promise<ShareOutcome> => {
    const participant = await deps.participants.findById(pgId, { withMbti: false });
    if (!participant) return 'not-found';
    memberId = participant.openHumans?.memberId;
    const held = participant.finalReport;
    if (!held || held.scoreVersion !== data.scoreVersion || held.generatedAt !== data.generatedAt) return 'stale';
    if (!participant.openHumans?.authorized) return 'not-linked';

    const pdf = await deps.reportsApi.finalReportPdf(pgId, correlationId);
    if (pdf === 'none') return 'no-report';
    if (pdf.length > MAX_PLAIN_UPLOAD_BYTES) {
      deps.logger.warn({ pgId, bytes: pdf.length, limit: MAX_PLAIN_UPLOAD_BYTES }, 'final report not put on the Open Humans account: larger than the plain upload takes');
      return 'too-large';
    }

    let accessToken: string;
    try {
      accessToken = await openHumansAccessToken(deps, pgId);
    } catch (err) {
      if (memberLeftOpenHumans(err)) return 'member-left';
      if (err instanceof AppError && ENDED_CODES.includes(err.code)) return 'authorization-ended';
      throw err;
    }
    try {
      const uploaded = await deps.openHumans.uploadFile(accessToken, {
        basename: FINAL_REPORT_UPLOAD.basename,
        contentType: 'application/pdf',
        content: pdf,
        metadata: { tags: FINAL_REPORT_UPLOAD.tags, description: FINAL_REPORT_UPLOAD.description },
      });
      const newId = fileIdOf(uploaded.id);
      // Without the new copy's id the older ones cannot be told from it: they stay.
      const { files } = newId === undefined ? { files: [] } : await deps.openHumans.getMember(accessToken);
      for (const file of files) {
        const id = fileIdOf(file.id);
        if (file.basename === FINAL_REPORT_UPLOAD.basename && id !== undefined && id !== newId) await deps.openHumans.deleteFile(accessToken, id);
      }
    } catch (err) {
      if (memberLeftOpenHumans(err)) return 'member-left';
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
