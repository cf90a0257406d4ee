/**
 * What a member's browser does on the stand-in's authorize page, for tests and scripts that run
 * the study without a browser: the authorize request's parameters (client_id, state, PKCE
 * challenge, redirect_uri) go back as the page's hidden fields, with the member and the sources
 * they share, approved. Answers the code from the redirect to the study's /return.
 */
export async function approveAsMember(authorizeUrl: string, member: string, sources: readonly string[] = ['direct-sharing-128']): Promise<{ code: string; returnUrl: URL }> {
  const page = new URL(authorizeUrl);
  const form = new URLSearchParams(page.searchParams);
  form.set('member', member);
  form.delete('sources');
  for (const source of sources) form.append('sources', source);
  form.set('decision', 'authorize');
  const res = await fetch(new URL(page.pathname, page.origin), { method: 'POST', body: form, redirect: 'manual' });
  const location = res.headers.get('location');
  const returnUrl = location ? new URL(location) : null;
  const code = returnUrl?.searchParams.get('code');
  if (!returnUrl || !code) throw new Error(`the Open Humans stand-in did not redirect with a code (${res.status}: ${(await res.text()).slice(0, 200)})`);
  return { code, returnUrl };
}
