/** One analytics event, e.g. { action: 'Selected survey', category: 'User', label: 'nardi' }. */
export interface AnalyticsEvent {
  action: string;
  category: string;
  label?: string;
}

/** Where the frontends send analytics events; a deployment plugs in its tracker here. */
export interface AnalyticsPort {
  track(event: AnalyticsEvent): void;
}

export const ANALYTICS_DOM_EVENT = 'study:analytics';

/**
 * The default port: shows nothing and calls no one; it announces each event as a
 * `study:analytics` CustomEvent on window, where a tracker added by the deployment can pick it up.
 */
export const windowEventAnalytics: AnalyticsPort = {
  track(event) {
    if (typeof window === 'undefined') return;
    window.dispatchEvent(new CustomEvent<AnalyticsEvent>(ANALYTICS_DOM_EVENT, { detail: { ...event } }));
  },
};
