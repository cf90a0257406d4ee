// A page's address as its route template (/survey/:pgId), so a report names the page and never
// the study ID in it.

const UUID_SEGMENT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A segment that looks like an identifier rather than a page name: digits, or a long hex or token. */
const ID_LIKE = /^(\d+|[0-9a-f]{16,}|[A-Za-z0-9_-]{32,})$/i;

const segmentsOf = (path: string): string[] => path.split('/').filter((segment) => segment !== '');

/**
 * The template among `patterns` (router paths such as '/survey/:pgId') that `pathname` matches;
 * a template with fewer parameters wins (/survey/withdrawn before /survey/:pgId). Without a
 * match, the path with every identifier-like segment replaced by ':id'.
 */
export function routeTemplate(pathname: string, patterns: readonly string[]): string {
  const got = segmentsOf(pathname);
  let best: { pattern: string; params: number } | undefined;
  for (const pattern of patterns) {
    const want = segmentsOf(pattern);
    if (want.length !== got.length) continue;
    // Static segments compare case-insensitively, as the router does.
    if (!want.every((segment, i) => (segment.startsWith(':') ? (got[i] ?? '') !== '' : segment.toLowerCase() === got[i]?.toLowerCase()))) continue;
    const params = want.filter((segment) => segment.startsWith(':')).length;
    if (!best || params < best.params) best = { pattern: `/${want.join('/')}`, params };
  }
  if (best) return best.pattern;
  return `/${got.map((segment) => (UUID_SEGMENT.test(segment) || ID_LIKE.test(segment) ? ':id' : segment)).join('/')}`;
}
