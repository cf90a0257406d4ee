import { Router, type Request, type Response } from 'express';
import type { StandinConfig } from '../config';
import type { Grants } from '../oauth/grants';
import { single } from '../oauth/params';
import { requireMemberToken, type AuthenticatedLocals } from './access-token';
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

/** The member behind an OAuth2 access token, with the files the project may see, paged by limit/offset. */
export function exchangeMemberRoute(config: StandinConfig, grants: Grants, members: Members): Router {
  const router = Router();

  router.get(EXCHANGE_MEMBER_PATH, requireMemberToken(grants), (req, res: Response<unknown, AuthenticatedLocals>) => {
    const { member } = res.locals;
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
