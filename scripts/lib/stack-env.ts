// The environment of each process of the embedded stack (scripts/lib/stack.ts), worked out from
// the stack's settings alone: no process is started here, so the unit tests read it directly.
import type { ServiceName } from '@study/contracts';
import { routes } from '@study/contracts';
import { CONSENT_REMOTE } from '@study/navigation';
import { MASTER_KEY_HOW_TO, masterKeyProblem } from '@study/staff-auth/src/master-key';
import { SERVICES, TYPEFINDER_STANDIN, serviceNamed } from '@study/topology';

/** A process's environment: the parent's (undefined values included) plus ours. */
export type Env = NodeJS.ProcessEnv;

/** The embedded stack's study-team address (STUDY_CONTACT_EMAIL overrides it). */
export const DEFAULT_CONTACT_EMAIL = 'study-team@study.localhost';

/**
 * The review board the embedded stack names in the consent form: marked as a local stand-in in
 * every value, so a page or PDF made with them can never pass for a real approval. A deployment
 * sets REVIEW_BOARD_NAME, REVIEW_BOARD_APPROVAL and REVIEW_BOARD_CONTACT to its own.
 */
export const LOCAL_REVIEW_BOARD = {
  REVIEW_BOARD_NAME: 'LOCAL TEST review board (not a real board: set REVIEW_BOARD_NAME)',
  REVIEW_BOARD_APPROVAL: 'LOCAL-TEST-0000 (not a real approval)',
  REVIEW_BOARD_CONTACT: 'review-board@study.localhost (a local test address)',
} as const;

/**
 * For a stack one machine drives as many participants (tests, benchmarks): every call comes from
 * one address, and a benchmark repeats one participant's call, so the gateway's per-address and
 * per-participant limits are raised out of the way. The limits themselves are tested on their own.
 */
export const ONE_ADDRESS_LIMITS = { RATE_LIMIT_PUBLIC_PER_MINUTE: '10000000', RATE_LIMIT_PARTICIPANT_PER_MINUTE: '10000000' } as const;

/** The Open Humans client id the stand-in registers for the study. */
export const STANDIN_CLIENT_ID = 'personality-genetics-study';

/** Secrets the embedded stack makes once and keeps beside its data, so restarts can read old tokens. */
export interface LocalSecrets {
  tokenEncryptionKey: string;
  openHumansClientSecret: string;
  openHumansWebhookSecret: string;
  openHumansMasterToken: string;
  adminMasterKey: string;
  typeFinderWebhookSecret: string;
  participantSessionSecret: string;
  logFingerprintKey: string;
}

/** How many random bytes each secret has (written as hex): the admin master key 32, as svc-participants' strength check advises. */
export const LOCAL_SECRET_BYTES: Readonly<Record<keyof LocalSecrets, number>> = {
  tokenEncryptionKey: 32,
  openHumansClientSecret: 24,
  openHumansWebhookSecret: 24,
  openHumansMasterToken: 24,
  adminMasterKey: 32,
  typeFinderWebhookSecret: 24,
  participantSessionSecret: 32,
  logFingerprintKey: 24,
};

/**
 * The stored secrets (the parsed secrets file, or undefined when there is none) with every
 * missing or empty one made by `makeSecret(bytes)`; other stored entries are kept. `changed`
 * says whether the file needs writing.
 */
export function completeSecrets(stored: unknown, makeSecret: (bytes: number) => string): { secrets: LocalSecrets & Record<string, unknown>; changed: boolean } {
  const kept: Record<string, unknown> = typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? { ...stored } : {};
  let changed = false;
  for (const [name, bytes] of Object.entries(LOCAL_SECRET_BYTES)) {
    const value = kept[name];
    if (typeof value !== 'string' || value === '') {
      kept[name] = makeSecret(bytes);
      changed = true;
    }
  }
  return { secrets: kept as LocalSecrets & Record<string, unknown>, changed };
}

/**
 * Why svc-participants would refuse the master key this stack gives it (ADMIN_MASTER_KEY when set,
 * else the one in the secrets file) and what to do, or undefined when the key will do. A weak key
 * is not replaced: npm start has always generated 24 random bytes or more (which pass), so a weak
 * one was put there by hand, and the study team opens the admin pages and runs `npm run seed` with it.
 */
