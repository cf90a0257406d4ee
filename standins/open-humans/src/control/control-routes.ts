import express, { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import type { StandinConfig } from '../config';
import { baseUrlOf } from '../members/base-url';
import type { ProjectLeaving } from '../members/leave-project';
import { MEMBER_ID_PATTERN, toApiFile, type Members } from '../members/members';
import { findSource } from '../members/sources';
import type { Grants } from '../oauth/grants';
import type { StoredMember } from '../state/store';

/**
 * Test controls, not part of the platform's protocol: they let tests and testers do what a member
 * would do on the real site (leave the project, change their files) and break tokens on purpose.
 * Everything lives under /_standin so it cannot be mistaken for the platform's API.
 */
export const CONTROL_PREFIX = '/_standin';

const sourceLabel = z.string().regex(/^direct-sharing-\d{1,9}$/, 'a source label such as direct-sharing-128');

const setFilesBody = z.object({
  files: z
    .array(
      z.object({
        source: sourceLabel,
        basename: z.string().min(1).max(200).regex(/^[^/\\]+$/, 'a file name without slashes').optional(),
        datatypes: z.array(z.string()).optional(),
        tags: z.array(z.string()).optional(),
        description: z.string().max(100).optional(),
        content: z.string().optional(),
        content_type: z.string().min(1).optional(),
      }),
    )
    .max(1000),
  sources_shared: z.array(sourceLabel).optional(),
});

const deauthorizeBody = z.object({ erasure_requested: z.boolean().default(false) });
const revokeBody = z.object({ refresh_token: z.boolean().default(false) });

function badRequest(res: Response, error: z.ZodError): void {
  res.status(400).json({ error: 'Invalid request body.', issues: error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`) });
}

export function controlRoutes(config: StandinConfig, members: Members, grants: Grants, leaving: ProjectLeaving): Router {
  const router = Router();
  router.use(CONTROL_PREFIX, express.json({ limit: '30mb' }));

  const memberView = (req: Request, member: StoredMember) => ({
    project_member_id: member.projectMemberId,
    username: member.username,
    created: member.created,
    authorized: member.authorized,
    sources_shared: member.sourcesShared,
    live_access_tokens: grants.liveAccessTokenCount(member.projectMemberId),
    files: member.files.map((f) => toApiFile(f, baseUrlOf(req, config))),
  });

  const findMember = (req: Request, res: Response): StoredMember | undefined => {
    const id = String(req.params.memberId);
    const member = MEMBER_ID_PATTERN.test(id) ? members.get(id) : undefined;
    if (!member) res.status(404).json({ error: `No member with project_member_id "${id}". Members are created by authorizing the project.` });
    return member;
  };

  router.get(`${CONTROL_PREFIX}/members`, (req, res) => {
    res.json({ members: members.list().map((m) => memberView(req, m)) });
  });

  router.post(`${CONTROL_PREFIX}/members/:memberId/files`, (req, res) => {
    const member = findMember(req, res);
    if (!member) return;
    const parsed = setFilesBody.safeParse(req.body ?? {});
    if (!parsed.success) return badRequest(res, parsed.error);
    const files = parsed.data.files.map((f) => {
      const sample = findSource(f.source)?.sampleFile;
      return {
        source: f.source,
        basename: f.basename ?? sample?.basename ?? 'data.txt',
        datatypes: f.datatypes ?? sample?.datatypes ?? [],
        tags: f.tags ?? sample?.tags ?? [],
        description: f.description ?? sample?.description ?? '',
        contentType: f.content_type ?? 'text/plain',
        content: Buffer.from(f.content ?? `# File set through the Open Humans stand-in test controls (${f.source}).\n`),
      };
    });
    members.replaceFiles(member, files, parsed.data.sources_shared);
    res.json(memberView(req, member));
  });

  router.post(`${CONTROL_PREFIX}/members/:memberId/deauthorize`, async (req, res) => {
    const member = findMember(req, res);
    if (!member) return;
    const parsed = deauthorizeBody.safeParse(req.body ?? {});
    if (!parsed.success) return badRequest(res, parsed.error);
    if (!member.authorized) {
      res.status(409).json({ error: `Member ${member.projectMemberId} has already left the project.` });
      return;
    }
    const { erasure_requested: erasureRequested } = parsed.data;
    const outcome = await leaving.leave(member, erasureRequested);
    const result = { project_member_id: member.projectMemberId, erasure_requested: erasureRequested, tokens_deleted: outcome.tokensDeleted };
    const { webhook } = outcome;
    if (!webhook) {
      if (outcome.failure) {
        // The timestamp bug: the platform raised before calling the webhook; the member saw its 500 page.
        res.status(500).json({ ...result, error: `The platform failed after the member left: ${outcome.failure}`, webhook: null });
        return;
      }
      res.json({ ...result, webhook: null });
      return;
    }
    if (!webhook.delivered) {
      res.status(502).json({ ...result, error: `Webhook delivery failed: ${webhook.error}`, webhook: { url: webhook.url, error: webhook.error, attempts: webhook.attempts } });
      return;
    }
    res.json({ ...result, webhook: { url: webhook.url, status: webhook.status, body: webhook.body, attempts: webhook.attempts } });
  });

  router.post(`${CONTROL_PREFIX}/tokens/:accessToken/revoke`, (req, res) => {
    const parsed = revokeBody.safeParse(req.body ?? {});
    if (!parsed.success) return badRequest(res, parsed.error);
    const token = String(req.params.accessToken);
    if (!grants.revokeAccessToken(token, parsed.data.refresh_token)) {
      res.status(404).json({ error: 'No such access token (it may have been refreshed, revoked or never issued).' });
      return;
    }
    res.json({ revoked: true, refresh_token_revoked: parsed.data.refresh_token });
  });

  return router;
}
