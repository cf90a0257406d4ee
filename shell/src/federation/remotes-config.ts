/**
 * The deployment tells the shell where each remote lives through /remotes.json, so a remote can be
 * moved or redeployed without rebuilding the shell:
 *
 *   { "remotes": [ { "name": "mf_consent", "entry": "/mf/consent/mf-manifest.json",
 *                    "paths": ["/consent", "/return", "/how-it-works"] }, ... ] }
 */
export interface RemoteDescriptor {
  /** Federation name of the remote, e.g. "mf_consent". */
  name: string;
  /** URL of the remote's mf-manifest.json (or remoteEntry.js), absolute or relative to the site. */
  entry: string;
  /** First path segments the remote owns, e.g. "/consent" owns /consent and /consent/...; */
  paths: string[];
}

export const REMOTES_CONFIG_URL = '/remotes.json';

export class RemotesConfigError extends Error {
  override name = 'RemotesConfigError';
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const PATH = /^\/[A-Za-z0-9\-_/]*$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks the shape strictly: a typo in the deployment config should fail loudly, not route oddly. */
export function parseRemotesConfig(json: unknown): RemoteDescriptor[] {
  if (!isRecord(json) || !Array.isArray(json.remotes)) {
    throw new RemotesConfigError('remotes.json must be an object with a "remotes" list.');
  }
  const seen = new Set<string>();
  return json.remotes.map((item, index): RemoteDescriptor => {
    const where = `remotes.json remotes[${index}]`;
    if (!isRecord(item)) throw new RemotesConfigError(`${where} must be an object.`);
    const { name, entry, paths } = item;
    if (typeof name !== 'string' || !NAME.test(name)) {
      throw new RemotesConfigError(`${where}.name must be a federation name such as "mf_consent".`);
    }
    if (seen.has(name)) throw new RemotesConfigError(`${where}.name "${name}" is listed twice.`);
    seen.add(name);
    if (typeof entry !== 'string' || entry.length === 0) {
      throw new RemotesConfigError(`${where}.entry must be the URL of the remote's mf-manifest.json.`);
    }
    if (!Array.isArray(paths) || paths.length === 0 || !paths.every((p) => typeof p === 'string' && PATH.test(p) && p !== '/')) {
      throw new RemotesConfigError(`${where}.paths must be a non-empty list of paths such as "/consent".`);
    }
    return { name, entry, paths: paths.map((p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p)) };
  });
}

/** Loads the remote list; never cached, so a changed deployment is seen on the next page load. */
export async function fetchRemotesConfig(fetchImpl: typeof fetch = fetch): Promise<RemoteDescriptor[]> {
  let response: Response;
  try {
    response = await fetchImpl(REMOTES_CONFIG_URL, { cache: 'no-cache', headers: { accept: 'application/json' } });
  } catch (error) {
    throw new RemotesConfigError(`Could not reach ${REMOTES_CONFIG_URL}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!response.ok) throw new RemotesConfigError(`${REMOTES_CONFIG_URL} answered ${response.status}.`);
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new RemotesConfigError(`${REMOTES_CONFIG_URL} is not valid JSON.`);
  }
  return parseRemotesConfig(json);
}
