import type { ParticipantResults, UserView } from '@study/contracts';
import { loadFailureMessage } from './load-messages';
import { deserializeState, serializeState, STORAGE_KEY, type KeyValueStorage } from './persistence';
import { initialPersistedState, initialSurveyStates } from './state';
import { createClientStore, type ClientStore } from './store';

const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';
const OTHER_ID = '6f1c2a7e-3b4d-4c5e-8f60-7a8b9c0d1e2f';

function userView(pgId = PG_ID, overrides: Partial<UserView> = {}): UserView {
  return {
    access: { pgId, consent: true, dataReady: false, snpFileUploaded: true },
    typeFinder: { id: 'typeFinder', status: 'completed', index: 3, answers: [{ id: 'q1', value: 'a' }], typeCode: 'INTJ' },
    nardi: { id: 'nardi', status: 'in-progress', index: 4, answers: [{ id: 1, value: 'A' }] },
    selfAssessment: { id: 'selfAssessment', status: 'pending', index: 0, answers: [] },
    mbti: { id: 'mbti', status: 'pending', index: 0, answers: [] },
    finalScore: null,
    ...overrides,
  };
}

/** Local storage that counts writes. */
class RecordingStorage implements KeyValueStorage {
  readonly values = new Map<string, string>();
  writes: string[] = [];
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
    if (key === STORAGE_KEY) this.writes.push(value);
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
}

let stores: ClientStore[] = [];
function makeStore(storage: KeyValueStorage | null, events: EventTarget | null = null): ClientStore {
  const store = createClientStore({ storage, events: events as Window | null });
  stores.push(store);
  return store;
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  for (const store of stores) store.dispose();
  stores = [];
  jest.useRealTimers();
});

describe('persistence', () => {
  it('writes to local storage under "state" at most once per second, with the latest state', () => {
    const storage = new RecordingStorage();
    const store = makeStore(storage);
    store.loadStarted(PG_ID);
    jest.advanceTimersByTime(400);
    store.loadSucceeded(userView());
    jest.advanceTimersByTime(999);
    expect(storage.writes).toHaveLength(0);
    jest.advanceTimersByTime(1);
    expect(storage.writes).toHaveLength(1);
    const saved = deserializeState(storage.getItem(STORAGE_KEY));
    expect(saved.pgId).toBe(PG_ID);
    expect(saved.load).toEqual({ status: 'loaded', message: 'User data loaded successfully' });

    // A burst of changes costs one write.
    for (let i = 0; i < 10; i++) {
      store.saveStarted();
      store.saveSucceeded();
      jest.advanceTimersByTime(100);
    }
    expect(storage.writes).toHaveLength(1);
    jest.advanceTimersByTime(1000);
    expect(storage.writes).toHaveLength(2);
    expect(deserializeState(storage.writes[1] ?? null).load?.status).toBe('saved');

    // Nothing changed: nothing written.
    jest.advanceTimersByTime(5000);
    expect(storage.writes).toHaveLength(2);
  });

  it('never writes twice within a second however the changes are spread', () => {
    const storage = new RecordingStorage();
    const store = makeStore(storage);
    store.setPgId(PG_ID);
    const writeTimes: number[] = [];
    const setItem = storage.setItem.bind(storage);
    storage.setItem = (key, value) => {
      writeTimes.push(Date.now());
      setItem(key, value);
    };
    for (let t = 0; t < 6000; t += 250) {
      if (t % 1500 === 0) store.saveStarted();
      else store.saveSucceeded();
      jest.advanceTimersByTime(250);
    }
    jest.advanceTimersByTime(1000);
    expect(writeTimes.length).toBeGreaterThan(0);
    for (let i = 1; i < writeTimes.length; i++) expect((writeTimes[i] ?? 0) - (writeTimes[i - 1] ?? 0)).toBeGreaterThanOrEqual(1000);
  });

  it('writes a pending change at once when the page is hidden or left', () => {
    const storage = new RecordingStorage();
    const events = new EventTarget();
    const store = makeStore(storage, events);
    store.setPgId(PG_ID);
    events.dispatchEvent(new Event('pagehide'));
    expect(storage.writes).toHaveLength(1);
    expect(deserializeState(storage.writes[0] ?? null).pgId).toBe(PG_ID);
    jest.advanceTimersByTime(2000);
    expect(storage.writes).toHaveLength(1);
  });

  it('does not write notices (they are not part of the saved state)', () => {
    const storage = new RecordingStorage();
    const store = makeStore(storage);
    store.notify({ topic: 'reset', message: 'Resetting surveys for current user', style: 'info' });
    jest.advanceTimersByTime(6000);
    expect(storage.writes).toHaveLength(0);
  });

  it('restores the saved state when created, without notices and without calling anyone', () => {
    const storage = new RecordingStorage();
    const saved = JSON.parse(serializeState({ ...initialPersistedState(), pgId: PG_ID, user: userView(), load: { status: 'loaded', message: 'User data loaded successfully' } }));
    storage.values.set(STORAGE_KEY, JSON.stringify({ ...saved, notices: [{ id: 1, topic: 'reset', message: 'Surveys reset for current user', style: 'success' }] }));

    const store = makeStore(storage);
    const listener = jest.fn();
    store.subscribe(listener);
    expect(store.getState().pgId).toBe(PG_ID);
    expect(store.getState().user?.typeFinder.typeCode).toBe('INTJ');
    expect(store.getState().load?.status).toBe('loaded');
    expect(store.getState().notices).toEqual([]);
    jest.advanceTimersByTime(2000);
    expect(listener).not.toHaveBeenCalled();
    expect(storage.writes).toHaveLength(0);
  });

  it.each([
    ['not JSON', '{"v":1,'],
    ['another format version', JSON.stringify({ v: 99, pgId: PG_ID })],
    ['a study ID that is not a v4 UUID', JSON.stringify({ v: 1, pgId: 'abc' })],
    ['an array', '[]'],
  ])('starts clean from %s', (_what, text) => {
    const storage = new RecordingStorage();
    storage.values.set(STORAGE_KEY, text);
    expect(makeStore(storage).getState()).toEqual({ ...initialPersistedState(), notices: [] });
  });

  it('drops a stored user that belongs to another study ID', () => {
    const text = serializeState({ ...initialPersistedState(), pgId: PG_ID, user: userView(OTHER_ID) });
    expect(deserializeState(text)).toMatchObject({ pgId: PG_ID, user: null });
  });

  it('keeps a load status it does not know, for the app to send the participant home', () => {
    const text = serializeState({ ...initialPersistedState(), pgId: PG_ID, load: { status: 'teleporting', message: '?' } });
    expect(deserializeState(text).load).toEqual({ status: 'teleporting', message: '?' });
  });

  it('works without storage', () => {
    const store = makeStore(null);
    store.setPgId(PG_ID);
    jest.advanceTimersByTime(2000);
    expect(store.getState().pgId).toBe(PG_ID);
  });
});

