import { Router } from 'express';
import { single } from '../oauth/params';
import type { Members } from './members';

/** Serves a file's bytes at its `download_url` (the key in the URL stands in for a signed storage URL). */
export function downloadRoute(members: Members): Router {
  const router = Router();

  router.get('/data-files/:fileId/:basename', (req, res) => {
    const fileId = /^\d{1,12}$/.test(req.params.fileId) ? Number(req.params.fileId) : undefined;
    const file = fileId === undefined ? undefined : members.findFile(fileId);
    if (!file || single(req.query.key) !== file.downloadKey) {
      res.status(404).json({ detail: 'Not found.' });
      return;
    }
    res
      .status(200)
      .set('Content-Disposition', `attachment; filename="${file.basename.replace(/["\\\r\n]/g, '_')}"`)
      .type(file.contentType)
      .send(Buffer.from(file.content, 'base64'));
  });

  return router;
}
