import { Router } from 'express';
import { escapeHtml } from '@study/service-kit';
import { MEMBER_ID_PATTERN, type Members } from '../members/members';
import type { ProjectMessages, ReceivedMessage } from '../messages/project-messages';
import { PAGE_CSP, renderPage } from '../pages/html';
import { CONTROL_PREFIX } from './control-routes';

function messageHtml(m: ReceivedMessage): string {
  return `<article class="message" data-member="${escapeHtml(m.project_member_id)}">
<h3>${escapeHtml(m.subject)}</h3>
<p class="hint">Received ${escapeHtml(m.received_at)}</p>
<pre>${escapeHtml(m.message)}</pre>
</article>`;
}

/**
 * What members received from the project (test controls, not the platform's API): as JSON per
 * member or for everyone (Accept: application/json), and as a page grouped by member (what each member found in their mailbox).
 */
export function messageControls(members: Members, messages: ProjectMessages): Router {
  const router = Router();

  router.get(`${CONTROL_PREFIX}/messages`, (req, res) => {
    const all = messages.all();
    if (req.accepts(['html', 'json']) === 'json') {
      res.json({ messages: all });
      return;
    }
    const byMember = new Map<string, ReceivedMessage[]>();
    for (const m of all) byMember.set(m.project_member_id, [...(byMember.get(m.project_member_id) ?? []), m]);
    const sections = [...byMember.entries()]
      .map(
        ([id, received]) => `<section aria-labelledby="member-${escapeHtml(id)}">
<h2 id="member-${escapeHtml(id)}">Member ${escapeHtml(id)} <small class="hint">(${received.length} message${received.length === 1 ? '' : 's'})</small></h2>
${received.map(messageHtml).join('\n')}
</section>`,
      )
      .join('\n');
    res.setHeader('Content-Security-Policy', PAGE_CSP);
    res
      .type('html')
      .send(renderPage('Project messages', `<h1>Project messages received</h1>\n${sections || '<p id="no-messages">No member has received a project message yet.</p>'}`));
  });

  router.get(`${CONTROL_PREFIX}/members/:memberId/messages`, (req, res) => {
    const id = String(req.params.memberId);
    if (!MEMBER_ID_PATTERN.test(id) || !members.get(id)) {
      res.status(404).json({ error: `No member with project_member_id "${id}". Members are created by authorizing the project.` });
      return;
    }
    res.json({ project_member_id: id, messages: messages.forMember(id) });
  });

  return router;
}
