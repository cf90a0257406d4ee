/** Refresh before a call when less than this remains of the access token's life (domain.md section 7). */
export const REFRESH_MARGIN_MS = 60_000;

/** When a token issued at `nowMs` with `expires_in` seconds runs out. */
export function expiryFrom(expiresInSeconds: number, nowMs: number): Date {
  return new Date(nowMs + expiresInSeconds * 1000);
}

/** True when the access token must be refreshed before the next call: under a minute left, or already expired. */
export function needsRefresh(expiresAt: Date, nowMs: number, marginMs = REFRESH_MARGIN_MS): boolean {
  return expiresAt.getTime() - nowMs < marginMs;
}
