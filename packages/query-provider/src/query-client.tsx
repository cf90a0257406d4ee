import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, useState, type ReactNode } from 'react';

export interface QueryClientSettings {
  /** How long data no component uses is kept (TanStack's default unless given); tests keep it for ever, so no timer outlives them. */
  gcTime?: number;
}

/**
 * The remote's data layer: its calls to the study's API go through the queries and mutations of
 * this client. A failed call is shown with its own retry button, so nothing is retried behind
 * the user's back, and nothing is fetched again only because the window got the focus.
 */
export function createQueryClient({ gcTime }: QueryClientSettings = {}): QueryClient {
  const kept = gcTime === undefined ? {} : { gcTime };
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false, ...kept },
      mutations: { retry: false, ...kept },
    },
  });
}

export interface QueryProviderProps {
  children?: ReactNode;
}

/** One QueryClient for as long as the remote is mounted, unless one is in place already (a test's). */
export function QueryProvider({ children }: QueryProviderProps) {
  const outer = useContext(QueryClientContext);
  const [own] = useState(() => outer ?? createQueryClient());
  if (outer) return <>{children}</>;
  return <QueryClientProvider client={own}>{children}</QueryClientProvider>;
}
