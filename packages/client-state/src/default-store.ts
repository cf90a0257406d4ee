import { createClientStore, type ClientStore } from './store';

/** Counts copies of this module on the page; module federation must keep it to one. */
const COPIES_KEY = '__STUDY_CLIENT_STATE_COPIES__';

declare global {
  interface Window {
    [COPIES_KEY]?: number;
  }
}

if (typeof window !== 'undefined') {
  const copies = (window[COPIES_KEY] ?? 0) + 1;
  window[COPIES_KEY] = copies;
  if (copies > 1) {
    // Two copies mean two stores: the shell and a remote would stop seeing each other's changes.
    console.error(`@study/client-state is loaded ${copies} times on this page; it must be a shared singleton.`);
  }
}

let defaultStore: ClientStore | undefined;

/** The page's one store, backed by window.localStorage; created on first use. */
export function getClientStore(): ClientStore {
  defaultStore ??= createClientStore();
  return defaultStore;
}
