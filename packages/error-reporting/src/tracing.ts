import { browserTracingIntegration } from '@sentry/react';
import type { ErrorReportingSettings } from './client-options';
import { routeTemplate } from './route-template';

/**
 * The page-load and navigation traces (TRACES_SAMPLE_RATE of them are kept): most of the SDK's
 * weight, so it is a file of its own that the page fetches after it has started, and a page's
 * first paint does not wait for it. A page-load span still starts at the navigation's start.
 */
export function tracingIntegration(settings: Pick<ErrorReportingSettings, 'currentPath' | 'routePatterns'>) {
  return browserTracingIntegration({
    beforeStartSpan: (options) => ({ ...options, name: routeTemplate(settings.currentPath(), settings.routePatterns) }),
    enableLongTask: false,
    enableLongAnimationFrame: false,
    enableInp: false,
  });
}
