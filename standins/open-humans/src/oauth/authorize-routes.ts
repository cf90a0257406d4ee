import express, { Router, type Response } from 'express';
import type { StandinConfig } from '../config';
import type { Members } from '../members/members';
import { MEMBER_ID_PATTERN } from '../members/members';
import { DATA_SOURCES, findSource } from '../members/sources';
import { AUTHORIZE_PATH, renderAuthorizePage, type AuthorizePageModel } from '../pages/authorize-page';
import { renderAuthorizeErrorPage } from '../pages/error-page';
import { PAGE_CSP } from '../pages/html';
import { checkAuthorizeRequest, checkCodeChallenge, redirectTarget, type AuthorizeRequest } from './authorize-request';
import type { Grants } from './grants';
import { many, single } from './params';

function sendHtml(res: Response, status: number, html: string): void {
  res.status(status).set({ 'Content-Security-Policy': PAGE_CSP, 'Cache-Control': 'no-store', 'X-Frame-Options': 'DENY' }).type('html').send(html);
}

/** The member-facing authorization page and the decision it posts. */
export function authorizeRoutes(config: StandinConfig, members: Members, grants: Grants): Router {
  const router = Router();

  const pageModel = (request: AuthorizeRequest, memberId: string, checked: Iterable<string>, error?: string): AuthorizePageModel => ({
    projectName: config.projectName,
    request,
    memberId,
    knownMembers: members.list().map((m) => ({ projectMemberId: m.projectMemberId, authorized: m.authorized })),
    sources: DATA_SOURCES,
    checkedSources: new Set(checked),
    error,
  });

  router.get(AUTHORIZE_PATH, (req, res) => {
    const check = checkAuthorizeRequest(req.query, config, 'query');
    if (!check.ok) return sendHtml(res, 400, renderAuthorizeErrorPage(check.reason));
    const pkce = checkCodeChallenge(check.request);
    if (!pkce.ok) {
      const { state } = check.request;
      return res.redirect(302, redirectTarget(config, { error: pkce.error, error_description: pkce.description, state }));
    }
    // A new member sharing 23andMe data is the common case; the tester can change both.
    sendHtml(res, 200, renderAuthorizePage(pageModel(check.request, members.newMemberId(), ['direct-sharing-128'])));
  });

  router.post(AUTHORIZE_PATH, express.urlencoded({ extended: false, limit: '16kb' }), (req, res) => {
    const form = (req.body ?? {}) as Record<string, unknown>;
    const check = checkAuthorizeRequest(form, config, 'form');
    if (!check.ok) return sendHtml(res, 400, renderAuthorizeErrorPage(check.reason));
    const { state } = check.request;
    const decision = single(form.decision);

    if (decision === 'cancel') return res.redirect(302, redirectTarget(config, { error: 'access_denied', state }));
    if (decision !== 'authorize') return sendHtml(res, 400, renderAuthorizeErrorPage('Choose "Authorize project" or "Cancel".'));

    const memberId = (single(form.member) ?? '').trim();
    const sources = many(form.sources);
    const unknown = sources.filter((s) => !findSource(s));
    const problem = !MEMBER_ID_PATTERN.test(memberId)
      ? 'Member must be an 8-digit project member ID.'
      : unknown.length > 0
        ? `Unknown data source: ${unknown.join(', ')}.`
        : undefined;
    if (problem) return sendHtml(res, 400, renderAuthorizePage(pageModel(check.request, memberId, sources, problem)));

    // oauthlib validates the request again on approval (DOT passes the posted fields to it), so a
    // bad method redirects here too; a cancel never gets this far.
    const pkce = checkCodeChallenge(check.request);
    if (!pkce.ok) return res.redirect(302, redirectTarget(config, { error: pkce.error, error_description: pkce.description, state }));

    members.authorize(memberId, sources);
    const code = grants.issueCode(memberId, check.request.redirectUri ?? null, pkce.challenge);
    res.redirect(302, redirectTarget(config, { code, state }));
  });

  return router;
}