describe('another tab', () => {
  function storageEvent(key: string | null, newValue: string | null): StorageEvent {
    return new StorageEvent('storage', { key, newValue });
  }

  it("takes over what another tab saved under 'state', keeping its own notices, without writing it back", () => {
    const storage = new RecordingStorage();
    const events = new EventTarget();
    const store = makeStore(storage, events);
    store.notify({ topic: 't', message: 'still here', style: 'info' });
    const listener = jest.fn();
    store.subscribe(listener);

    const fromOtherTab = serializeState({ ...initialPersistedState(), pgId: PG_ID, authorization: { state: 'a'.repeat(32), pgId: PG_ID } });
    events.dispatchEvent(storageEvent(STORAGE_KEY, fromOtherTab));

    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getState().pgId).toBe(PG_ID);
    expect(store.getState().authorization).toEqual({ state: 'a'.repeat(32), pgId: PG_ID });
    expect(store.getState().notices.map((n) => n.message)).toEqual(['still here']);
    jest.advanceTimersByTime(2000);
    expect(storage.writes).toHaveLength(0);
  });

  it('ignores other keys, and starts clean when the other tab clears local storage', () => {
    const events = new EventTarget();
    const store = makeStore(new RecordingStorage(), events);
    store.setPgId(PG_ID);
    events.dispatchEvent(storageEvent('authorizationState', 'x'));
    expect(store.getState().pgId).toBe(PG_ID);
    events.dispatchEvent(storageEvent(null, null));
    expect(store.getState().pgId).toBeNull();
  });

  it('reaches a second store through the real window storage event', () => {
    localStorage.clear();
    const tabA = makeStore(localStorage, null);
    const tabB = makeStore(localStorage, window);
    tabA.setPgId(PG_ID);
    jest.advanceTimersByTime(1000);
    // The browser fires 'storage' in the other tabs only; jsdom needs it dispatched by hand.
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEY, newValue: localStorage.getItem(STORAGE_KEY), storageArea: localStorage }));
    expect(tabB.getState().pgId).toBe(PG_ID);
  });
});

