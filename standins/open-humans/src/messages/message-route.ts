import { timingSafeEqual, createHash } from 'node:crypto';
import express, { Router, type Request, type Response } from 'express';
import { accessTokenOf } from '../members/access-token';
import type { Members } from '../members/members';
import type { ProjectMessages } from './project-messages';

export const MESSAGE_PATH = '/api/direct-sharing/project/message/';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

function isMasterToken(given: string, masterToken: string | undefined): boolean {
  return masterToken !== undefined && timingSafeEqual(digest(given), digest(masterToken));
}

/** A form field as the platform's form reads it: JSON or form-encoded, a list or a comma-separated string. */
function memberIdsOf(raw: unknown): string[] {
  const text = Array.isArray(raw) ? raw.map(String).join(',') : typeof raw === 'string' ? raw : '';
  return text.split(/[ ,\r\n]+/).filter((id) => id !== '');
}

function isTrue(value: unknown): boolean {
  return value === true || value === 'true' || value === 'True' || value === 'on' || value === '1';
}

/**
 * The project message call, as the platform has it: authenticated with the project's master
 * access token (query or Bearer), form fields `subject` (optional), `message` (required; the
 * platform replaces {{ PROJECT_MEMBER_ID }} in it for each member) and either `all_members` or
 * `project_member_ids` (each must be an active member of the project). Answers `200 "success"`,
 * or `400 {"errors": {field: [messages]}}` and nothing is sent. A member's own OAuth2 token may
 * message only that member.
 */
export function messageRoute(masterAccessToken: string | undefined, members: Members, messages: ProjectMessages, authenticateMember: (token: string) => string | undefined): Router {
  const router = Router();
  router.post(MESSAGE_PATH, express.json({ limit: '1mb' }), express.urlencoded({ extended: false, limit: '1mb' }), (req: Request, res: Response) => {
    const token = accessTokenOf(req);
    if (!token) {
      res.status(401).json({ detail: 'Authentication credentials were not provided.' });
      return;
    }
    const master = isMasterToken(token, masterAccessToken);
    const ownMember = master ? undefined : authenticateMember(token);
    if (!master && !ownMember) {
      res.status(401).json({ detail: 'Invalid token.' });
      return;
    }
    const body = (req.body ?? {}) as Record<string, unknown>;
    const errors: Record<string, string[]> = {};
    const message = typeof body.message === 'string' ? body.message : '';
    if (message.trim() === '') errors.message = ['This field is required.'];
    const subject = typeof body.subject === 'string' ? body.subject : '';
    const allMembers = ownMember ? false : isTrue(body.all_members);
    let ids = ownMember ? [ownMember] : memberIdsOf(body.project_member_ids);
    if (!allMembers && ids.length === 0) errors.__all__ = ['You must specify either all members or provide a list of IDs.'];
    else if (allMembers && ids.length > 0) errors.__all__ = ['You must specify either all members or provide a list of IDs but not both.'];
    if (ids.some((id) => !/^\d{8}$/.test(id))) errors.project_member_ids = ['Project member IDs are always 8 digits long.'];
    else {
      const invalid = ids.filter((id) => members.get(id)?.authorized !== true);
      if (invalid.length > 0) errors.project_member_ids = [`Invalid project member ID(s): ${invalid.join(', ')}`];
    }
    if (Object.keys(errors).length > 0) {
      res.status(400).json({ errors });
      return;
    }
    if (allMembers) ids = members.list().filter((m) => m.authorized).map((m) => m.projectMemberId);
    messages.deliver([...new Set(ids)], subject, message);
    res.json('success');
  });
  return router;
}
