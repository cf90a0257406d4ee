import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { AnalyticsProvider, ClientStoreProvider, useAnalytics, useClientState, useClientStore } from './react';
import { ANALYTICS_DOM_EVENT, type AnalyticsEvent } from './analytics';
import { createClientStore } from './store';

const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';

function StudyId() {
  const pgId = useClientState((state) => state.pgId);
  return <p>study id: {pgId ?? 'none'}</p>;
}

describe('React hooks', () => {
  it('render the selected part again when it changes', () => {
    const store = createClientStore({ storage: null, events: null });
    render(
      <ClientStoreProvider store={store}>
        <StudyId />
      </ClientStoreProvider>,
    );
    expect(screen.getByText('study id: none')).toBeTruthy();
    act(() => store.setPgId(PG_ID));
    expect(screen.getByText(`study id: ${PG_ID}`)).toBeTruthy();
    store.dispose();
  });

  it('give the actions of the provided store', () => {
    const store = createClientStore({ storage: null, events: null });
    function SetsId() {
      const actions = useClientStore();
      useEffect(() => {
        actions.setPgId(PG_ID);
      }, [actions]);
      return null;
    }
    render(
      <ClientStoreProvider store={store}>
        <SetsId />
      </ClientStoreProvider>,
    );
    expect(store.getState().pgId).toBe(PG_ID);
    store.dispose();
  });

  it('send analytics events to the provided port, or as a window event by default', () => {
    function Tracks() {
      const analytics = useAnalytics();
      useEffect(() => {
        analytics.track({ action: 'Selected survey', category: 'User', label: 'nardi' });
      }, [analytics]);
      return null;
    }
    const recorded: AnalyticsEvent[] = [];
    render(
      <AnalyticsProvider analytics={{ track: (event) => void recorded.push(event) }}>
        <Tracks />
      </AnalyticsProvider>,
    );
    expect(recorded).toEqual([{ action: 'Selected survey', category: 'User', label: 'nardi' }]);

    const seen: AnalyticsEvent[] = [];
    const listener = (event: Event) => void seen.push((event as CustomEvent<AnalyticsEvent>).detail);
    window.addEventListener(ANALYTICS_DOM_EVENT, listener);
    render(<Tracks />);
    window.removeEventListener(ANALYTICS_DOM_EVENT, listener);
    expect(seen).toEqual([{ action: 'Selected survey', category: 'User', label: 'nardi' }]);
  });
});
