import { SessionJar } from '@study/participant-client';

export { SessionJar };

/** The sessions of the participants the e2e helpers made. */
export const e2eSessions = new SessionJar();
