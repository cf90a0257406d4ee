import type { Settings } from '@study/contracts';
import { useEffect, useState } from 'react';
import type { SessionApi } from './api/session-api';
import { errorMessage } from './finish-survey';

export type SettingsState = { status: 'loading' } | { status: 'loaded'; settings: Settings } | { status: 'failed'; message: string };

/** GET /api/settings once per page: the study email host, the TypeFinder widget, the dashboard's reset flag. */
export function useSettings(api: Pick<SessionApi, 'fetchSettings'>): SettingsState {
  const [state, setState] = useState<SettingsState>({ status: 'loading' });
  useEffect(() => {
    let cancelled = false;
    api.fetchSettings().then(
      (settings) => {
        if (!cancelled) setState({ status: 'loaded', settings });
      },
      (error: unknown) => {
        if (!cancelled) setState({ status: 'failed', message: errorMessage(error) });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [api]);
  return state;
}
