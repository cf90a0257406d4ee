import type { Settings } from '@study/contracts';
import { useEffect, useState } from 'react';
import { errorMessage } from '../lib/error-message';

/** The one call the hook makes; the dashboard's and the assessment screens' APIs both have it. */
export interface SettingsSource {
  /** GET /api/settings */
  fetchSettings(): Promise<Settings>;
}

export type SettingsState = { status: 'loading' } | { status: 'loaded'; settings: Settings } | { status: 'failed'; message: string };

/** GET /api/settings once per page: the study email host, the TypeFinder widget, the dashboard's reset flag. */
export function useSettings(api: SettingsSource): SettingsState {
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
