import { createHash } from 'node:crypto';
import { events, reportGeneratedV2DataSchema, type ReportGeneratedV2Data, type ScoreClearedData, type ScoreFinalizedData } from '@study/contracts';
import type { ApplyOutcome } from '@study/document-writes';
import { eventOf } from '@study/event-bus';
import { replacesVersion, versionOrder } from '@study/versioned-writes';
import { pdfBytes, type FinalReportFile } from '../../data-access/final-report-files';
import type { ReportDocument } from '../../data-access/reports-collection';
import type { ReportsDeps } from '../deps';
import { finalReportView } from './final-report-view';

/**
 * Makes sure the final report PDF of the participant's current final score is stored, and
 * answers it (null when there is no final score, or it changed or went meanwhile). Each score
 * version is rendered and stored once: the file is keyed by pgId and version, so a second
 * delivery or a request racing the event finds it (or loses the insert) and stores nothing
 * new. Registering the file publishes reports.report.generated.v2, once per version, in the
 * same write: the event carries the PDF (base64, with its length and SHA-256), so the service
 * that puts it on the participant's Open Humans account never asks for it. `version` limits the
 * work to that score version (an event's).
 */
export async function ensureFinalReport(deps: ReportsDeps, pgId: string, version?: number, recorded?: ReportDocument['finalScore']): Promise<FinalReportFile | null> {
  // The score just recorded needs no second read (the registration below checks it is still current).
  const score = recorded ?? (await deps.reports.findFinalScore(pgId));
  if (!score || (version !== undefined && score.version !== version)) return null;

  // A version just recorded has no file yet (should one be there after all, the insert finds it).
  let file = recorded ? null : await deps.files.find(pgId, score.version);
  if (!file) {
    const generatedAt = deps.now();
    const pdf = await deps.renderFinalReport(finalReportView(pgId, score, generatedAt, deps.studyName));
    file = await deps.files.store({ pgId, version: score.version, pdf, createdAt: generatedAt });
    if (!file) return null;
  }

  const stored = file;
  const outcome = await deps.reports.change(pgId, (current) => {
    // A newer score, a clear or an erasure came meanwhile: this file belongs to nothing.
    if (current?.finalScore?.version !== stored.version) return 'stale';
    if (current.finalReport?.version === stored.version) return 'unchanged';
    const pdf = pdfBytes(stored);
    const data: ReportGeneratedV2Data = reportGeneratedV2DataSchema.parse({
      report: 'final',
      scoreVersion: stored.version,
      typeCode: current.finalScore.typeCode,
      contentType: stored.contentType,
      byteLength: pdf.length,
      generatedAt: stored.createdAt.toISOString(),
      pdf: pdf.toString('base64'),
      sha256: createHash('sha256').update(pdf).digest('hex'),
    });
    const finalReport = { version: stored.version, fileId: stored._id, byteLength: stored.byteLength, generatedAt: stored.createdAt };
    return {
      events: [eventOf(events.reportGeneratedV2, { source: deps.service, subject: pgId, data })],
      write: (document) => deps.reports.save(document, { set: { finalReport }, now: deps.now() }),
    };
  });
  if (outcome === 'stale' || outcome === 'erased') {
    await deps.files.remove(stored._id);
    return null;
  }
  if (outcome === 'stored') {
    // The first version has none older to remove.
    if (stored.version > 1) await deps.files.removeOlderThan(pgId, stored.version);
    deps.logger.info({ pgId, version: stored.version, byteLength: stored.byteLength }, 'final report stored');
  }
  return stored;
}

/**
 * scoring.score.finalized.v1: keeps the newest final score (by version; an older one arriving
 * late changes nothing) and renders its report.
 */
export async function recordFinalScore(deps: ReportsDeps, pgId: string, data: ScoreFinalizedData): Promise<ApplyOutcome> {
  let recorded: ReportDocument['finalScore'];
  const outcome = await deps.reports.change(pgId, (doc) => {
    const order = versionOrder(data.version, doc?.scoreVersion);
    // The same version again is the score held (a redelivery), unless that version was a clear.
    if (order === 'same') return doc?.finalScore?.version === data.version ? 'unchanged' : 'stale';
    if (order === 'older') return 'stale';
    const { version, typeCode, decidedBy, inputs } = data;
    const finalScore = { version, typeCode, decidedBy, inputs, computedAt: new Date(data.computedAt) };
    recorded = finalScore;
    return { write: (document) => deps.reports.save(document, { set: { finalScore, scoreVersion: version }, now: deps.now() }) };
  });
  deps.logger.info({ pgId, outcome, version: data.version }, 'final score recorded');
  // Also on 'unchanged': a redelivery after a crash between the two steps still gets its report.
  if (outcome === 'stored') await ensureFinalReport(deps, pgId, data.version, recorded);
  if (outcome === 'unchanged') await ensureFinalReport(deps, pgId, data.version);
  return outcome;
}

/** scoring.score.cleared.v1: the final score is gone (a reset), and with it the final report. */
export async function clearFinalScore(deps: ReportsDeps, pgId: string, data: ScoreClearedData): Promise<ApplyOutcome> {
  const outcome = await deps.reports.change(pgId, (doc) => {
    if (!replacesVersion(data.version, doc?.scoreVersion)) return 'stale';
    return { write: (document) => deps.reports.save(document, { set: { scoreVersion: data.version }, unset: ['finalScore', 'finalReport'], now: deps.now() }) };
  });
  if (outcome === 'stored') await deps.files.removeOlderThan(pgId, data.version);
  deps.logger.info({ pgId, outcome, version: data.version }, 'final score cleared');
  return outcome;
}
