import express, { Router } from 'express';
import type { Grants } from '../oauth/grants';
import { MEMBER_ID_PATTERN, type Members } from '../members/members';
import { requireMasterToken } from './master-token';

export const REMOVE_MEMBERS_PATH = '/api/direct-sharing/project/remove-members/';
export const PROJECT_MEMBERS_PATH = '/api/direct-sharing/project/members/';

/** `project_member_ids` as JSON (a list) or as a form (repeated fields, or one comma-separated). */
function memberIdsOf(body: unknown): string[] | undefined {
  const raw = (body as { project_member_ids?: unknown } | undefined)?.project_member_ids;
  if (Array.isArray(raw)) return raw.every((id) => typeof id === 'string') ? (raw as string[]) : undefined;
  if (typeof raw === 'string') return raw.split(',').map((id) => id.trim()).filter((id) => id !== '');
  return undefined;
}

/**
 * The project's own calls with its master access token: remove members from the project (their
 * authorization and tokens end; the project is not sent the deauthorization webhook: it asked
 * for the removal itself), and list the members who are in the project now.
 */
export function projectMemberRoutes(masterToken: string | undefined, grants: Grants, members: Members): Router {
  const router = Router();
  const master = requireMasterToken(masterToken);

  router.post(REMOVE_MEMBERS_PATH, express.json(), express.urlencoded({ extended: false }), master, (req, res) => {
    const ids = memberIdsOf(req.body);
    if (!ids || ids.length === 0) {
      res.status(400).json({ errors: { __all__: ['You must provide a list of project member IDs.'] } });
      return;
    }
    const invalid = ids.filter((id) => !MEMBER_ID_PATTERN.test(id) || !members.get(id));
    if (invalid.length > 0) {
      res.status(400).json({ errors: { project_member_ids: [`Project member IDs not in this project: ${JSON.stringify(invalid)}`] } });
      return;
    }
    for (const id of ids) {
      grants.revokeMember(id);
      members.deauthorize(members.get(id)!);
    }
    res.json('success');
  });

  router.get(PROJECT_MEMBERS_PATH, master, (_req, res) => {
    const inProject = members.list().filter((m) => m.authorized);
    res.json({
      count: inProject.length,
      next: null,
      previous: null,
      results: inProject.map((m) => ({ project_member_id: m.projectMemberId, created: m.created, sources_shared: m.sourcesShared })),
    });
  });

  return router;
}
