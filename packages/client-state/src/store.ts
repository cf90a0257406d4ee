import type { ParticipantResults, SurveyState, UserView } from '@study/contracts';
import { isV4Uuid } from '@study/personality';
import { isNotFoundMessage } from './load-messages';
import { deserializeState, serializeState, STORAGE_KEY, type KeyValueStorage } from './persistence';
import {
  initialPersistedState,
  initialSurveyStates,
  LOAD_MESSAGES,
  type ClientState,
  type CompletedAuthorization,
  type NoticeInput,
  type PersistedState,
  type SurveyStates,
} from './state';
import { surveyStatesOf } from './survey-states';

/** Local storage is written at most once per second (product.md section 9). */
export const PERSIST_DEBOUNCE_MS = 1000;
/** How long a notice stays on screen (product.md section 9). */
export const NOTICE_DURATION_MS = 5000;

/** The events the store listens to: 'storage' (other tabs), 'pagehide' and 'visibilitychange' (save before leaving). */
export type PageEvents = Pick<Window, 'addEventListener' | 'removeEventListener'>;

export interface ClientStoreOptions {
  /** Where the state is kept; null keeps it in memory only. Default: window.localStorage. */
  storage?: KeyValueStorage | null;
  /** Default: window. null listens to nothing (no other tabs, no save on leaving). */
  events?: PageEvents | null;
  persistDebounceMs?: number;
  noticeDurationMs?: number;
}

export interface ClientStore {
  getState(): ClientState;
  /** useSyncExternalStore's subscribe: the listener runs after every change. */
  subscribe(listener: () => void): () => void;

  /** Remembers the study ID; a different one than before starts from a clean slate. */
  setPgId(pgId: string): void;
  /** /return exchanged the code of the authorization request `state` for `pgId`. */
  completeAuthorization(authorization: CompletedAuthorization): void;
  /** Loading the participant's data for pgId (stored as the study ID) has started. */
  loadStarted(pgId: string): void;
  /** POST /api/user answered; ignored when it is about another study ID than the current one. */
  loadSucceeded(user: UserView): void;
  /**
   * The participant's results as the result stream sent them (the Nardi result, the final score,
   * the report): taken into the user data and the Nardi survey; ignored for another study ID or
   * before the participant's data is loaded.
   */
  resultsArrived(results: ParticipantResults): void;
  /** POST /api/user failed for pgId; a message ending in 404 also forgets the unknown study ID. */
  loadFailed(pgId: string, message: string): void;
  saveStarted(): void;
  saveSucceeded(): void;
  saveFailed(message: string): void;
  /** Forgets the load status (used when it holds a value this version does not know). */
  resetLoad(): void;
  /** Replaces one survey's working state. */
  setSurvey(survey: SurveyState): void;
  /** Every survey back to its initial state. */
  clearSurveys(): void;
  /**
   * Signs this browser out (a shared computer, another study ID): forgets the study ID, the
   * participant's data and survey states, and writes that to storage at once, so other tabs and
   * a reload see it too.
   */
  signOut(): void;

  /** Shows a notice for NOTICE_DURATION_MS; answers its id. */
  notify(notice: NoticeInput): number;
  dismissNotice(id: number): void;

  /** Writes a pending change to storage now. */
  flush(): void;
  /** Stops timers and listeners, writing a pending change first. */
  dispose(): void;
}

const ANSWERING: ReadonlySet<SurveyState['status']> = new Set(['pending', 'in-progress', 'reviewing']);

/**
 * The loaded survey states, except where the participant went on answering while the load was
 * under way (a quick click from the dashboard to the first question): there the loaded state is
 * older than the one on screen, so the screen's stays. A survey the server moved on (a save's
 * answer, a completion) or back (a reset elsewhere, seen by the next load) takes the loaded state.
 */
function keepAnswering(loaded: SurveyStates, held: SurveyStates, answered: ReadonlySet<SurveyState['id']>): SurveyStates {
  let surveys = loaded;
  for (const id of answered) {
    const mine = held[id];
    const theirs = loaded[id];
    if (ANSWERING.has(mine.status) && ANSWERING.has(theirs.status) && mine.answers.length >= theirs.answers.length) surveys = { ...surveys, [id]: mine };
  }
  return surveys;
}

