import { AuditActions, events, mbtiUploadedDataSchema, type MbtiScores, type MbtiUploadResponse } from '@study/contracts';
import { eventOf } from '@study/event-bus';
import { runHoldingAll } from '@study/keyed-lock';
import { normalizePgId } from '@study/personality';
import { addCounts, NO_WRITES, UPDATES_PER_COMMAND } from '../../data-access/bulk-batches';
import { mbtiScoresLockKey } from '../../data-access/participant-documents';
import { sameScores, scoresOf, type NewMbtiResult } from '../../data-access/mbti-scores-repository';
import { recordAudit } from '../audit/record-audit';
import type { AdminDeps } from './deps';

/** One upload at a time: each decides from what is stored, so two at once could miss a change. */
export const MBTI_UPLOAD_LOCK_KEY = 'mbti-scores:upload';

/**
 * POST /api/user/mbti (admin key already checked): stores the official MBTI scores of the
 * participants in the upload, compared with the admin rows (one scan) and written to them too. A result that is new or changed gets one
 * participants.mbti.uploaded.v1 event (so scoring recomputes the final score), stored in the
 * same document write as the result; the result sets the participant's dataReady. New results
 * go in one bulk write of inserts, changed ones in bulk writes of updates under their documents'
 * locks; unchanged ones are counted as matched and not written again, so the same file twice
 * changes nothing and publishes nothing. Study IDs of nobody in the study are answered back,
 * never stored. The upload is recorded in the audit trail with its counts once decided and
 * before anything is written: when the trail cannot be written, nothing is (503).
 */
export async function uploadMbtiScores(deps: AdminDeps, rows: Readonly<Record<string, MbtiScores>>): Promise<MbtiUploadResponse> {
  // Study IDs compare in lower case; the same ID twice in any case: the later row wins.
  const upload = new Map<string, MbtiScores>();
  for (const [pgId, scores] of Object.entries(rows)) upload.set(normalizePgId(pgId), scoresOf(scores));

  return deps.lock.run(MBTI_UPLOAD_LOCK_KEY, () =>
    deps.rows.whileCurrent(async () => {
      const now = deps.now();
      // Who is in the study and what their stored result is, from the admin rows (kept current).
      const stored = await deps.rows.scoresByParticipant();
      const result = (pgId: string, scores: MbtiScores): NewMbtiResult => ({
        pgId,
        scores,
        event: eventOf(events.mbtiUploaded, { source: deps.service, subject: pgId, data: mbtiUploadedDataSchema.parse(scores), time: now }),
      });

      const unknownPgIds: string[] = [];
      const added: NewMbtiResult[] = [];
      const changed: NewMbtiResult[] = [];
      let unchanged = 0;
      for (const [pgId, scores] of upload) {
        const held = stored.get(pgId);
        if (!stored.has(pgId)) unknownPgIds.push(pgId);
        else if (!held) added.push(result(pgId, scores));
        else if (sameScores(held, scores)) unchanged += 1;
        else changed.push(result(pgId, scores));
      }

      await recordAudit(deps, {
        action: AuditActions.mbtiUploaded,
        actor: 'admin',
        at: now,
        details: { rows: upload.size, added: added.length, changed: changed.length, unchanged, unknown: unknownPgIds.length },
      });

      const counts = await deps.rows.storingMbti([...added, ...changed], now, async () => {
        let written = addCounts(NO_WRITES, { insertedCount: 0, matchedCount: unchanged, modifiedCount: 0, deletedCount: 0, upsertedCount: 0 });
        written = addCounts(written, await deps.mbtiScores.insertResults(added, now));
        for (let start = 0; start < changed.length; start += UPDATES_PER_COMMAND) {
          const batch = changed.slice(start, start + UPDATES_PER_COMMAND);
          const keys = batch.map(({ pgId }) => mbtiScoresLockKey(pgId));
          written = addCounts(written, await runHoldingAll(deps.lock, keys, () => deps.mbtiScores.updateResults(batch, now)));
        }
        return written;
      });
      const updatedParticipants = counts.insertedCount + counts.modifiedCount;
      if (updatedParticipants > 0) deps.nudgeOutbox();

      deps.logger.info({ rows: upload.size, added: added.length, changed: changed.length, unchanged, unknown: unknownPgIds.length, ...counts }, 'MBTI scores uploaded');
      return { ...counts, unknownPgIds, updatedParticipants };
    }),
  );
}
