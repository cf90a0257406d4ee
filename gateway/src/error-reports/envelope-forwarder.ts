// Passes the browser's envelopes on to a Sentry or GlitchTip project, when the deployment names
// one by its DSN: the browser only ever sends to the gateway (see @study/error-reporting's README).

/** A project's DSN, e.g. https://<public key>@glitchtip.example.org/3. */
export interface SentryDsn {
  /** The DSN as written; it replaces the one the browser's envelope names. */
  text: string;
  /** Where the project's envelope endpoint is. */
  envelopeUrl: string;
}

const DSN = /^(https?):\/\/([A-Za-z0-9]+)(?::[A-Za-z0-9]*)?@([A-Za-z0-9.-]+(?::\d+)?)(\/(?:[^/?#]+\/)*)(\d+)$/;

/** Reads a DSN; throws an error naming what is wrong. */
export function parseDsn(text: string): SentryDsn {
  const match = DSN.exec(text.trim());
  if (!match) throw new Error('An error-reporting DSN must look like https://<public key>@<host>/<project id>.');
  const [, protocol, publicKey, host, path, projectId] = match as unknown as [string, string, string, string, string, string];
  const base = `${protocol}://${host}${path.replace(/\/$/, '')}`;
  // The project's own API (Sentry's envelope endpoint), not the study's route table.
  const endpoint = [base, 'api', projectId, 'envelope', ''].join('/');
  return { text: text.trim(), envelopeUrl: `${endpoint}?sentry_key=${publicKey}&sentry_version=7` };
}

/** The envelope with the project's DSN in its header line instead of the page's. */
export function readdressed(body: Buffer, dsn: SentryDsn): Buffer {
  const end = body.indexOf(0x0a);
  const headerText = (end === -1 ? body : body.subarray(0, end)).toString('utf8');
  const header = { ...(JSON.parse(headerText) as Record<string, unknown>), dsn: dsn.text };
  return Buffer.concat([Buffer.from(JSON.stringify(header)), end === -1 ? Buffer.alloc(0) : body.subarray(end)]);
}

export interface ForwarderOptions {
  /** Longest wait for the project's answer. */
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

/** Sends an accepted envelope to the project; rejects when it does not take it. */
export function envelopeForwarder(dsn: SentryDsn, options: ForwarderOptions = {}): (body: Buffer) => Promise<void> {
  const fetchImpl = options.fetchImpl ?? fetch;
  const timeoutMs = options.timeoutMs ?? 5_000;
  return async (body) => {
    const response = await fetchImpl(dsn.envelopeUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-sentry-envelope' },
      body: new Uint8Array(readdressed(body, dsn)),
      signal: AbortSignal.timeout(timeoutMs),
    });
    // The body is not needed; reading it frees the connection.
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw new Error(`the error-reporting project answered ${response.status}`);
  };
}
