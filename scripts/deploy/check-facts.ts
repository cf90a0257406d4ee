// What `npm run deploy:check` reads from compose's names, the browser smoke test and the running
// releases, kept apart from running them.

/** The container podman-compose names for a service of a project: <project>_<service>_1. */
export const containerOf = (project: string, service: string): string => `${project}_${service}_1`;

/** The service a container of the project runs (containerOf read backwards). */
export const serviceOf = (project: string, container: string): string => container.replace(`${project}_`, '').replace(/_1$/, '');

/** The participant the browser smoke test leaves in participant.json, for the checks that go on using the app as them. */
export interface SmokeParticipant {
  pgId: string;
  /** 'name=value' of their session cookie. */
  sessionCookie: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function parseSmokeParticipant(json: unknown): SmokeParticipant {
  if (!isRecord(json) || typeof json.pgId !== 'string' || typeof json.sessionCookie !== 'string') {
    throw new Error('the browser smoke test left no participant (pgId and sessionCookie) in participant.json');
  }
  return { pgId: json.pgId, sessionCookie: json.sessionCookie };
}

/** The text at `keys` in a JSON answer (undefined when any step is missing): which release a slice says it runs. */
export function stringAt(json: unknown, ...keys: string[]): string | undefined {
  let value = json;
  for (const key of keys) {
    if (!isRecord(value)) return undefined;
    value = value[key];
  }
  return typeof value === 'string' ? value : undefined;
}
