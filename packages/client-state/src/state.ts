import { initialSurveyState, surveyIds, type SurveyId, type SurveyState, type UserView } from '@study/contracts';

/** Load status values (product.md section 4). */
export const LOAD_STATUSES = ['loading', 'loaded', 'failed', 'saving', 'saved', 'save-failed'] as const;
export type LoadStatus = (typeof LOAD_STATUSES)[number];

/** The messages that go with the statuses that have a fixed one; failures carry the error instead. */
export const LOAD_MESSAGES = {
  loading: 'Loading user data...',
  loaded: 'User data loaded successfully',
  saving: 'Saving survey',
  saved: 'Survey saved successfully',
} as const satisfies Partial<Record<LoadStatus, string>>;

/**
 * Where loading (or saving) the participant's data stands. `status` is a plain string: a value
 * restored from an older or newer version of the app may be one this version does not know, and
 * the app sends the participant home (/) for it rather than guessing.
 */
export interface LoadState {
  status: string;
  message: string;
}

export function isKnownLoadStatus(status: string): status is LoadStatus {
  return (LOAD_STATUSES as readonly string[]).includes(status);
}

export type SurveyStates = Readonly<Record<SurveyId, SurveyState>>;

export type NoticeStyle = 'info' | 'success' | 'warning' | 'danger';

/** A short message shown by the shell for NOTICE_DURATION_MS (product.md section 3: topic, message, style). */
export interface Notice {
  id: number;
  /** What the notice is about; a new notice on the same topic replaces the old one. */
  topic: string;
  message: string;
  style: NoticeStyle;
}

export type NoticeInput = Omit<Notice, 'id'>;

/** The last finished Open Humans authorization: which request (its `state`) gave which study ID. */
export interface CompletedAuthorization {
  state: string;
  pgId: string;
}

export interface ClientState {
  /** The participant's study ID (a v4 UUID in lower case), once known. */
  pgId: string | null;
  /** The answer to POST /api/user for pgId. */
  user: UserView | null;
  /** null until something has been loaded for this study ID. */
  load: LoadState | null;
  /** The participant's working copy of each survey. */
  surveys: SurveyStates;
  authorization: CompletedAuthorization | null;
  /** Shown for a few seconds; never persisted. */
  notices: readonly Notice[];
}

/** The part of the state kept in local storage and shared with other tabs. */
export type PersistedState = Omit<ClientState, 'notices'>;

export function initialSurveyStates(): SurveyStates {
  return Object.fromEntries(surveyIds.map((id) => [id, initialSurveyState(id)])) as Record<SurveyId, SurveyState>;
}

export function initialPersistedState(): PersistedState {
  return { pgId: null, user: null, load: null, surveys: initialSurveyStates(), authorization: null };
}

export function initialClientState(): ClientState {
  return { ...initialPersistedState(), notices: [] };
}
