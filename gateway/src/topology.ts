import type { ServiceName } from '@study/contracts';
import { ADMIN_REMOTE, CONSENT_REMOTE, DASHBOARD_REMOTE, NARDI_REMOTE } from '@study/navigation';

/**
 * The product's topology as the gateway sees it: which services answer /api, which frontends
 * (remotes) the shell loads and where each is served. config.ts reads the addresses that can
 * change per deployment from the environment variables named here.
 */

/** A service the gateway forwards /api calls to. */
export interface ServiceTopology {
  name: ServiceName;
  /** The environment variable holding its origin. */
  urlVariable: string;
  /** Its origin in the embedded stack (npm start), the variable's default. */
  embeddedOrigin: string;
}

export const SERVICES = [
  { name: 'participants', urlVariable: 'PARTICIPANTS_URL', embeddedOrigin: 'http://127.0.0.1:4101' },
  { name: 'scoring', urlVariable: 'SCORING_URL', embeddedOrigin: 'http://127.0.0.1:4102' },
  { name: 'reports', urlVariable: 'REPORTS_URL', embeddedOrigin: 'http://127.0.0.1:4103' },
] as const satisfies readonly ServiceTopology[];

/** A remote the shell loads, before the deployment's addresses are added (RemoteConfig). */
export interface RemoteTopology {
  /** Federation name, e.g. mf_consent. */
  name: string;
  /** Folder under FRONTEND_ROOT, e.g. mf-consent. */
  folder: string;
  /** Public path the gateway serves the remote's dist at, e.g. /mf/consent/. */
  mountPath: string;
  /** First path segments the remote owns in the shell's router. */
  paths: readonly string[];
  /** The environment variable holding the manifest URL the shell loads the remote from. */
  entryVariable: string;
  /** The environment variable holding the remote's own web server, if it has one. */
  upstreamVariable: string;
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

/** Where a remote's manifest is when the gateway serves the remote itself (the entry's default). */
export function servedManifestPath(remote: RemoteTopology): string {
  return `${remote.mountPath}mf-manifest.json`;
}
