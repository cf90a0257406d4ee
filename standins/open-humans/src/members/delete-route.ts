import express, { Router, type Response } from 'express';
import { formMemberId, INVALID_FORM_MEMBER, projectApiAuth, type ProjectApiDeps, type ProjectApiLocals } from '../project/api-auth';
import { sendServerErrorPage } from '../pages/server-error-page';
import { charField, formDataOf, PlatformCrash } from '../project/project-members-form';
import type { Members } from './members';

export const DELETE_PATH = '/api/direct-sharing/project/files/delete/';

function field(body: unknown, name: string): unknown {
  return (body as Record<string, unknown> | undefined)?.[name];
}

function isSet(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '' && value !== false && value !== 'false';
}

/**
 * A project deletes files it uploaded to the member behind the access token: one of `file_id`,
 * `file_basename` or `all_files` (form or JSON). Only the project's own uploads can go. Answers
 * `{"ids": [...]}`, the ids deleted (none is not an error). With the master token, the form's
 * `project_member_id` names the member, who must be in the project.
 */
export function deleteRoute(deps: ProjectApiDeps, members: Members): Router {
  const router = Router();

  router.post(DELETE_PATH, express.json(), express.urlencoded({ extended: false }), projectApiAuth(deps, 'oauth2-then-master'), (req, res: Response<unknown, ProjectApiLocals>) => {
    let data: Record<string, unknown>;
    try {
      data = formDataOf(req);
    } catch (err) {
      if (!(err instanceof PlatformCrash)) throw err;
      sendServerErrorPage(res);
      return;
    }
    const memberId = formMemberId(res.locals.caller, charField(data.project_member_id));
    if (memberId === '') {
      res.status(400).json({ project_member_id: ['This field is required.'] });
      return;
    }
    const member = members.get(memberId);
    if (!member?.authorized) {
      res.status(400).json(INVALID_FORM_MEMBER);
      return;
    }
    const fileId = field(req.body, 'file_id');
    const basename = field(req.body, 'file_basename');
    const allFiles = field(req.body, 'all_files');
    const given = [fileId, basename, allFiles].filter(isSet).length;
    if (given === 0) {
      res.status(400).json({ missing_field: 'one of file_id, file_basename, or all_files is required' });
      return;
    }
    if (given > 1) {
      res.status(400).json({ too_many: 'one of file_id, file_basename, or all_files is required' });
      return;
    }
    if (isSet(fileId) && !/^\d+$/.test(String(fileId))) {
      res.status(400).json({ file_id: ['Enter a whole number.'] });
      return;
    }
    if (isSet(basename) && typeof basename !== 'string') {
      res.status(400).json({ file_basename: ['Enter a file name.'] });
      return;
    }
    const ids = members.deleteProjectFiles(member, (file) =>
      isSet(fileId) ? file.id === Number(fileId) : isSet(basename) ? file.basename === basename : true,
    );
    res.json({ ids });
  });

  return router;
}