export function weakMasterKeyAdvice(o: { common: Env; secrets: LocalSecrets; secretsFile: string }): string | undefined {
  const fromEnvironment = Boolean(o.common.ADMIN_MASTER_KEY);
  const problem = masterKeyProblem(o.common.ADMIN_MASTER_KEY || o.secrets.adminMasterKey);
  if (problem === null) return undefined;
  const where = fromEnvironment ? 'ADMIN_MASTER_KEY as set in the environment' : `the admin master key kept in ${o.secretsFile} (adminMasterKey)`;
  const todo = fromEnvironment
    ? `set ADMIN_MASTER_KEY to a new key (${MASTER_KEY_HOW_TO}), or unset it to use the one npm start keeps in ${o.secretsFile}`
    : `write a new key there (${MASTER_KEY_HOW_TO}), or delete the adminMasterKey entry for npm start to generate one`;
  return `svc-participants refuses a weak admin master key, and ${where} is too weak: ${problem}. To start, ${todo}; the admin pages then need the new key, and download links made with the old one stop working.`;
}

/** What the operator set wins over the embedded defaults: these of svc-participants' variables, when set in the stack's environment. */
const OPERATOR_OVERRIDES = [
  'OH_REDIRECT_URI',
  'OH_CLIENT_SECRET',
  'OH_WEBHOOK_SECRET',
  'OH_MASTER_ACCESS_TOKEN',
  'TOKEN_ENCRYPTION_KEY',
  'STUDY_EMAIL_HOST',
  'ADMIN_MASTER_KEY',
  'TYPEFINDER_WEBHOOK_SECRET',
  'PARTICIPANT_SESSION_SECRET',
  ...Object.keys(LOCAL_REVIEW_BOARD),
];

/** The address Open Humans sends a member back to after they approve (the consent remote's return page). */
export function openHumansRedirectUri(publicUrl: string): string {
  return `${publicUrl}${CONSENT_REMOTE.pages.return}`;
}

/** Where svc-participants finds Open Humans: the real platform's address, or the stand-in with the study's client. */
export type OpenHumansSetting = { standin: false; url: string } | { standin: true; url: string; clientId: string; clientSecret: string; webhookSecret: string; masterAccessToken: string };

/**
 * The origin the study team's passkeys are bound to on a local stack: browsers take no IP address
 * as a passkey's relying party, so a stack at 127.0.0.1 binds them to localhost (the same
 * machine, its port): the study team opens the admin pages there to use a passkey.
 */
export function passkeyOrigin(publicUrl: string): string {
  const url = new URL(publicUrl);
  if (url.hostname === '127.0.0.1' || url.hostname === '[::1]') url.hostname = 'localhost';
  return url.origin;
}

/** svc-participants' own variables: Open Humans, the TypeFinder widget, its secrets, the consent form's contacts. */
export function participantsEnvironment(o: { common: Env; secrets: LocalSecrets; openHumans: OpenHumansSetting; typeFinderWidgetUrl: string; publicUrl: string }): Env {
  const { common, secrets, openHumans } = o;
  const openHumansEnv: Env = openHumans.standin
    ? { OH_BASE_URL: openHumans.url, OH_CLIENT_ID: openHumans.clientId, OH_CLIENT_SECRET: openHumans.clientSecret, OH_WEBHOOK_SECRET: openHumans.webhookSecret, OH_MASTER_ACCESS_TOKEN: openHumans.masterAccessToken }
    : { OH_BASE_URL: openHumans.url };
  return {
    OH_REDIRECT_URI: openHumansRedirectUri(o.publicUrl),
    TOKEN_ENCRYPTION_KEY: secrets.tokenEncryptionKey,
    STUDY_EMAIL_HOST: 'study.localhost',
    ADMIN_MASTER_KEY: secrets.adminMasterKey,
    TYPEFINDER_WEBHOOK_SECRET: secrets.typeFinderWebhookSecret,
    PARTICIPANT_SESSION_SECRET: secrets.participantSessionSecret,
    TYPEFINDER_WIDGET_URL: o.typeFinderWidgetUrl,
    STAFF_WEBAUTHN_ORIGIN: common.STAFF_WEBAUTHN_ORIGIN || passkeyOrigin(o.publicUrl),
    // The consent form's contacts: the same study-team address the gateway shows.
    STUDY_CONTACT_EMAIL: common.STUDY_CONTACT_EMAIL || DEFAULT_CONTACT_EMAIL,
    ...LOCAL_REVIEW_BOARD,
    ...openHumansEnv,
    ...Object.fromEntries(OPERATOR_OVERRIDES.filter((name) => common[name]).map((name) => [name, common[name]])),
  };
}

