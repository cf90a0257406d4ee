import { createHash } from 'node:crypto';
import { Router, type Request } from 'express';
import { escapeHtml } from '@study/service-kit';
import type { StandinConfig } from '../config';
import { baseUrlOf } from '../members/base-url';
import { MEMBER_ID_PATTERN, toApiFile, type Members } from '../members/members';
import { PAGE_CSP, renderPage } from '../pages/html';
import type { StoredFile, StoredMember } from '../state/store';
import { CONTROL_PREFIX } from './control-routes';

function fileView(req: Request, config: StandinConfig, file: StoredFile) {
  const bytes = Buffer.from(file.content, 'base64');
  return {
    ...toApiFile(file, baseUrlOf(req, config)),
    content_type: file.contentType,
    byte_length: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    uploaded_by_project: file.source === config.projectIdLabel,
  };
}

function memberPage(req: Request, config: StandinConfig, member: StoredMember): string {
  const rows = member.files
    .map((f) => fileView(req, config, f))
    .map(
      (f) =>
        `<tr><td>${f.id}</td><td><a href="${escapeHtml(f.download_url)}">${escapeHtml(f.basename)}</a></td><td>${escapeHtml(f.source)}</td><td>${escapeHtml(f.metadata.description)}</td><td>${escapeHtml(f.metadata.tags.join(', '))}</td><td>${f.byte_length}</td><td>${escapeHtml(f.created)}</td></tr>`,
    )
    .join('\n');
  return renderPage(
    `Member ${member.projectMemberId}`,
    `<h1>Member ${escapeHtml(member.projectMemberId)}</h1>
<p id="membership">${member.authorized ? 'In the project.' : 'Not in the project (left, or removed by the project).'}</p>
<h2>Files</h2>
${member.files.length === 0 ? '<p id="no-files">No files.</p>' : `<table id="files"><thead><tr><th>id</th><th>name</th><th>source</th><th>description</th><th>tags</th><th>bytes</th><th>created</th></tr></thead><tbody>\n${rows}\n</tbody></table>`}`,
  );
}

/**
 * Test controls showing one member's account: every file in it (the project's own uploads
 * among them) as JSON for tests, and as a page for people.
 */
export function memberFilesRoutes(config: StandinConfig, members: Members): Router {
  const router = Router();
  const find = (id: string) => (MEMBER_ID_PATTERN.test(id) ? members.get(id) : undefined);

  router.get(`${CONTROL_PREFIX}/members/:memberId/files`, (req, res) => {
    const member = find(String(req.params.memberId));
    if (!member) {
      res.status(404).json({ error: `No member with project_member_id "${String(req.params.memberId)}".` });
      return;
    }
    res.json({ project_member_id: member.projectMemberId, in_project: member.authorized, files: member.files.map((f) => fileView(req, config, f)) });
  });

  router.get(`${CONTROL_PREFIX}/members/:memberId`, (req, res) => {
    const member = find(String(req.params.memberId));
    if (!member) {
      res.status(404).type('text/plain').send('No such member.');
      return;
    }
    res.set('Content-Security-Policy', PAGE_CSP).type('html').send(memberPage(req, config, member));
  });

  return router;
}
