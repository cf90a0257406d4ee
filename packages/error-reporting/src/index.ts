// The browser's error tracing: the shell sets it up once (initErrorReporting); every remote gets the
// same instance (a module-federation singleton), so whatever throws is reported once, through the
// same client, to the study's gateway (POST /api/error-reports).
import { captureException, captureReactException, getCurrentScope, withScope, BrowserClient } from '@sentry/react';
import type { ErrorInfo } from 'react';
import { clientOptions, type ErrorReportingSettings } from './client-options';

export { ERROR_SAMPLE_RATE, SHELL, TRACES_SAMPLE_RATE, clientOptions, describeEvent, studyDsn, type ErrorReportingSettings } from './client-options';
export { describeRemotes, noteRemoteBuild, releaseName, type RemoteBuild, type RemoteDescription } from './remotes';
export { routeTemplate } from './route-template';

let client: BrowserClient | undefined;

/**
 * Starts reporting: uncaught errors and unhandled rejections from here on, and what the
 * functions below are given. Once per page; a second call keeps the first set-up.
 */
export function initErrorReporting(settings: ErrorReportingSettings): void {
  if (client) return;
  const started = new BrowserClient(clientOptions(settings));
  client = started;
  getCurrentScope().setClient(started);
  started.init();
  // Traces after the errors: the tracing code is loaded apart, the page does not wait for it.
  void import('./tracing').then(({ tracingIntegration }) => {
    if (client === started) started.addIntegration(tracingIntegration(settings));
  });
}

/** Stops reporting and sends what is queued (tests, and a page that is going away). */
export async function closeErrorReporting(timeoutMs = 2_000): Promise<void> {
  const closing = client;
  client = undefined;
  getCurrentScope().setClient(undefined);
  await closing?.close(timeoutMs);
}

export interface BoundaryCatch {
  /** React's component stack, from componentDidCatch's info. */
  componentStack?: string | null;
  /** The remote whose area the boundary keeps (mf_nardi); the part is worked out from the stack otherwise. */
  remote?: string;
}

/** An error an error boundary caught while rendering (React does not pass these on as uncaught). */
export function reportBoundaryError(error: unknown, caught: BoundaryCatch = {}): void {
  if (!client) return;
  withScope((scope) => {
    scope.setTag('kind', 'boundary');
    if (caught.remote) scope.setTag('remote', caught.remote);
    const info: ErrorInfo = { componentStack: caught.componentStack ?? '' };
    captureReactException(error, info);
  });
}

/** A remote that could not be loaded (its manifest, entry or a chunk failed): the page shows its fallback. */
export function reportRemoteLoadFailure(remote: string, error: unknown): void {
  if (!client) return;
  withScope((scope) => {
    scope.setTag('kind', 'remote-load');
    scope.setTag('remote', remote);
    captureException(error);
  });
}

/**
 * For React's root (createRoot's onUncaughtError): a render error no boundary caught, which
 * unmounts the page. Reported, then shown in the console as React would.
 */
export function reportUncaughtRenderError(error: unknown, info: { componentStack?: string }): void {
  console.error('The page failed while rendering:', error);
  if (!client) return;
  withScope((scope) => {
    scope.setTag('kind', 'uncaught-render');
    captureReactException(error, { componentStack: info.componentStack ?? '' });
  });
}
