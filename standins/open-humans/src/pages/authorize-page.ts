import type { DataSource } from '../members/sources';
import { escapeHtml } from '@study/service-kit';
import { renderPage } from './html';

export interface AuthorizePageModel {
  projectName: string;
  /** Posted back unchanged so the decision can be validated again. */
  request: { clientId: string; responseType: string; state?: string; redirectUri?: string; codeChallenge?: string; codeChallengeMethod?: string };
  memberId: string;
  knownMembers: { projectMemberId: string; authorized: boolean }[];
  sources: readonly DataSource[];
  checkedSources: ReadonlySet<string>;
  error?: string;
}

export const AUTHORIZE_PATH = '/direct-sharing/projects/oauth2/authorize/';

function hidden(name: string, value: string | undefined): string {
  return value === undefined ? '' : `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
}

export function renderAuthorizePage(m: AuthorizePageModel): string {
  const name = escapeHtml(m.projectName);
  const sources = m.sources
    .map((s) => {
      const id = `source-${escapeHtml(s.idLabel)}`;
      const checked = m.checkedSources.has(s.idLabel) ? ' checked' : '';
      const kind = s.genotype ? 'genotype data' : 'not genotype data';
      return `<label for="${id}"><input type="checkbox" id="${id}" name="sources" value="${escapeHtml(s.idLabel)}"${checked}> ${escapeHtml(s.name)} <span class="hint">(${escapeHtml(s.idLabel)}, ${kind})</span></label>`;
    })
    .join('\n');
  const known = m.knownMembers
    .map((k) => `<option value="${escapeHtml(k.projectMemberId)}">${k.authorized ? 'authorized' : 'left the project'}</option>`)
    .join('');
  const error = m.error ? `<p class="error" role="alert" id="form-error">${escapeHtml(m.error)}</p>` : '';
  return renderPage(
    `Authorize ${m.projectName}`,
    `<h1>Authorize "${name}"</h1>
<p>The project <strong id="project-name">${name}</strong> is requesting permission to access your Open Humans account:
your project member ID, the data you share from the sources below, and the ability to add files to your account.</p>
${error}
<form method="post" action="${AUTHORIZE_PATH}" aria-label="Authorize project">
${hidden('client_id', m.request.clientId)}
${hidden('response_type', m.request.responseType)}
${hidden('state', m.request.state)}
${hidden('redirect_uri', m.request.redirectUri)}
${hidden('code_challenge', m.request.codeChallenge)}
${hidden('code_challenge_method', m.request.codeChallengeMethod)}
<label for="member">Member</label>
<input type="text" id="member" name="member" value="${escapeHtml(m.memberId)}" inputmode="numeric" pattern="[0-9]{8}" required list="known-members" autocomplete="off">
<p class="hint">The 8-digit project member ID who authorizes. Enter an existing one to authorize that member again.</p>
<datalist id="known-members">${known}</datalist>
<fieldset>
<legend>Data sources this member shares with the project</legend>
${sources}
</fieldset>
<div class="actions">
<button type="submit" id="authorize" name="decision" value="authorize">Authorize project</button>
<button type="submit" id="cancel" name="decision" value="cancel" formnovalidate>Cancel</button>
</div>
</form>`,
  );
}