function persistedPart(state: ClientState): PersistedState {
  const { pgId, user, load, surveys, authorization } = state;
  return { pgId, user, load, surveys, authorization };
}

function defaultStorage(): KeyValueStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be switched off (privacy settings): the app still works for this page view.
    return null;
  }
}

/**
 * The participant's client state: study ID, user data, load status, survey states and notices.
 * It is restored from storage when created (no listener runs for that, and no notice comes
 * back), saved at most once per PERSIST_DEBOUNCE_MS after the last change and when the page is
 * left, and follows what other tabs save.
 */
export function createClientStore(options: ClientStoreOptions = {}): ClientStore {
  const storage = options.storage === undefined ? defaultStorage() : options.storage;
  const events = options.events === undefined ? (typeof window === 'undefined' ? null : window) : options.events;
  const persistDebounceMs = options.persistDebounceMs ?? PERSIST_DEBOUNCE_MS;
  const noticeDurationMs = options.noticeDurationMs ?? NOTICE_DURATION_MS;

  let state: ClientState = { ...deserializeState(read()), notices: [] };
  const listeners = new Set<() => void>();
  let persistTimer: ReturnType<typeof setTimeout> | undefined;
  const noticeTimers = new Map<number, ReturnType<typeof setTimeout>>();
  let nextNoticeId = 1;
  // Surveys the participant answered since the last load started: that load's answer was read
  // before those answers, so it must not take them back (see keepAnswering).
  let answeredSinceLoad = new Set<SurveyState['id']>();

  function read(): string | null {
    try {
      return storage?.getItem(STORAGE_KEY) ?? null;
    } catch {
      return null;
    }
  }

  function write(): void {
    if (persistTimer !== undefined) clearTimeout(persistTimer);
    persistTimer = undefined;
    try {
      storage?.setItem(STORAGE_KEY, serializeState(persistedPart(state)));
    } catch (error) {
      // Full or blocked storage: the page keeps working, only a reload would lose the state.
      console.warn('The study state could not be saved in this browser:', error);
    }
  }

  function schedulePersist(): void {
    if (!storage) return;
    if (persistTimer !== undefined) clearTimeout(persistTimer);
    persistTimer = setTimeout(write, persistDebounceMs);
  }

  function emit(): void {
    for (const listener of [...listeners]) listener();
  }

  /** Applies a change of the persisted part: listeners now, storage after the debounce. */
  function update(change: (current: ClientState) => ClientState): void {
    const next = change(state);
    if (next === state) return;
    state = next;
    schedulePersist();
    emit();
  }

  function setNotices(notices: ClientState['notices']): void {
    state = { ...state, notices };
    emit();
  }

  function withPgId(current: ClientState, pgId: string): ClientState {
    const id = pgId.toLowerCase();
    if (current.pgId === id) return current;
    // Another participant: nothing of the previous one may show through.
    return { ...current, ...initialPersistedState(), pgId: id };
  }

  const onStorage = (event: Event) => {
    const { key, newValue } = event as StorageEvent;
    // key null: the other tab cleared all of local storage.
    if (key !== STORAGE_KEY && key !== null) return;
    if (persistTimer !== undefined) clearTimeout(persistTimer);
    persistTimer = undefined;
    state = { ...deserializeState(key === null ? null : newValue), notices: state.notices };
    emit();
  };
  const onPageHide = () => {
    if (persistTimer !== undefined) write();
  };
  const onVisibility = () => {
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') onPageHide();
  };
  events?.addEventListener('storage', onStorage);
  events?.addEventListener('pagehide', onPageHide);
  events?.addEventListener('visibilitychange', onVisibility);

  const store: ClientStore = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    setPgId(pgId) {
      if (!isV4Uuid(pgId)) throw new Error(`Not a study ID: ${pgId}`);
      update((current) => withPgId(current, pgId));
    },
    completeAuthorization(authorization) {
      if (!isV4Uuid(authorization.pgId)) throw new Error(`Not a study ID: ${authorization.pgId}`);
      const pgId = authorization.pgId.toLowerCase();
      update((current) => ({ ...withPgId(current, pgId), authorization: { state: authorization.state, pgId } }));
    },
    loadStarted(pgId) {
      if (!isV4Uuid(pgId)) throw new Error(`Not a study ID: ${pgId}`);
      answeredSinceLoad = new Set();
      update((current) => ({ ...withPgId(current, pgId), load: { status: 'loading', message: LOAD_MESSAGES.loading } }));
    },
    loadSucceeded(user) {
      update((current) =>
        current.pgId !== user.access.pgId.toLowerCase()
          ? current
          : { ...current, user, surveys: keepAnswering(surveyStatesOf(user), current.surveys, answeredSinceLoad), load: { status: 'loaded', message: LOAD_MESSAGES.loaded } },
      );
    },
    resultsArrived(results) {
      update((current) => {
        const user = current.user;
        if (user === null || current.pgId !== results.pgId.toLowerCase()) return current;
        const nardiResult = results.nardi.result;
        const completed = nardiResult !== null && user.nardi.status === 'completed';
        const nardi = completed ? { ...user.nardi, typeCode: nardiResult.typeCode, consistency: nardiResult.consistency } : user.nardi;
        const next = { ...user, nardi, finalScore: results.finalScore, finalReport: results.finalReport };
        const held = current.surveys.nardi;
        const surveys =
          completed && held.status === 'completed' && (held.typeCode !== nardiResult.typeCode || held.consistency !== nardiResult.consistency)
            ? { ...current.surveys, nardi: { ...current.surveys.nardi, typeCode: nardiResult.typeCode, consistency: nardiResult.consistency } }
            : current.surveys;
        const unchanged = surveys === current.surveys && JSON.stringify([user.nardi, user.finalScore, user.finalReport]) === JSON.stringify([nardi, next.finalScore, next.finalReport]);
        return unchanged ? current : { ...current, user: next, surveys };
      });
    },
    loadFailed(pgId, message) {
      update((current) => {
        if (current.pgId !== pgId.toLowerCase()) return current;
        const load = { status: 'failed', message };
        // An unknown study ID is not "stored": the participant is back to entering one.
        return isNotFoundMessage(message) ? { ...current, ...initialPersistedState(), load } : { ...current, load };
      });
    },
    saveStarted() {
      update((current) => ({ ...current, load: { status: 'saving', message: LOAD_MESSAGES.saving } }));
    },
    saveSucceeded() {
      update((current) => ({ ...current, load: { status: 'saved', message: LOAD_MESSAGES.saved } }));
    },
    saveFailed(message) {
      update((current) => ({ ...current, load: { status: 'save-failed', message } }));
    },
    resetLoad() {
      update((current) => (current.load === null ? current : { ...current, load: null }));
    },
    setSurvey(survey) {
      answeredSinceLoad.add(survey.id);
      update((current) => ({ ...current, surveys: { ...current.surveys, [survey.id]: survey } }));
    },
    clearSurveys() {
      update((current) => ({ ...current, surveys: initialSurveyStates() }));
    },
    signOut() {
      update((current) => ({ ...current, ...initialPersistedState() }));
      write();
    },

    notify(notice) {
      const id = nextNoticeId++;
      // One notice per topic: 'Surveys reset' takes the place of 'Resetting surveys'.
      for (const old of state.notices.filter((n) => n.topic === notice.topic)) {
        clearTimeout(noticeTimers.get(old.id));
        noticeTimers.delete(old.id);
      }
      setNotices([...state.notices.filter((n) => n.topic !== notice.topic), { ...notice, id }]);
      noticeTimers.set(
        id,
        setTimeout(() => store.dismissNotice(id), noticeDurationMs),
      );
      return id;
    },
    dismissNotice(id) {
      clearTimeout(noticeTimers.get(id));
      noticeTimers.delete(id);
      if (state.notices.some((n) => n.id === id)) setNotices(state.notices.filter((n) => n.id !== id));
    },

    flush() {
      if (persistTimer !== undefined) write();
    },
    dispose() {
      store.flush();
      for (const timer of noticeTimers.values()) clearTimeout(timer);
      noticeTimers.clear();
      events?.removeEventListener('storage', onStorage);
      events?.removeEventListener('pagehide', onPageHide);
      events?.removeEventListener('visibilitychange', onVisibility);
      listeners.clear();
    },
  };
  return store;
}

