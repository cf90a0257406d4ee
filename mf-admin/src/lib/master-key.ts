import { useCallback, useState } from 'react';

/** Where the key is kept while the tab is open: this tab only, gone when it closes, never in an address. */
export const MASTER_KEY_STORAGE_KEY = 'study.admin.masterKey';

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    // Storage can be turned off; the key then lives in memory only.
    return undefined;
  }
}

export function readStoredMasterKey(): string {
  try {
    return storage()?.getItem(MASTER_KEY_STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

function storeMasterKey(value: string): void {
  try {
    if (value) storage()?.setItem(MASTER_KEY_STORAGE_KEY, value);
    else storage()?.removeItem(MASTER_KEY_STORAGE_KEY);
  } catch {
    // Full or blocked storage: the key still works for this page.
  }
}

/** The admin master key shared by the admin pages of this tab. */
export function useMasterKey(): [string, (value: string) => void] {
  const [masterKey, setMasterKey] = useState(readStoredMasterKey);
  const update = useCallback((value: string) => {
    setMasterKey(value);
    storeMasterKey(value);
  }, []);
  return [masterKey, update];
}
