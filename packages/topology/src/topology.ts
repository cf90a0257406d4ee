import type { ServiceName } from '@study/contracts';
import { ADMIN_REMOTE, CONSENT_REMOTE, DASHBOARD_REMOTE, NARDI_REMOTE } from '@study/navigation';

/**
 * The system's local topology, said once: which parts exist, the folder each is built from,
 * where each listens in the embedded stack (`npm start`) and which environment variable holds
 * each address where it can change per deployment. The gateway's configuration takes its
 * defaults from here; the local stack's tooling (scripts/lib/stack.ts) and the bench start the
 * parts listed here.
 */

/** The address every part of the embedded stack listens on. */
export const EMBEDDED_HOST = '127.0.0.1';

/** A service the gateway forwards /api calls to. */
export interface ServiceTopology {
  readonly name: ServiceName;
  /** The deployable's folder, e.g. svc-participants. */
  readonly folder: string;
  /** The environment variable holding its origin (the gateway's setting). */
  readonly urlVariable: string;
  /** Its port in the embedded stack (npm start). */
  readonly embeddedPort: number;
  /** Its database (MONGO_DB), before a stack's prefix. */
  readonly database: string;
  /** The queue it consumes its events from (EVENTS_QUEUE), before a stack's prefix. */
  readonly queue: string;
}

export const SERVICES = [
  { name: 'participants', folder: 'svc-participants', urlVariable: 'PARTICIPANTS_URL', embeddedPort: 4101, database: 'participants', queue: 'svc-participants' },
  { name: 'scoring', folder: 'svc-scoring', urlVariable: 'SCORING_URL', embeddedPort: 4102, database: 'scoring', queue: 'svc-scoring' },
  { name: 'reports', folder: 'svc-reports', urlVariable: 'REPORTS_URL', embeddedPort: 4103, database: 'reports', queue: 'svc-reports' },
] as const satisfies readonly ServiceTopology[];

/** The gateway: the one origin browsers reach. */
export const GATEWAY = { folder: 'gateway', embeddedPort: 8080 } as const;

/** A local stand-in for an outside party, started by the embedded stack when the real one is not configured. */
export interface StandinTopology {
  /** The deployable's folder, e.g. standins/open-humans. */
  readonly folder: string;
  /** Its port in the embedded stack (npm start). */
  readonly embeddedPort: number;
  /** The name of its process and log file in the embedded stack. */
  readonly processName: string;
}

/** Open Humans: its OAuth2 pages, API and deauthorization webhook (svc-participants' OH_BASE_URL). */
export const OPEN_HUMANS_STANDIN = { folder: 'standins/open-humans', embeddedPort: 4201, processName: 'open-humans-standin' } as const satisfies StandinTopology;

/** TypeFinder: the widget the dashboard frames (TYPEFINDER_WIDGET_URL), which sends results to the study's webhook. */
export const TYPEFINDER_STANDIN = { folder: 'standins/typefinder', embeddedPort: 4202, processName: 'typefinder-standin', widgetPath: '/widget' } as const satisfies StandinTopology & {
  widgetPath: string;
};

export const STANDINS = [OPEN_HUMANS_STANDIN, TYPEFINDER_STANDIN] as const satisfies readonly StandinTopology[];

/** The embedded database: FerretDB on this port, keeping `npm start`'s data in this PostgreSQL database across restarts. */
export const EMBEDDED_DATABASE = { ferretPort: 27027, pgDatabase: 'ferretdb_study' } as const;

/** A remote the shell loads, before the deployment's addresses are added (the gateway's RemoteConfig). */
export interface RemoteTopology {
  /** Federation name, e.g. mf_consent. */
  readonly name: string;
  /** Folder under FRONTEND_ROOT, e.g. mf-consent. */
  readonly folder: string;
  /** Public path the gateway serves the remote's dist at, e.g. /mf/consent/. */
  readonly mountPath: string;
  /** First path segments the remote owns in the shell's router. */
  readonly paths: readonly string[];
  /** The environment variable holding the manifest URL the shell loads the remote from. */
  readonly entryVariable: string;
  /** The environment variable holding the remote's own web server, if it has one. */
  readonly upstreamVariable: string;
}

// The remotes, in the order the shell lists them; their names and owned paths come from @study/navigation.
export const REMOTES = [
  {
    name: CONSENT_REMOTE.name,
    folder: 'mf-consent',
    mountPath: '/mf/consent/',
    paths: CONSENT_REMOTE.paths,
    entryVariable: 'REMOTE_MF_CONSENT_URL',
    upstreamVariable: 'MF_CONSENT_UPSTREAM_URL',
  },
  {
    name: DASHBOARD_REMOTE.name,
    folder: 'mf-dashboard',
    mountPath: '/mf/dashboard/',
    paths: DASHBOARD_REMOTE.paths,
    entryVariable: 'REMOTE_MF_DASHBOARD_URL',
    upstreamVariable: 'MF_DASHBOARD_UPSTREAM_URL',
  },
  {
    name: NARDI_REMOTE.name,
    folder: 'mf-nardi',
    mountPath: '/mf/nardi/',
    paths: NARDI_REMOTE.paths,
    entryVariable: 'REMOTE_MF_NARDI_URL',
    upstreamVariable: 'MF_NARDI_UPSTREAM_URL',
  },
  {
    name: ADMIN_REMOTE.name,
    folder: 'mf-admin',
    mountPath: '/mf/admin/',
    paths: ADMIN_REMOTE.paths,
    entryVariable: 'REMOTE_MF_ADMIN_URL',
    upstreamVariable: 'MF_ADMIN_UPSTREAM_URL',
  },
] as const satisfies readonly RemoteTopology[];

/** The shell: served at / (SHELL_UPSTREAM_URL names its own web server, if it has one). */
export const SHELL = { folder: 'shell' } as const;

/** Every frontend's folder, the shell first: each has a dist the gateway serves from FRONTEND_ROOT. */
export const FRONTEND_FOLDERS: readonly string[] = [SHELL.folder, ...REMOTES.map((remote) => remote.folder)];

/** An origin of the embedded stack, e.g. http://127.0.0.1:4101. */
export function embeddedOrigin(port: number, host: string = EMBEDDED_HOST): string {
  return `http://${host}:${port}`;
}

/** A service's origin in the embedded stack: its urlVariable's default. */
export function embeddedServiceOrigin(service: Pick<ServiceTopology, 'embeddedPort'>): string {
  return embeddedOrigin(service.embeddedPort);
}

/** Where a remote's manifest is when the gateway serves the remote itself (the entry's default). */
export function servedManifestPath(remote: Pick<RemoteTopology, 'mountPath'>): string {
  return `${remote.mountPath}mf-manifest.json`;
}

/** The service of this name. */
export function serviceNamed(name: ServiceName): ServiceTopology {
  const service = SERVICES.find((each) => each.name === name);
  if (!service) throw new Error(`no service named ${name}`);
  return service;
}

/** A service's settings' defaults (PORT, MONGO_DB, EVENTS_QUEUE) in the embedded stack: what its config falls back to. */
export function serviceConfigDefaults(name: ServiceName): { port: number; mongoDb: string; queue: string } {
  const { embeddedPort, database, queue } = serviceNamed(name);
  return { port: embeddedPort, mongoDb: database, queue };
}
