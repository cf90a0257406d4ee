/**
 * What a project member's browser does on an Open Humans authorize page, with plain HTTP: open the
 * page, post its form back as the browser would (its action, its hidden fields, the member and
 * the data sources shared, the decision `authorize`), and read the code from the redirect to the
 * study's /return. The page is read, not imagined: whatever the authorize request carried (client,
 * state, PKCE challenge, redirect) travels as the page's own hidden fields.
 */

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'" };

function decodeHtml(value: string): string {
  return value.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (entity) => ENTITIES[entity] ?? entity);
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\b${name}="([^"]*)"`).exec(tag);
  return match?.[1] === undefined ? undefined : decodeHtml(match[1]);
}

export interface MemberApproval {
  /** The project member who authorized. */
  memberId: string;
  code: string;
  /** The full redirect target, e.g. http://127.0.0.1:8080/return?code=...&state=... */
  location: URL;
}

export interface ApproveOptions {
  /** An existing member authorizing (again); default: the member the page suggests. */
  member?: string;
  /** Data sources the member shares; default: what the page has checked. */
  sources?: readonly string[];
}

/** The form a browser would post from the authorize page `html` (served at `pageUrl`), approved. */
export function approvalForm(html: string, pageUrl: URL, options: ApproveOptions = {}): { action: URL; memberId: string; form: URLSearchParams } {
  const formTag = /<form\b[^>]*>/.exec(html)?.[0];
  const action = formTag ? attribute(formTag, 'action') : undefined;
  if (!action) throw new Error('The authorize page has no form');
  const form = new URLSearchParams();
  for (const input of html.match(/<input\b[^>]*type="hidden"[^>]*>/g) ?? []) {
    const name = attribute(input, 'name');
    if (name) form.append(name, attribute(input, 'value') ?? '');
  }
  const memberInput = /<input\b[^>]*id="member"[^>]*>/.exec(html)?.[0];
  const memberId = options.member ?? (memberInput ? attribute(memberInput, 'value') : undefined);
  if (!memberId) throw new Error('The authorize page suggests no member');
  form.set('member', memberId);
  const checked = (html.match(/<input\b[^>]*type="checkbox"[^>]*>/g) ?? []).filter((tag) => /\bchecked\b/.test(tag)).map((tag) => attribute(tag, 'value') ?? '');
  form.delete('sources');
  for (const source of options.sources ?? checked) form.append('sources', source);
  form.set('decision', 'authorize');
  return { action: new URL(action, pageUrl), memberId, form };
}

/** Opens the authorize page at `authorizeUrl`, approves as the member, and answers the code from the redirect. */
export async function approveAsMember(authorizeUrl: string, options: ApproveOptions = {}): Promise<MemberApproval> {
  const pageUrl = new URL(authorizeUrl);
  const page = await fetch(pageUrl);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`The authorize page answered ${page.status}: ${html.slice(0, 300)}`);
  const { action, memberId, form } = approvalForm(html, pageUrl, options);
  const answer = await fetch(action, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString(), redirect: 'manual' });
  const location = answer.headers.get('location');
  if (answer.status !== 302 || !location) throw new Error(`Authorizing answered ${answer.status}: ${(await answer.text()).slice(0, 300)}`);
  const target = new URL(location);
  const code = target.searchParams.get('code');
  if (!code) throw new Error(`The redirect carries no code: ${target.searchParams.get('error') ?? location}`);
  return { memberId, code, location: target };
}
