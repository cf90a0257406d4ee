import {
  BrowserClient,
  dedupeIntegration,
  defaultStackParser,
  globalHandlersIntegration,
  linkedErrorsIntegration,
  makeFetchTransport,
  type ErrorEvent,
  type Event,
  type EventHint,
} from '@sentry/react';
import { routes } from '@study/contracts';
import { releaseOf, remoteOfFiles, remoteOfPath } from './remotes';
import { routeTemplate } from './route-template';

export type ClientOptions = ConstructorParameters<typeof BrowserClient>[0];

/** Every error is reported (product.md section 9: errors always, performance traces sampled). */
export const ERROR_SAMPLE_RATE = 1.0;
/** product.md section 9: 'Error tracing sample rate 0.05', the share of page loads traced. */
export const TRACES_SAMPLE_RATE = 0.05;
/** The part that is not a remote. */
export const SHELL = 'shell';

export interface ErrorReportingSettings {
  /** The shell's release, e.g. @study/shell@0.2.0. */
  release: string;
  /** Every page's router path ('/survey/:pgId'): a report names the page by its template. */
  routePatterns: readonly string[];
  /** The page's address (location.href): reports go to its origin's gateway. */
  pageUrl: string;
  /** Where the page is now; location.pathname in the browser. */
  currentPath: () => string;
  /** How envelopes leave; the SDK's fetch transport unless a test records them. */
  transport?: ClientOptions['transport'];
}

/**
 * A DSN naming the study's own origin. The SDK needs one to send anything; with the tunnel the
 * envelope goes to the gateway whatever it names, and the gateway, not the page, knows whether
 * reports also go on to a Sentry or GlitchTip project.
 */
export function studyDsn(pageUrl: string): string {
  const { protocol, host } = new URL(pageUrl);
  return `${protocol}//study@${host}/1`;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** Every string of a report without study IDs (a UUID in a message, a URL, a span's name). */
export function withoutIds<T>(value: T): T {
  if (typeof value === 'string') return value.replace(UUID, ':id') as T;
  if (Array.isArray(value)) return value.map((item: unknown) => withoutIds(item)) as T;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutIds(item)])) as T;
  }
  return value;
}

function kindOf(event: Event): string {
  const mechanism = event.exception?.values?.at(-1)?.mechanism?.type ?? '';
  if (/onunhandledrejection/.test(mechanism)) return 'unhandled-rejection';
  if (/onerror/.test(mechanism)) return 'uncaught';
  return 'captured';
}

/** The files of the thrown exception's frames, innermost first. */
function framesFiles(event: Event): string[] {
  const frames = event.exception?.values?.at(-1)?.stacktrace?.frames ?? [];
  return frames
    .map((frame) => frame.filename ?? frame.abs_path ?? '')
    .filter((file) => /^https?:\/\//.test(file))
    .reverse();
}

/**
 * Names the route, the part (a remote or the shell) and its release on a report, and leaves out
 * what could identify a participant: the address is replaced by its route template, breadcrumbs
 * and request details are dropped, UUIDs are cut from every string.
 */
export function describeEvent<E extends Event>(event: E, settings: Pick<ErrorReportingSettings, 'release' | 'routePatterns' | 'pageUrl' | 'currentPath'>): E {
  const path = settings.currentPath();
  const route = routeTemplate(path, settings.routePatterns);
  const tags = event.tags ?? {};
  let remote = typeof tags.remote === 'string' ? tags.remote : undefined;
  if (remote === undefined) {
    const files = framesFiles(event);
    // Code from a remote's files is that remote's; the shell's own files are the shell's; a
    // report without frames (a rejection with a plain value) belongs to the page's owner.
    remote = files.length > 0 ? (remoteOfFiles(files) ?? SHELL) : (remoteOfPath(path) ?? SHELL);
  }
  const release = remote === SHELL ? settings.release : (releaseOf(remote) ?? `${remote}@unknown`);
  const kind = typeof tags.kind === 'string' ? tags.kind : kindOf(event);
  const described: E = {
    ...event,
    release,
    tags: { ...tags, route, remote, kind },
    request: { url: `${new URL(settings.pageUrl).origin}${route}` },
    breadcrumbs: undefined,
    ...(event.type === 'transaction' ? { transaction: route } : {}),
  };
  return withoutIds(described);
}

/** The SDK's options: errors always, 5% of page loads traced, the study's gateway as the tunnel. */
export function clientOptions(settings: ErrorReportingSettings): ClientOptions {
  return {
    dsn: studyDsn(settings.pageUrl),
    tunnel: routes.reportErrors.path,
    release: settings.release,
    sampleRate: ERROR_SAMPLE_RATE,
    tracesSampleRate: TRACES_SAMPLE_RATE,
    // A trace leaves as one transaction (what GlitchTip and older Sentry servers read), not as streamed spans.
    traceLifecycle: 'static',
    // The traces stay in the browser's own spans: no trace headers on the study's API calls.
    tracePropagationTargets: [],
    maxBreadcrumbs: 0,
    transport: settings.transport ?? makeFetchTransport,
    stackParser: defaultStackParser,
    // Only what the reports need: no replay, feedback, breadcrumbs or session integrations. The
    // tracing integration comes in its own file once the client runs (tracing.ts).
    integrations: [globalHandlersIntegration(), linkedErrorsIntegration(), dedupeIntegration()],
    beforeSend: (event: ErrorEvent, _hint: EventHint) => describeEvent(event, settings),
    beforeSendTransaction: (event) => describeEvent(event, settings),
  };
}
