import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { windowEventAnalytics, type AnalyticsPort } from './analytics';
import { getClientStore } from './default-store';
import type { ClientState } from './state';
import type { ClientStore } from './store';

// These contexts live in the shared singleton module, so a provider in the shell reaches every remote.
const ClientStoreContext = createContext<ClientStore | null>(null);
const AnalyticsContext = createContext<AnalyticsPort>(windowEventAnalytics);

export interface ClientStoreProviderProps {
  store: ClientStore;
  children?: ReactNode;
}

/** Puts another store in place of the page's shared one (tests, previews). */
export function ClientStoreProvider({ store, children }: ClientStoreProviderProps) {
  return <ClientStoreContext.Provider value={store}>{children}</ClientStoreContext.Provider>;
}

/** The store, for its actions. */
export function useClientStore(): ClientStore {
  return useContext(ClientStoreContext) ?? getClientStore();
}

/**
 * A part of the client state; the component renders again when it changes. The selector must
 * return a part of the state or a value computed to a primitive, never a new object or array.
 */
export function useClientState<T>(selector: (state: ClientState) => T): T {
  const store = useClientStore();
  const select = () => selector(store.getState());
  return useSyncExternalStore(store.subscribe, select, select);
}

export interface AnalyticsProviderProps {
  analytics: AnalyticsPort;
  children?: ReactNode;
}

export function AnalyticsProvider({ analytics, children }: AnalyticsProviderProps) {
  return <AnalyticsContext.Provider value={analytics}>{children}</AnalyticsContext.Provider>;
}

export function useAnalytics(): AnalyticsPort {
  return useContext(AnalyticsContext);
}
