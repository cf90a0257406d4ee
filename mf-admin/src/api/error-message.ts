/**
 * The text to show when an admin call fails: the `error` field of a JSON error body when there is
 * one, otherwise whatever the server sent.
 */
export function errorMessageFrom(status: number, bodyText: string): string {
  const text = bodyText.trim();
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string') {
      const error = (body as { error: string }).error.trim();
      if (error) return error;
    }
  } catch {
    // Not JSON: fall through to the raw text.
  }
  return text || `The server answered ${status} without a message.`;
}

/** The machine-readable `code` of a JSON error body (e.g. STAFF_SESSION_EXPIRED), when there is one. */
export function errorCodeFrom(bodyText: string): string | undefined {
  try {
    const body: unknown = JSON.parse(bodyText);
    const code = typeof body === 'object' && body !== null ? (body as { code?: unknown }).code : undefined;
    return typeof code === 'string' && code !== '' ? code : undefined;
  } catch {
    return undefined;
  }
}
