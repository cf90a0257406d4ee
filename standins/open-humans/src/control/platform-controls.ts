import express, { Router, type Response } from 'express';
import { z } from 'zod';
import type { LeaveSettings } from '../members/leave-project';
import type { MasterToken } from '../project/master-token';
import type { WebhookLog } from '../webhooks/deauth-webhook';
import { CONTROL_PREFIX } from './control-routes';

const switchBody = z.object({ enabled: z.boolean() });

function badRequest(res: Response, error: z.ZodError): void {
  res.status(400).json({ error: 'Invalid request body.', issues: error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`) });
}

/**
 * Test controls for what the project coordinator or the platform's admins do on the real site:
 * the master token's lifetime (the coordinator page's "Refresh token" button), and the
 * deauthorization webhook's calls and the platform bug that can stop them.
 */
export function platformControls(masterToken: MasterToken, webhooks: WebhookLog, leaveSettings: LeaveSettings): Router {
  const router = Router();

  router.get(`${CONTROL_PREFIX}/master-token`, (_req, res) => {
    res.json(masterToken.view());
  });

  router.post(`${CONTROL_PREFIX}/master-token/expire`, (_req, res) => {
    if (!masterToken.view().configured) {
      res.status(409).json({ error: 'There is no master token: set MASTER_ACCESS_TOKEN or regenerate one.' });
      return;
    }
    if (!masterToken.expireNow()) {
      res.status(409).json({ error: 'Master token expiry is turned off (MASTER_TOKEN_TTL_SECONDS=0), so the platform ignores its expiry date.' });
      return;
    }
    res.json(masterToken.view());
  });

  router.post(`${CONTROL_PREFIX}/master-token/regenerate`, (_req, res) => {
    const token = masterToken.regenerate();
    res.json({ master_access_token: token, ...masterToken.view() });
  });

  router.get(`${CONTROL_PREFIX}/webhooks`, (_req, res) => {
    res.json({ timestamp_bug: leaveSettings.timestampBug, attempts: webhooks.all() });
  });

  router.post(`${CONTROL_PREFIX}/webhooks/timestamp-bug`, express.json(), (req, res) => {
    const parsed = switchBody.safeParse(req.body ?? {});
    if (!parsed.success) return badRequest(res, parsed.error);
    leaveSettings.timestampBug = parsed.data.enabled;
    res.json({ timestamp_bug: leaveSettings.timestampBug });
  });

  return router;
}