/** A service process's environment; svc-participants also gets its own variables (participantsEnvironment). */
export function serviceEnvironment(o: {
  common: Env;
  service: ServiceName;
  port: number;
  dbPrefix?: string;
  /** A test stack's prefix for the service's queue, keeping its consumers off a running `npm start`'s queues. */
  queuePrefix?: string;
  logFingerprintKey: string;
  participantsEnv: Env;
}): Env {
  const topology = serviceNamed(o.service);
  return {
    ...o.common,
    PORT: String(o.port),
    MONGO_DB: `${o.dbPrefix ?? ''}${topology.database}`,
    // Every service fingerprints participants in its logs with the same key.
    LOG_FINGERPRINT_KEY: o.common.LOG_FINGERPRINT_KEY || o.logFingerprintKey,
    ...(o.queuePrefix ? { EVENTS_QUEUE: `${o.queuePrefix}${topology.queue}` } : {}),
    ...(o.service === 'participants' ? o.participantsEnv : {}),
  };
}

/** A gateway process's environment: the services of this stack, the frontends it serves and the secrets it shares with svc-participants. */
export function gatewayEnvironment(o: {
  common: Env;
  port: number;
  host: string;
  frontendRoot: string;
  /** This stack's port of each service. */
  servicePorts: Readonly<Record<ServiceName, number>>;
  participantSessionSecret: string;
  queuePrefix?: string;
  typeFinderWidgetUrl: string;
  /** Another gateway's own settings (FRONTEND_ROOT, RELEASES_ROOT, ...). */
  extra?: Env;
}): Env {
  const { common } = o;
  return {
    ...common,
    PORT: String(o.port),
    FRONTEND_ROOT: o.frontendRoot,
    ...Object.fromEntries(SERVICES.map((service) => [service.urlVariable, `http://${o.host}:${o.servicePorts[service.name]}`])),
    // The gateway refuses to start without a contact address; the embedded stack names the
    // local study team's mailbox unless the operator sets the real one.
    STUDY_CONTACT_EMAIL: common.STUDY_CONTACT_EMAIL || DEFAULT_CONTACT_EMAIL,
    // The same secret svc-participants signs participant sessions with.
    PARTICIPANT_SESSION_SECRET: o.participantSessionSecret,
    // Stacks sharing one Redis (tests side by side) keep their own counts.
    RATE_LIMIT_KEY_PREFIX: common.RATE_LIMIT_KEY_PREFIX || (o.queuePrefix ? `rate:${o.queuePrefix}` : 'study:rate'),
    // The TypeFinder widget is framed by the dashboard.
    CSP_FRAME_SRC: [common.CSP_FRAME_SRC || "'self'", new URL(o.typeFinderWidgetUrl).origin].join(' '),
    ...(o.extra ?? {}),
  };
}

/** The Open Humans stand-in's environment: the study's client, its redirect and deauthorization webhook. */
export function openHumansStandinEnvironment(o: {
  base: Env;
  port: number;
  host: string;
  publicUrl: string;
  clientId: string;
  clientSecret: string;
  webhookSecret: string;
  masterAccessToken: string;
  /** Where it keeps its members across restarts; undefined: in memory only. */
  stateFile?: string;
  extra?: Env;
}): Env {
  return {
    ...o.base,
    PORT: String(o.port),
    HOST: o.host,
    PUBLIC_URL: `http://${o.host}:${o.port}`,
    CLIENT_ID: o.clientId,
    CLIENT_SECRET: o.clientSecret,
    REDIRECT_URI: openHumansRedirectUri(o.publicUrl),
    DEAUTH_WEBHOOK_URL: `${o.publicUrl}${routes.openHumansDeauthorized.path}`,
    WEBHOOK_SECRET: o.webhookSecret,
    MASTER_ACCESS_TOKEN: o.masterAccessToken,
    ...(o.stateFile === undefined ? {} : { STATE_FILE: o.stateFile }),
    ...(o.extra ?? {}),
  };
}

/** The TypeFinder stand-in's environment: the study's results webhook, and the study's pages may frame it. */
export function typeFinderStandinEnvironment(o: { base: Env; port: number; host: string; publicUrl: string; webhookSecret: string }): Env {
  return {
    ...o.base,
    PORT: String(o.port),
    HOST: o.host,
    PUBLIC_URL: `http://${o.host}:${o.port}`,
    STUDY_WEBHOOK_URL: `${o.publicUrl}${routes.typeFinderWebhook.path}`,
    WEBHOOK_SECRET: o.webhookSecret,
    FRAME_ANCESTORS: `'self' ${o.publicUrl}`,
  };
}

/** The TypeFinder stand-in's widget, which the dashboard frames. */
export function typeFinderWidgetUrl(standinUrl: string): string {
  return `${standinUrl}${TYPEFINDER_STANDIN.widgetPath}`;
}