describe('notices', () => {
  it('shows a notice for 5 seconds', () => {
    const store = makeStore(null);
    store.notify({ topic: 'reset', message: 'Resetting surveys for current user', style: 'info' });
    expect(store.getState().notices).toEqual([{ id: expect.any(Number), topic: 'reset', message: 'Resetting surveys for current user', style: 'info' }]);
    jest.advanceTimersByTime(4999);
    expect(store.getState().notices).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(store.getState().notices).toEqual([]);
  });

  it('replaces a notice on the same topic and gives the new one its full 5 seconds', () => {
    const store = makeStore(null);
    store.notify({ topic: 'reset', message: 'Resetting surveys for current user', style: 'info' });
    store.notify({ topic: 'other', message: 'Something else', style: 'warning' });
    jest.advanceTimersByTime(3000);
    store.notify({ topic: 'reset', message: 'Surveys reset for current user', style: 'success' });
    expect(store.getState().notices.map((n) => n.message)).toEqual(['Something else', 'Surveys reset for current user']);
    jest.advanceTimersByTime(2000);
    expect(store.getState().notices.map((n) => n.message)).toEqual(['Surveys reset for current user']);
    jest.advanceTimersByTime(3000);
    expect(store.getState().notices).toEqual([]);
  });

  it('can be dismissed early', () => {
    const store = makeStore(null);
    const id = store.notify({ topic: 'x', message: 'Hello', style: 'info' });
    store.dismissNotice(id);
    expect(store.getState().notices).toEqual([]);
  });
});

describe('study ID and load status', () => {
  it('moves through loading and loaded with the spec messages, and takes the surveys as loaded', () => {
    const store = makeStore(null);
    store.loadStarted(PG_ID.toUpperCase());
    expect(store.getState()).toMatchObject({ pgId: PG_ID, load: { status: 'loading', message: 'Loading user data...' } });
    store.loadSucceeded(userView());
    const { surveys, load } = store.getState();
    expect(load).toEqual({ status: 'loaded', message: 'User data loaded successfully' });
    // Completed keeps only the type code; in-progress counts as pending.
    expect(surveys.typeFinder).toEqual({ id: 'typeFinder', status: 'completed', index: 0, answers: [], typeCode: 'INTJ' });
    expect(surveys.nardi).toMatchObject({ status: 'pending', index: 4, answers: [{ id: 1, value: 'A' }] });
  });

  it('keeps an answer given while a load was under way, and takes what the server moved on or back', () => {
    const store = makeStore(null);
    const answered = { id: 'nardi' as const, status: 'in-progress' as const, index: 5, answers: [{ id: 1, value: 'A' }, { id: 2, value: 'B' }] };
    // From the dashboard straight to the questions: the load answers after the second answer.
    store.loadStarted(PG_ID);
    store.setSurvey(answered);
    store.loadSucceeded(userView());
    expect(store.getState().surveys.nardi).toEqual(answered);
    expect(store.getState().load).toEqual({ status: 'loaded', message: 'User data loaded successfully' });

    // A save's answer moves the survey on: it is taken.
    store.saveStarted();
    store.loadSucceeded(userView(PG_ID, { nardi: { id: 'nardi', status: 'part-one', index: 0, answers: answered.answers } }));
    expect(store.getState().surveys.nardi.status).toBe('part-one');

    // The next visit's load shows a reset made elsewhere: nothing was answered since it started.
    store.setSurvey(answered);
    store.loadStarted(PG_ID);
    store.loadSucceeded(userView(PG_ID, { nardi: { id: 'nardi', status: 'pending', index: 0, answers: [] } }));
    expect(store.getState().surveys.nardi).toEqual({ id: 'nardi', status: 'pending', index: 0, answers: [] });
  });

  it('records saving, saved and save-failed', () => {
    const store = makeStore(null);
    store.saveStarted();
    expect(store.getState().load).toEqual({ status: 'saving', message: 'Saving survey' });
    store.saveSucceeded();
    expect(store.getState().load).toEqual({ status: 'saved', message: 'Survey saved successfully' });
    store.saveFailed('Disk full (HTTP 500)');
    expect(store.getState().load).toEqual({ status: 'save-failed', message: 'Disk full (HTTP 500)' });
  });

  it('ignores an answer about another study ID than the current one', () => {
    const store = makeStore(null);
    store.loadStarted(PG_ID);
    store.loadStarted(OTHER_ID);
    store.loadSucceeded(userView(PG_ID));
    store.loadFailed(PG_ID, 'late');
    expect(store.getState()).toMatchObject({ pgId: OTHER_ID, user: null, load: { status: 'loading' } });
  });

  it('keeps the study ID on a failure, and forgets it when the failure is a 404', () => {
    const store = makeStore(null);
    store.loadStarted(PG_ID);
    store.loadFailed(PG_ID, loadFailureMessage('Something went wrong on our side.', 500));
    expect(store.getState()).toMatchObject({ pgId: PG_ID, load: { status: 'failed', message: 'Something went wrong on our side. (HTTP 500)' } });
    store.loadStarted(PG_ID);
    store.loadFailed(PG_ID, loadFailureMessage('No participant with this study ID.', 404));
    expect(store.getState()).toMatchObject({ pgId: null, user: null, load: { status: 'failed', message: 'No participant with this study ID. (HTTP 404)' } });
  });

  it('starts from a clean slate for another study ID, and keeps everything for the same one', () => {
    const store = makeStore(null);
    store.loadStarted(PG_ID);
    store.loadSucceeded(userView());
    store.setPgId(PG_ID);
    expect(store.getState().user).not.toBeNull();
    store.setPgId(OTHER_ID);
    expect(store.getState()).toMatchObject({ pgId: OTHER_ID, user: null, load: null, surveys: initialSurveyStates() });
  });

  it('records which authorization request gave the study ID', () => {
    const store = makeStore(null);
    store.completeAuthorization({ state: 'f'.repeat(32), pgId: PG_ID });
    expect(store.getState()).toMatchObject({ pgId: PG_ID, authorization: { state: 'f'.repeat(32), pgId: PG_ID } });
  });

  it('refuses a study ID that is not a v4 UUID', () => {
    const store = makeStore(null);
    expect(() => store.setPgId('12345')).toThrow('Not a study ID');
  });

  it('clears the surveys and updates one survey', () => {
    const store = makeStore(null);
    store.setSurvey({ id: 'nardi', status: 'part-one', index: 25, answers: [] });
    expect(store.getState().surveys.nardi.status).toBe('part-one');
    store.clearSurveys();
    expect(store.getState().surveys).toEqual(initialSurveyStates());
  });
});

