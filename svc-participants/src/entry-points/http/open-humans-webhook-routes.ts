import { createHash } from 'node:crypto';
import type { Express, Request } from 'express';
import {
  DEAUTHORIZE_NOTICE_MAX_AGE_SECONDS,
  DEAUTHORIZE_NOTICE_MAX_SKEW_SECONDS,
  ErrorCodes,
  OPEN_HUMANS_SIGNATURE_HEADER,
  type DeauthorizeResponse,
  routes,
} from '@study/contracts';
import { AppError, requireHmacSignature, mount } from '@study/service-kit';
import type { SpentTokens } from '../../data-access/admin-limits';
import type { ParticipantsDeps } from '../../domain/deps';
import { handleDeauthorization } from '../../domain/handle-deauthorization';

/** An ISO 8601 time with seconds and its UTC offset, as the platform writes it (Python's isoformat). */
const ISO_TIME_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;
const MAX_AGE_MS = DEAUTHORIZE_NOTICE_MAX_AGE_SECONDS * 1000;
const MAX_SKEW_MS = DEAUTHORIZE_NOTICE_MAX_SKEW_SECONDS * 1000;
/** A notice is remembered for longer than it stays fresh, so a replay meets one check or the other. */
const REMEMBER_MS = MAX_AGE_MS + 2 * MAX_SKEW_MS;

/**
 * POST /api/openhumans/deauthorize: Open Humans tells the study a member left the project. Only
 * a signed, fresh notice not seen before is acted on; each check comes before anything about the
 * member is looked at, so a refused caller learns nothing of who is in the study.
 */
export function mountOpenHumansWebhookRoutes(app: Express, deps: (req: Request) => ParticipantsDeps, options: { webhookSecret: string; seenNotices: SpentTokens }): void {
  mount(app, routes.openHumansDeauthorized, requireHmacSignature('sha1', OPEN_HUMANS_SIGNATURE_HEADER, options.webhookSecret), async (req, res, body) => {
    const notice = body;
    const sentAt = ISO_TIME_WITH_OFFSET.test(notice.timestamp) ? Date.parse(notice.timestamp) : NaN;
    if (Number.isNaN(sentAt)) {
      throw new AppError(400, ErrorCodes.VALIDATION_FAILED, 'timestamp: must be an ISO 8601 time with its UTC offset, e.g. 2026-11-26T09:00:00.000000+00:00');
    }
    const participantsDeps = deps(req);
    const now = participantsDeps.now().getTime();
    if (now - sentAt > MAX_AGE_MS || sentAt - now > MAX_SKEW_MS) {
      throw new AppError(401, ErrorCodes.WEBHOOK_NOTICE_STALE, `The notice's timestamp is more than ${DEAUTHORIZE_NOTICE_MAX_AGE_SECONDS / 60} minutes old or ahead of the study's clock: it is refused as a replay.`);
    }
    // Seen notices are kept by the SHA-256 of their exact body.
    const noticeId = createHash('sha256').update(req.rawBody ?? '').digest('hex');
    if (!(await options.seenNotices.spend(noticeId, REMEMBER_MS))) {
      throw new AppError(409, ErrorCodes.WEBHOOK_NOTICE_REPLAYED, 'This notice was received before: it is refused as a replay.');
    }
    try {
      // What was done is logged there; the answer is the same either way.
      await handleDeauthorization(participantsDeps, notice);
    } catch (err) {
      // Not acted on: a resend of the same notice may be handled.
      await options.seenNotices.unspend(noticeId).catch((forgetErr: unknown) => req.log.warn({ err: forgetErr }, 'could not forget a notice whose handling failed'));
      throw err;
    }
    const answer: DeauthorizeResponse = { received: true };
    res.json(answer);
  });
}
