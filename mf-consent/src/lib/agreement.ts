/**
 * What the participant agreed to on /consent (the consent version and the 18+ certification),
 * kept in this browser for the authorization request it belongs to, so that /return (the tab
 * Open Humans sends back to) can send it with the code.
 */
export interface ConsentAgreement {
  versionId: string;
  adult: true;
}

export const AGREEMENT_STORAGE_KEY = 'study.consent.agreement';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Keeps the agreement for the authorization request `state` (one request at a time, the latest). */
export function rememberAgreement(state: string, agreement: ConsentAgreement, store: Storage | null = storage()): void {
  try {
    store?.setItem(AGREEMENT_STORAGE_KEY, JSON.stringify({ state, ...agreement }));
  } catch {
    // Blocked or full storage: the consent is then recorded without the version.
  }
}

/** The agreement kept for this request `state`, or undefined (another request, or an older page). */
export function recallAgreement(state: string, store: Storage | null = storage()): ConsentAgreement | undefined {
  try {
    const raw: unknown = JSON.parse(store?.getItem(AGREEMENT_STORAGE_KEY) ?? 'null');
    if (typeof raw !== 'object' || raw === null) return undefined;
    const { state: kept, versionId, adult } = raw as Record<string, unknown>;
    if (kept !== state || typeof versionId !== 'string' || adult !== true) return undefined;
    return { versionId, adult: true };
  } catch {
    return undefined;
  }
}