describe('results from the result stream', () => {
  const completedNardi = { id: 'nardi' as const, status: 'completed' as const, index: 0, answers: [], typeCode: 'INFJ' };
  const results = (overrides: Partial<ParticipantResults> = {}): ParticipantResults => ({
    pgId: PG_ID,
    nardi: { scored: true, result: { typeCode: 'INFJ', consistency: 6 } },
    finalScore: { typeCode: 'INTJ', computedAt: '2025-03-01T10:00:00.000Z' },
    finalReport: { generatedAt: '2025-03-01T10:00:01.000Z' },
    ...overrides,
  });

  it('takes the final score, the report and the Nardi consistency into the user data and the Nardi survey', () => {
    const store = makeStore(null);
    store.setPgId(PG_ID);
    store.loadSucceeded(userView(PG_ID, { nardi: completedNardi }));
    store.resultsArrived(results());
    const state = store.getState();
    expect(state.user).toMatchObject({ finalScore: { typeCode: 'INTJ' }, finalReport: { generatedAt: '2025-03-01T10:00:01.000Z' }, nardi: { consistency: 6 } });
    expect(state.surveys.nardi).toMatchObject({ status: 'completed', typeCode: 'INFJ', consistency: 6 });
    // The load status is untouched (a save in progress stays one).
    expect(state.load?.status).toBe('loaded');
  });

  it('changes nothing for the same results again, another study ID, or before the data is loaded', () => {
    const store = makeStore(null);
    store.setPgId(PG_ID);
    store.resultsArrived(results());
    expect(store.getState().user).toBeNull();
    store.loadSucceeded(userView(PG_ID, { nardi: completedNardi }));
    store.resultsArrived(results());
    const listener = jest.fn();
    store.subscribe(listener);
    store.resultsArrived(results());
    store.resultsArrived(results({ pgId: OTHER_ID, finalScore: { typeCode: 'ENFP' } }));
    expect(listener).not.toHaveBeenCalled();
    expect(store.getState().user?.finalScore?.typeCode).toBe('INTJ');
  });

  it('leaves a Nardi survey that is not completed alone', () => {
    const store = makeStore(null);
    store.setPgId(PG_ID);
    store.loadSucceeded(userView());
    store.resultsArrived(results({ finalScore: null, finalReport: null }));
    expect(store.getState().surveys.nardi.consistency).toBeUndefined();
  });
});

describe('signing out (a shared computer)', () => {
  it('forgets the study ID, the data and the surveys, and writes that to storage at once', () => {
    const storage = new RecordingStorage();
    const store = makeStore(storage);
    store.completeAuthorization({ state: 'f'.repeat(32), pgId: PG_ID });
    store.loadStarted(PG_ID);
    store.loadSucceeded(userView());
    jest.advanceTimersByTime(1000);
    expect(deserializeState(storage.getItem(STORAGE_KEY)).pgId).toBe(PG_ID);

    store.signOut();
    expect(store.getState()).toMatchObject(initialPersistedState());
    // No debounce: a reload or another tab right after sees nobody signed in.
    expect(deserializeState(storage.getItem(STORAGE_KEY))).toEqual(initialPersistedState());
    expect(makeStore(storage).getState().pgId).toBeNull();
  });
});
