import type { DestinationStream } from 'pino';
import { createGateway, type Gateway } from '../app';
import { loadConfig, type GatewayConfig } from '../config';
import { startFakeUpstream, unusedPort, type FakeUpstream } from './fake-upstream';
import { sessionCookie } from '@study/participant-session';

/** Log lines written by the gateway, kept in memory. */
export class LogCapture implements DestinationStream {
  readonly lines: string[] = [];
  write(line: string): void {
    this.lines.push(line);
  }
  text(): string {
    return this.lines.join('');
  }
  entries(): Record<string, unknown>[] {
    return this.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }
}

export interface Upstreams {
  participants: FakeUpstream;
  scoring: FakeUpstream;
  reports: FakeUpstream;
}

export async function startUpstreams(): Promise<Upstreams> {
  const [participants, scoring, reports] = await Promise.all([
    startFakeUpstream('participants'),
    startFakeUpstream('scoring'),
    startFakeUpstream('reports'),
  ]);
  return { participants, scoring, reports };
}

export async function closeUpstreams(upstreams: Partial<Upstreams>): Promise<void> {
  await Promise.all(Object.values(upstreams).map((upstream) => upstream?.close()));
}

export interface RunningGateway {
  gateway: Gateway;
  url: string;
  logs: LogCapture;
  config: GatewayConfig;
}

/** The session secret of every test gateway. */
export const TEST_SESSION_SECRET = 'participant-session-secret-for-tests-0123';

/** The Cookie header of a browser holding the participant's session, confirmed `confirmedAt` (default now). */
export function participantCookie(pgId: string, confirmedAt = new Date()): string {
  return sessionCookie(TEST_SESSION_SECRET, { pgId, confirmedAt }, { secure: false }).split(';')[0] as string;
}

let gatewayNumber = 0;

/** A gateway on a free port, configured like production from environment variables. */
export async function startGateway(env: Record<string, string | undefined>): Promise<RunningGateway> {
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'debug',
    STUDY_CONTACT_EMAIL: 'study-team@example.org',
    PARTICIPANT_SESSION_SECRET: TEST_SESSION_SECRET,
    // Tests fire many calls from one address; each gateway keeps its own counts. The limits have their own test.
    RATE_LIMIT_PUBLIC_PER_MINUTE: '10000000',
    RATE_LIMIT_PARTICIPANT_PER_MINUTE: '10000000',
    RATE_LIMIT_KEY_PREFIX: `rate:test-${process.pid}-${(gatewayNumber += 1)}`,
    ...env,
  });
  const logs = new LogCapture();
  const gateway = createGateway(config, { logDestination: logs });
  const address = await gateway.start();
  return { gateway, url: `http://127.0.0.1:${address.port}`, logs, config };
}

export function upstreamEnv(upstreams: Upstreams): Record<string, string> {
  return { PARTICIPANTS_URL: upstreams.participants.url, SCORING_URL: upstreams.scoring.url, REPORTS_URL: upstreams.reports.url };
}

/** A gateway with no service listening behind it (each address a port nobody holds): what it answers on its own. */
export async function startGatewayWithServicesDown(): Promise<RunningGateway> {
  const down = async () => `http://127.0.0.1:${await unusedPort()}`;
  return startGateway({ PARTICIPANTS_URL: await down(), SCORING_URL: await down(), REPORTS_URL: await down(), HEALTH_TIMEOUT_MS: '200' });
}
