import { createHmac, timingSafeEqual } from 'node:crypto';

export const PARTICIPANT_SESSION_COOKIE = 'study_session';
/** A session lasts 30 days: results (the MBTI scores) arrive weeks after the surveys. */
export const PARTICIPANT_SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
/** Withdrawal, erasure, consent renewal and reset need a confirmation with Open Humans this recent. */
export const RECENT_CONFIRMATION_SECONDS = 10 * 60;

export interface ParticipantSession {
  pgId: string;
  /** When the participant last came back from Open Humans (consent or confirmation). */
  confirmedAt: Date;
  expiresAt: Date;
}

interface Payload {
  v: 1;
  pgId: string;
  /** Seconds since the epoch. */
  c: number;
  e: number;
}

/** 32 to 512 printable characters without spaces, e.g. from `openssl rand -hex 32`. */
export function isSessionSecret(value: string): boolean {
  return /^[\x21-\x7e]{32,512}$/.test(value);
}

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`${PARTICIPANT_SESSION_COOKIE}.${payload}`).digest('base64url');
}

/** The Set-Cookie value of a new session, confirmed now. The study ID is lower-cased. */
export function sessionCookie(secret: string, session: { pgId: string; confirmedAt: Date }, options: { secure: boolean }): string {
  const confirmed = Math.floor(session.confirmedAt.getTime() / 1000);
  const payload: Payload = { v: 1, pgId: session.pgId.toLowerCase(), c: confirmed, e: confirmed + PARTICIPANT_SESSION_MAX_AGE_SECONDS };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return cookieLine(`${body}.${sign(secret, body)}`, PARTICIPANT_SESSION_MAX_AGE_SECONDS, options.secure);
}

/** The Set-Cookie value that removes the session (signing out). */
export function endedSessionCookie(options: { secure: boolean }): string {
  return cookieLine('', 0, options.secure);
}

function cookieLine(value: string, maxAgeSeconds: number, secure: boolean): string {
  // Strict: the cookie goes only with calls the study's own pages make.
  return `${PARTICIPANT_SESSION_COOKIE}=${value}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/** The value of the cookie `name` in a Cookie header, if it is there. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** The session a Cookie header carries; undefined when there is none, or it is forged, malformed or expired. */
export function readSession(secret: string, cookieHeader: string | undefined, now: Date): ParticipantSession | undefined {
  const value = cookieValue(cookieHeader, PARTICIPANT_SESSION_COOKIE);
  if (!value) return undefined;
  const [body, signature, extra] = value.split('.');
  if (!body || !signature || extra !== undefined) return undefined;
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let payload: Partial<Payload>;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<Payload>;
  } catch {
    return undefined;
  }
  if (payload.v !== 1 || typeof payload.pgId !== 'string' || !Number.isInteger(payload.c) || !Number.isInteger(payload.e)) return undefined;
  const expiresAt = new Date((payload.e as number) * 1000);
  if (expiresAt.getTime() <= now.getTime()) return undefined;
  return { pgId: payload.pgId, confirmedAt: new Date((payload.c as number) * 1000), expiresAt };
}

/** Whether the participant confirmed with Open Humans within RECENT_CONFIRMATION_SECONDS. */
export function isRecentlyConfirmed(session: ParticipantSession, now: Date): boolean {
  return now.getTime() - session.confirmedAt.getTime() <= RECENT_CONFIRMATION_SECONDS * 1000;
}
