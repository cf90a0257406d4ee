import { Router, type Request, type Response } from 'express';
import type { StandinConfig } from '../config';
import { last, single } from '../oauth/params';
import { sendServerErrorPage } from '../pages/server-error-page';
import { projectApiAuth, type ProjectApiDeps, type ProjectApiLocals } from '../project/api-auth';
import type { StoredMember } from '../state/store';
import { baseUrlOf } from './base-url';
import { toApiFile, type Members } from './members';

export const EXCHANGE_MEMBER_PATH = '/api/direct-sharing/project/exchange-member/';
const MAX_LIMIT = 200;

function nonNegativeInt(value: unknown): number | undefined {
  const s = single(value);
  return s !== undefined && /^\d{1,9}$/.test(s) ? Number(s) : undefined;
}

/** The request's own URL with limit and offset replaced (offset dropped when 0), as limit/offset paging links are built. */
function pageUrl(req: Request, config: StandinConfig, limit: number, offset: number): string {
  const url = new URL(`${baseUrlOf(req, config)}${EXCHANGE_MEMBER_PATH}`);
  for (const [key, value] of Object.entries(req.query)) {
    const v = single(value);
    if (v !== undefined && key !== 'limit' && key !== 'offset') url.searchParams.set(key, v);
  }
  url.searchParams.set('limit', String(limit));
  if (offset > 0) url.searchParams.set('offset', String(offset));
  return url.toString();
}

/**
 * The member behind an OAuth2 access token, with the files the project may see, paged by
 * limit/offset. With the master token, the member named by `project_member_id` (as the member
 * list's `exchange_member` links do), also one who has left; without that parameter the
 * platform's view fails on an unset variable and answers its 500 page.
 */
export function exchangeMemberRoute(config: StandinConfig, deps: ProjectApiDeps, members: Members): Router {
  const router = Router();

  router.get(EXCHANGE_MEMBER_PATH, projectApiAuth(deps, 'oauth2-then-master'), (req, res: Response<unknown, ProjectApiLocals>) => {
    const { caller } = res.locals;
    let member: StoredMember;
    if (caller.kind === 'member') member = caller.member;
    else {
      const id = last((req.query as Record<string, unknown>).project_member_id);
      if (!id) {
        sendServerErrorPage(res);
        return;
      }
      const named = members.get(id);
      if (!named) {
        res.status(400).json({ project_member_id: 'project_member_id is invalid' });
        return;
      }
      member = named;
    }
    const requestedLimit = nonNegativeInt(req.query.limit);
    const limit = requestedLimit && requestedLimit > 0 ? Math.min(requestedLimit, MAX_LIMIT) : config.pageSize;
    const offset = nonNegativeInt(req.query.offset) ?? 0;
    const files = members.visibleFiles(member);
    const baseUrl = baseUrlOf(req, config);
    res.set('Cache-Control', 'no-store');
    res.json({
      count: files.length,
      next: offset + limit < files.length ? pageUrl(req, config, limit, offset + limit) : null,
      previous: offset > 0 ? pageUrl(req, config, limit, Math.max(offset - limit, 0)) : null,
      created: member.created,
      project_member_id: member.projectMemberId,
      sources_shared: member.sourcesShared,
      username: member.username,
      data: files.slice(offset, offset + limit).map((f) => toApiFile(f, baseUrl)),
    });
  });

  return router;
}
