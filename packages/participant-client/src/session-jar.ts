const SESSION_COOKIE = 'study_session';

/**
 * The participant sessions an HTTP client holds, as browsers would: the cookie a consent or a
 * confirmation (POST /api/consent, POST /api/session) began, one per study ID, sent back with
 * that participant's calls.
 */
export class SessionJar {
  private readonly cookies = new Map<string, string>();

  /** Keeps the session `res` began, if any, for the study ID it answered. */
  keep(res: Response, pgId: unknown): void {
    if (typeof pgId !== 'string') return;
    const line = res.headers.getSetCookie().find((l) => l.startsWith(`${SESSION_COOKIE}=`));
    if (line) this.hold(pgId, line.split(';')[0] as string);
  }

  /** Holds a session made elsewhere (e.g. a cookie signed with the stack's session secret): `cookie` is `study_session=...`. */
  hold(pgId: string, cookie: string): void {
    this.cookies.set(pgId.toLowerCase(), cookie);
  }

  /** The Cookie header of the participant's browser (none for a study ID it holds no session for). */
  headersFor(pgId: unknown): Record<string, string> {
    const cookie = typeof pgId === 'string' ? this.cookies.get(pgId.toLowerCase()) : undefined;
    return cookie ? { cookie } : {};
  }
}
