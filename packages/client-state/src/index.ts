// The participant's client state, shared by the shell and every remote. Module federation
// shares this package as a singleton (packages/federation), so there is one store per page.
export {
  LOAD_STATUSES,
  LOAD_MESSAGES,
  isKnownLoadStatus,
  initialClientState,
  initialPersistedState,
  initialSurveyStates,
  type LoadStatus,
  type LoadState,
  type SurveyStates,
  type Notice,
  type NoticeInput,
  type NoticeStyle,
  type CompletedAuthorization,
  type ClientState,
  type PersistedState,
} from './state';
export { loadFailureMessage, isNotFoundMessage, isNotFoundLoad } from './load-messages';
export { surveyStateOnLoad, surveyStatesOf } from './survey-states';
export { STORAGE_KEY, serializeState, deserializeState, type KeyValueStorage } from './persistence';
export {
  createClientStore,
  PERSIST_DEBOUNCE_MS,
  NOTICE_DURATION_MS,
  type ClientStore,
  type ClientStoreOptions,
  type PageEvents,
} from './store';
export { getClientStore } from './default-store';
export { eventSourceResults, waitForResults, type ResultsListener, type ResultsSource } from './results-stream';
export { isAuthorized, nextDueSurvey, needsConsentAgain } from './selectors';
export {
  AUTHORIZATION_STATE_KEY,
  MISSING_STATE_REASON,
  UNKNOWN_STATE_REASON,
  AuthorizationStorageError,
  beginAuthorizationRequest,
  checkAuthorizationState,
  newAuthorizationState,
  type AuthorizationStateCheck,
  type RandomValues,
} from './authorization-request';
export { ANALYTICS_DOM_EVENT, windowEventAnalytics, type AnalyticsEvent, type AnalyticsPort } from './analytics';
export {
  ClientStoreProvider,
  useClientStore,
  useClientState,
  AnalyticsProvider,
  useAnalytics,
  type ClientStoreProviderProps,
  type AnalyticsProviderProps,
} from './react';
