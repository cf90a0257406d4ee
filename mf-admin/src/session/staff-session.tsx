import { ErrorCodes, type StaffSessionView, type StaffSignInRequest } from '@study/contracts';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { adminCall, AdminApiError, type AdminClient } from '../api/admin-api';
import type { Capability } from './capabilities';
import { readStaffSession, signInWithPasskey, signInWithPassword, signOut as endSession } from './session-api';
import { messageOf } from '../lib/message-of';

/** Why nobody is signed in: never was on this visit, the session ended (timed out), the server no longer knows it, or the person signed out. */
export type SignedOutReason = 'none' | 'expired' | 'ended' | 'signed-out';

export type StaffSessionStatus =
  | { state: 'checking' }
  | { state: 'signed-out'; reason: SignedOutReason }
  | { state: 'signed-in'; session: StaffSessionView }
  | { state: 'unavailable'; message: string };

export interface StaffSessionValue {
  status: StaffSessionStatus;
  /** The signed-in person's session, if any. */
  session: StaffSessionView | undefined;
  /** Whether the signed-in person's role holds the capability. */
  can: (capability: Capability) => boolean;
  /**
   * The person whose tools stay on the page, hidden, while they sign in again after their session
   * ended (so nothing typed is lost); undefined once somebody signs out.
   */
  heldFor: string | undefined;
  signIn: (request: StaffSignInRequest) => Promise<StaffSessionView>;
  signInWithPasskey: () => Promise<StaffSessionView>;
  /** Takes the session a sign-in call answered (the set-up's last step signs the person in). */
  signedIn: (session: StaffSessionView) => void;
  signOut: () => Promise<void>;
  /** Asks the server again who is signed in (and for the CSRF token); quietly: the page stays as it is meanwhile. */
  refresh: (options?: { quietly?: boolean }) => Promise<void>;
  /** The admin calls, carrying this session's CSRF token. */
  client: AdminClient;
}

const StaffSessionContext = createContext<StaffSessionValue | null>(null);


function reasonOf(error: AdminApiError): SignedOutReason {
  return error.code === ErrorCodes.STAFF_SESSION_EXPIRED ? 'expired' : 'ended';
}

/**
 * The staff session of this page: read from the server when the admin pages open (the session
 * itself is an HttpOnly cookie the page never sees), held in memory only, CSRF token included
 * (never in sessionStorage or localStorage). A 401 from any admin call drops it, so the page
 * shows the sign-in form.
 */
export function StaffSessionProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<StaffSessionStatus>({ state: 'checking' });
  const [heldFor, setHeldFor] = useState<string | undefined>(undefined);
  // The token the calls send, read when each call starts (a ref, so the client never changes).
  const csrfToken = useRef<string | undefined>(undefined);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const signedIn = useCallback((session: StaffSessionView) => {
    if (!mounted.current) return;
    csrfToken.current = session.csrfToken;
    setHeldFor(session.staff.id);
    setStatus({ state: 'signed-in', session });
  }, []);

  const signedOut = useCallback((reason: SignedOutReason) => {
    if (!mounted.current) return;
    csrfToken.current = undefined;
    if (reason === 'signed-out' || reason === 'none') setHeldFor(undefined);
    setStatus({ state: 'signed-out', reason });
  }, []);

  /** GET /api/admin/session; quietly keeps what is shown until the answer comes (after a refused CSRF token). */
  const check = useCallback(
    async (quietly: boolean) => {
      if (!quietly) setStatus({ state: 'checking' });
      try {
        signedIn(await readStaffSession());
      } catch (error) {
        // A quiet check follows a session in use, which has ended; the first one finds none, or one that timed out.
        if (error instanceof AdminApiError && error.status === 401) signedOut(quietly || error.code === ErrorCodes.STAFF_SESSION_EXPIRED ? reasonOf(error) : 'none');
        else if (mounted.current && !quietly) setStatus({ state: 'unavailable', message: messageOf(error) });
      }
    },
    [signedIn, signedOut],
  );

  useEffect(() => {
    void check(false);
  }, [check]);

  const client = useMemo<AdminClient>(
    () => ({
      call: (route, input) =>
        adminCall(route, input, {
          csrfToken: csrfToken.current,
          onSignedOut: (error) => signedOut(reasonOf(error)),
          // A token refused is another session's (signed in again in another tab): take this browser's current one.
          onCsrfRejected: () => void check(true),
        }),
    }),
    [signedOut, check],
  );

  const value = useMemo<StaffSessionValue>(() => {
    const session = status.state === 'signed-in' ? status.session : undefined;
    return {
      status,
      session,
      can: (capability) => session?.capabilities.includes(capability) ?? false,
      heldFor,
      signIn: async (request) => {
        const answer = await signInWithPassword(request);
        signedIn(answer);
        return answer;
      },
      signInWithPasskey: async () => {
        const answer = await signInWithPasskey();
        signedIn(answer);
        return answer;
      },
      signedIn,
      signOut: async () => {
        try {
          await endSession({ csrfToken: csrfToken.current });
        } catch (error) {
          // Signed out already (401) is what was asked; anything else is told.
          if (!(error instanceof AdminApiError && error.status === 401)) throw error;
        }
        signedOut('signed-out');
      },
      refresh: (options) => check(options?.quietly ?? false),
      client,
    };
  }, [status, heldFor, signedIn, signedOut, check, client]);

  return <StaffSessionContext.Provider value={value}>{children}</StaffSessionContext.Provider>;
}

export function useStaffSession(): StaffSessionValue {
  const value = useContext(StaffSessionContext);
  if (!value) throw new Error('useStaffSession needs a StaffSessionProvider above it (the admin routes have one).');
  return value;
}

/** The admin calls of the signed-in person (their CSRF token; a 401 signs the page out). */
export function useAdminClient(): AdminClient {
  return useStaffSession().client;
}
