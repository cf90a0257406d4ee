// Makes participants the way the outside parties would: an Open Humans authorization on the
// stand-in (over HTTP, as a browser posts its form) and a TypeFinder result from the stand-in
// widget, which signs and posts it to the study's webhook.
import { baseUrl } from './browser';

const api = async <T>(path: string, body: unknown): Promise<T> => {
  const res = await fetch(`${baseUrl()}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await res.json()) as T & { error?: string };
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${json.error}`);
  return json;
};

interface Settings {
  openHumansAuthorizeUrl: string;
  studyEmailHost: string;
}

export const studySettings = async (): Promise<Settings> => (await fetch(`${baseUrl()}/api/settings`)).json() as Promise<Settings>;

/** Authorizes the project on the Open Humans stand-in and returns the authorization code. */
export async function authorizationCode(member = randomMemberId(), state = 'e2e-state'): Promise<string> {
  const settings = await studySettings();
  const page = new URL(`${settings.openHumansAuthorizeUrl}&state=${state}`);
  const form = new URLSearchParams({
    client_id: page.searchParams.get('client_id') ?? '',
    response_type: 'code',
    state,
    member,
    sources: 'direct-sharing-128',
    decision: 'authorize',
  });
  const redirectUri = page.searchParams.get('redirect_uri');
  if (redirectUri) form.set('redirect_uri', redirectUri);
  const res = await fetch(new URL(page.pathname, page.origin), { method: 'POST', body: form, redirect: 'manual' });
  const location = res.headers.get('location');
  const code = location ? new URL(location).searchParams.get('code') : null;
  if (!code) throw new Error(`the Open Humans stand-in did not redirect with a code (${res.status}: ${await res.text()})`);
  return code;
}

export function randomMemberId(): string {
  return String(10_000_000 + Math.floor(Math.random() * 89_999_999));
}

/** A participant who consented through Open Humans. */
export async function consentedParticipant(member = randomMemberId()): Promise<{ pgId: string; studyEmail: string; member: string }> {
  const { pgId } = await api<{ pgId: string }>('/api/consent', { code: await authorizationCode(member) });
  const { studyEmailHost } = await studySettings();
  return { pgId, studyEmail: `${pgId}@${studyEmailHost}`, member };
}

/** Takes the TypeFinder quiz on the stand-in widget for this study email, then submits the result. */
export async function completeTypeFinder(pgId: string, studyEmail: string, letters = { energy: 'I', information: 'N', decisions: 'T', lifestyle: 'J' }): Promise<string> {
  const widget = process.env.E2E_TYPEFINDER_WIDGET_URL;
  if (!widget) throw new Error('E2E_TYPEFINDER_WIDGET_URL is not set');
  const res = await fetch(widget, { method: 'POST', body: new URLSearchParams({ email: studyEmail, ...letters }) });
  if (!res.ok) throw new Error(`the TypeFinder widget answered ${res.status}: ${await res.text()}`);
  const { typeCode } = await api<{ typeCode: string }>('/api/user/tfresult', { pgId });
  return typeCode;
}
