import express, { Router, type Request, type Response } from 'express';
import type { StandinConfig } from '../config';
import { baseUrlOf } from '../members/base-url';
import { EXCHANGE_MEMBER_PATH } from '../members/exchange-member-route';
import type { ProjectLeaving } from '../members/leave-project';
import { toApiFile, type Members } from '../members/members';
import { sendServerErrorPage } from '../pages/server-error-page';
import type { StoredMember } from '../state/store';
import { projectApiAuth, queryAccessToken, type ProjectApiDeps, type ProjectApiLocals } from './api-auth';
import { cleanProjectMemberIds, formDataOf, PlatformCrash, pyTruthy } from './project-members-form';

export const REMOVE_MEMBERS_PATH = '/api/direct-sharing/project/remove-members/';
export const PROJECT_MEMBERS_PATH = '/api/direct-sharing/project/members/';
/** ProjectMemberDataSerializer.get_data: the first ten files of each member. */
const FILES_PER_LISTED_MEMBER = 10;

/** DRF's _positive_int: Python's int() of the text, not negative (nor zero when strict). */
function positiveInt(value: unknown, strict: boolean): number | undefined {
  if (typeof value !== 'string' || !/^\s*[+-]?\d+\s*$/.test(value)) return undefined;
  const n = Number(value.trim());
  return n < 0 || (n === 0 && strict) || !Number.isSafeInteger(n) ? undefined : n;
}

/** DRF's replace_query_param / remove_query_param: the request's absolute URL with its query rebuilt, keys sorted. */
function pageLink(req: Request, config: StandinConfig, changes: Record<string, string | null>): string {
  const url = new URL(`${baseUrlOf(req, config)}${req.originalUrl}`);
  const params = new Map<string, string[]>();
  for (const [key, value] of url.searchParams) params.set(key, [...(params.get(key) ?? []), value]);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, [value]);
  }
  const query = new URLSearchParams();
  for (const key of [...params.keys()].sort()) for (const value of params.get(key)!) query.append(key, value);
  url.search = query.toString();
  return url.toString();
}

/**
 * The project's calls about its members:
 *
 * - remove-members (ProjectRemoveMemberView): master token, or a member's own OAuth2 token, which
 *   can only remove that member. The ids are checked as BaseProjectMembersForm does (all or
 *   none). Each member then leaves as on the platform, one after the other while the call waits:
 *   tokens deleted, then the project's deauthorization webhook called. Should the platform fail
 *   there (the timestamp bug, an unreachable webhook), the call answers its 500 page, with that
 *   member already removed and the members after them not.
 * - members (ProjectMemberDataView): master token only; the active members, paged by
 *   limit/offset as DRF's LimitOffsetPagination does with the platform's settings.
 */
export function projectMemberRoutes(config: StandinConfig, deps: ProjectApiDeps, members: Members, leaving: ProjectLeaving): Router {
  const router = Router();

  router.post(
    REMOVE_MEMBERS_PATH,
    express.json(),
    express.urlencoded({ extended: false }),
    projectApiAuth(deps, 'oauth2-then-master'),
    async (req, res: Response<unknown, ProjectApiLocals>) => {
      let toRemove: StoredMember[];
      try {
        const data = formDataOf(req);
        // ProjMemberFormAPIMixin: a member's own token acts on that member only.
        const { caller } = res.locals;
        if (caller.kind === 'member') {
          data.all_members = false;
          data.project_member_ids = [caller.member.projectMemberId];
        }
        const errors: Record<string, string[]> = {};
        const ids = cleanProjectMemberIds(data, members);
        if (!ids.ok) errors.project_member_ids = [ids.error];
        // RemoveProjectMembersForm.clean reads the raw value.
        if (!pyTruthy(data.project_member_ids)) errors.__all__ = ['You must provide a list of project member IDs.'];
        if (!ids.ok || Object.keys(errors).length > 0) {
          res.status(400).json({ errors });
          return;
        }
        toRemove = ids.members;
      } catch (err) {
        if (!(err instanceof PlatformCrash)) throw err;
        sendServerErrorPage(res);
        return;
      }
      for (const member of toRemove) {
        const outcome = await leaving.leave(member, false);
        if (outcome.failure) {
          sendServerErrorPage(res);
          return;
        }
      }
      res.json('success');
    },
  );

  router.get(PROJECT_MEMBERS_PATH, projectApiAuth(deps, 'master-only'), (req, res) => {
    const query = req.query as Record<string, unknown>;
    // The view's own max_limit/default_limit are never read (DRF takes them from the paginator
    // class), so it pages by the PAGE_SIZE setting and has no upper limit.
    const limit = positiveInt(query.limit, true) ?? config.pageSize;
    const offset = positiveInt(query.offset, false) ?? 0;
    const active = members.active();
    const count = active.length;
    const page = count === 0 || offset > count ? [] : active.slice(offset, offset + limit);
    // ProjectMemberDataSerializer.get_exchange_member reads request.GET["access_token"]: with the
    // token in a header only, serializing any member raises KeyError.
    const accessToken = queryAccessToken(req);
    if (page.length > 0 && accessToken === undefined) {
      sendServerErrorPage(res);
      return;
    }
    const baseUrl = baseUrlOf(req, config);
    res.set('Cache-Control', 'no-store');
    res.json({
      count,
      next: offset + limit >= count ? null : pageLink(req, config, { limit: String(limit), offset: String(offset + limit) }),
      previous: offset <= 0 ? null : pageLink(req, config, { limit: String(limit), offset: offset - limit <= 0 ? null : String(offset - limit) }),
      results: page.map((m) => {
        const files = members.visibleFiles(m);
        return {
          created: m.created,
          project_member_id: m.projectMemberId,
          file_count: files.length,
          exchange_member: `${baseUrl}${EXCHANGE_MEMBER_PATH}?project_member_id=${m.projectMemberId}&access_token=${accessToken}`,
          sources_shared: m.sourcesShared,
          username: m.username,
          data: files.slice(0, FILES_PER_LISTED_MEMBER).map((f) => toApiFile(f, baseUrl)),
        };
      }),
    });
  });

  return router;
}
