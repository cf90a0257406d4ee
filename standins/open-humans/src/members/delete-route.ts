import express, { Router, type Response } from 'express';
import type { Grants } from '../oauth/grants';
import { requireMemberToken, type AuthenticatedLocals } from './access-token';
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
 * `{"ids": [...]}`, the ids deleted (none is not an error).
 */
export function deleteRoute(grants: Grants, members: Members): Router {
  const router = Router();

  router.post(DELETE_PATH, express.json(), express.urlencoded({ extended: false }), requireMemberToken(grants), (req, res: Response<unknown, AuthenticatedLocals>) => {
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
    const ids = members.deleteProjectFiles(res.locals.member, (file) =>
      isSet(fileId) ? file.id === Number(fileId) : isSet(basename) ? file.basename === basename : true,
    );
    res.json({ ids });
  });

  return router;
}
