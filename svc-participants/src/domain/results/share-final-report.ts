import { createHash } from 'node:crypto';
import { ErrorCodes, FINAL_REPORT_UPLOAD, type ReportGeneratedData, type ReportGeneratedV2Data } from '@study/contracts';
import { normalizePgId } from '@study/personality';
import { AppError } from '@study/service-kit';
import type { ParticipantsDeps } from '../deps';
import { leaveStudy } from '../leave-study';
import { memberLeftOpenHumans, openHumansAccessToken } from '../open-humans-access';
import { recordFinalReport, type ResultOutcome } from './record-results';

/**
 * - shared: the report is on the member's Open Humans account, in place of the one before;
 * - stale: the event is not about the report the participant holds now (a newer one has its own event);
 * - not-linked: no live Open Humans authorization (withdrawn, or never linked);
 * - authorization-ended: the study holds no live authorization for the member (none stored, or erased meanwhile);
 * - member-left: Open Humans refused the member's own grant, which only leaving deletes: they are withdrawn (data kept);
 * - not-found: no such participant (erased);
 * - too-large: the PDF is over what the platform's plain upload takes (logged; the copy there before stays).
 */
export type ShareOutcome = 'shared' | 'stale' | 'not-linked' | 'authorization-ended' | 'member-left' | 'not-found' | 'too-large';

/**
 * The PDF in a reports.report.generated.v2 event is not the file the event names (its length or
 * its SHA-256 differ): it was cut or changed on the way. Nothing is uploaded; the event is
 * retried like any failure and parked on the dead-letter queue after the last attempt, to be seen.
 */
export class FinalReportPdfMismatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FinalReportPdfMismatchError';
  }
}

/** The PDF an event carries, once its length and SHA-256 are those the event names; else FinalReportPdfMismatchError. */
export function finalReportPdfOf(data: Pick<ReportGeneratedV2Data, 'pdf' | 'byteLength' | 'sha256'>): Buffer {
  const pdf = Buffer.from(data.pdf, 'base64');
  if (pdf.length !== data.byteLength) throw new FinalReportPdfMismatchError(`the final report PDF in the event is ${pdf.length} bytes, not the ${data.byteLength} it names`);
  const sha256 = createHash('sha256').update(pdf).digest('hex');
  if (sha256 !== data.sha256) throw new FinalReportPdfMismatchError(`the final report PDF in the event has the SHA-256 ${sha256}, not the ${data.sha256} it names`);
  return pdf;
}

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
 * reports.report.generated.v2: the report is recorded first, so the dashboard shows it whatever
 * becomes of the upload (a retry of the event finds the record unchanged), then its PDF, carried
 * by the event, goes to the participant's Open Humans account (shareFinalReport).
 */
export async function receiveFinalReport(deps: ParticipantsDeps, pgId: string, data: ReportGeneratedV2Data): Promise<ShareOutcome> {
  await recordFinalReport(deps, pgId, data);
  return shareFinalReport(deps, pgId, data);
}

/**
 * reports.report.generated.v1, which a svc-reports release older than v2 sent (still in the
 * queue during an upgrade): the report is recorded, and its PDF, which the event does not carry,
 * is not put on Open Humans (the study never asks svc-reports for it); the participant's next
 * report comes as v2 and is shared. Logged as a warning.
 */
export async function receiveFinalReportWithoutPdf(deps: ParticipantsDeps, pgId: string, data: ReportGeneratedData): Promise<ResultOutcome> {
  const outcome = await recordFinalReport(deps, pgId, data);
  deps.logger.warn(
    { pgId, outcome, scoreVersion: data.scoreVersion },
    'final report from reports.report.generated.v1, which carries no PDF: not put on the Open Humans account (the next report will be)',
  );
  return outcome;
}

/**
 * After the report was recorded: the final report PDF, as the event carries it (checked against
 * its length and SHA-256 first), goes to the participant's Open Humans account, replacing the one
 * there before: the new copy is uploaded first, then every other copy of that name is deleted by
 * its id, so a failure on the way never leaves the account without a report, and however often
 * an event is delivered the account ends with one copy. When the PDF does not match or Open
 * Humans fails, this throws: the event is retried with back-off and parked on the dead-letter
 * queue after the last attempt. The participant never waits for it: the dashboard and the
 * download work from the recorded report.
 */
export async function shareFinalReport(deps: ParticipantsDeps, pgId: string, data: ReportGeneratedV2Data): Promise<ShareOutcome> {
  const pdf = finalReportPdfOf(data);
  let memberId: string | undefined;
  const outcome = await deps.lock.run(finalReportShareLockKey(pgId), async (): Promise<ShareOutcome> => {
    const participant = await deps.participants.findById(pgId, { withMbti: false });
    if (!participant) return 'not-found';
    memberId = participant.openHumans?.memberId;
    const held = participant.finalReport;
    if (!held || held.scoreVersion !== data.scoreVersion || held.generatedAt !== data.generatedAt) return 'stale';
    if (!participant.openHumans?.authorized) return 'not-linked';

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
    const left = await leaveStudy(deps, { pgId, memberId, erase: false, initiatedBy: 'open-humans' });
    deps.logger.info({ pgId, left }, 'Open Humans refused the member\'s authorization: withdrawn, data kept');
  }
  deps.logger.info({ pgId, outcome, scoreVersion: data.scoreVersion }, 'final report for the Open Humans account');
  return outcome;
}
