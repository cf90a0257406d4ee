// `npm run seed -- [N]`: fills a running local stack (npm start) with N made-up participants spread
// over every step of the journey, through the study's own API as their browsers would (the
// journey's steps are @study/participant-client's), then uploads official MBTI scores for half of
// the finished ones as the study team does (the admin API, with the master key), so every admin
// page has something to show. It refuses a stack that talks to the real Open Humans or TypeFinder:
// made-up people must meet only the local stand-ins. Each run makes new participants.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { callApi } from '@study/api-client';
import { ADMIN_KEY_HEADER, routes, type Enrollment, type MbtiUploadRequest } from '@study/contracts';
import { ParticipantCallError, ParticipantClient } from '@study/participant-client';
import { inParallel } from './bench/in-parallel';
import { root } from './lib/repo-root';
import { seedParticipant } from './lib/seed-participant';
import { isStandinHealth, mbtiScoresFor, mbtiUploadCount, parseSeedArgs, SEED_STEPS, seedParticipants, startDelay, STANDIN_HEALTH, type SeedParticipant, type SeedStep } from './lib/seed-plan';

const say = (msg: string): void => console.log(`[seed] ${msg}`);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const errorMessage = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** Participants started per minute: each makes about three calls the gateway counts per address (300 a minute by default). */
const STARTS_PER_MINUTE = 80;
const TYPE_CODE = /^[EI][SN][TF][JP]$/;

/** Stops the tool with a message and exit code 1. */
class Refusal extends Error {}

/** The admin master key: ADMIN_MASTER_KEY as npm start was given it, else the one it generated into .data/secrets.json. */
function masterKey(): string {
  if (process.env.ADMIN_MASTER_KEY) return process.env.ADMIN_MASTER_KEY;
  const file = path.join(root, '.data', 'secrets.json');
  const stored: unknown = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined;
  const key = (stored as { adminMasterKey?: unknown } | undefined)?.adminMasterKey;
  if (typeof key !== 'string') throw new Refusal(`no admin master key: set ADMIN_MASTER_KEY, or start the stack once with npm start (it keeps one in ${path.relative(process.cwd(), file)})`);
  return key;
}

/** Whether the party at `address` is the named local stand-in, by its own health check. */
async function isStandin(address: string, service: (typeof STANDIN_HEALTH)[keyof typeof STANDIN_HEALTH]): Promise<boolean> {
  try {
    const res = await fetch(new URL('/healthz', address), { signal: AbortSignal.timeout(5_000) });
    return isStandinHealth(await res.json(), service);
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  let options: ReturnType<typeof parseSeedArgs>;
  try {
    options = parseSeedArgs(process.argv.slice(2), process.env);
  } catch (err) {
    throw new Refusal(errorMessage(err));
  }
  const baseUrl = options.url;
  const key = masterKey();
  const admin = { baseUrl, headers: { [ADMIN_KEY_HEADER]: key } };

  const settings = await callApi(routes.settings, {}, { baseUrl }).catch((err: unknown) => {
    throw new Refusal(`no study answers at ${baseUrl} (${errorMessage(err)}): start it with npm start (PORT=... for another port), or name it with --url`);
  });
  // Made-up people must meet only the stand-ins: the widget the dashboard frames, and where the
  // study sends a participant to authorize.
  const widget = settings.typeFinderWidgetUrl;
  if (!widget || !(await isStandin(widget, STANDIN_HEALTH.typeFinder))) {
    throw new Refusal(`the stack at ${baseUrl} uses a TypeFinder widget that is not the local stand-in (${widget ?? 'none named'}): seeding makes made-up people, so it runs only against the stand-ins (unset TYPEFINDER_WIDGET_URL for npm start)`);
  }
  const client = new ParticipantClient({ baseUrl, typeFinderWidgetUrl: widget, retry: { kind: 'busy' } });
  const { authorizeUrl } = await client.startAuthorization('the seed check', randomBytes(16).toString('hex'));
  if (!(await isStandin(new URL(authorizeUrl).origin, STANDIN_HEALTH.openHumans))) {
    throw new Refusal(`the stack at ${baseUrl} sends participants to ${new URL(authorizeUrl).origin}, which is not the local Open Humans stand-in: seeding makes made-up people, so it runs only against the stand-ins (unset OH_CLIENT_ID for npm start)`);
  }
  const enrollment = (): Promise<Enrollment> => callApi(routes.enrollment, {}, admin);
  const before = await enrollment().catch((err: unknown) => {
    throw new Refusal(`the admin API refused the master key (${errorMessage(err)}): set ADMIN_MASTER_KEY to the key the stack was started with`);
  });
  say(`${baseUrl}: Open Humans and TypeFinder are the local stand-ins; ${before.participants} participants there already`);

  // The types turn from run to run, so a second run adds other ones.
  const participants = seedParticipants(options.count, before.participants);
  const spread = new Map<SeedStep, number>(SEED_STEPS.map(({ step }) => [step, participants.filter((p) => p.step === step).length]));
  say(`making ${options.count} participants, ${options.concurrency} at a time: ${SEED_STEPS.map(({ step }) => `${step} ${spread.get(step)}`).join(', ')}`);

  const made = new Map<SeedStep, { pgId: string; participant: SeedParticipant }[]>();
  const failed: { participant: SeedParticipant; error: string }[] = [];
  const starts: number[] = [];
  const started = Date.now();
  let done = 0;
  await inParallel(participants.length, options.concurrency, async (i) => {
    const participant = participants[i] as SeedParticipant;
    const at = Date.now();
    for (let attempt = 1; ; attempt += 1) {
      const wait = startDelay(starts, Date.now(), STARTS_PER_MINUTE);
      if (wait > 0) await sleep(wait);
      starts.push(Date.now());
      try {
        const pgId = await seedParticipant(client, participant);
        made.set(participant.step, [...(made.get(participant.step) ?? []), { pgId, participant }]);
        done += 1;
        say(`${String(done).padStart(String(participants.length).length)}/${participants.length} ${participant.step.padEnd(14)} ${pgId} (${((Date.now() - at) / 1000).toFixed(1)} s)`);
        return;
      } catch (err) {
        // Too many calls from this address (another run just before): wait the window out once or twice.
        if (err instanceof ParticipantCallError && err.status === 429 && attempt < 3) {
          say(`the gateway's rate limit was reached; waiting 30 s before making participant ${i + 1} again`);
          await sleep(30_000);
          continue;
        }
        done += 1;
        failed.push({ participant, error: errorMessage(err) });
        say(`${done}/${participants.length} ${participant.step} FAILED: ${errorMessage(err)}`);
        return;
      }
    }
  });
  say(`made ${participants.length - failed.length} participants in ${((Date.now() - started) / 1000).toFixed(0)} s`);

  // The study team's upload: official MBTI scores for half of the finished participants.
  const finished = made.get('finished') ?? [];
  const uploadFor = finished.slice(0, mbtiUploadCount(finished.length));
  if (uploadFor.length > 0) {
    const body: MbtiUploadRequest = {};
    for (const [i, { pgId, participant }] of uploadFor.entries()) {
      // The final type as stored (the self-assessment's, fully sure), unless it came out inconclusive.
      const stored = (await client.must(routes.user, { body: { pgId } })).finalScore?.typeCode;
      body[pgId] = mbtiScoresFor(stored && TYPE_CODE.test(stored) ? stored : participant.typeFinderType, i);
    }
    const uploaded = await callApi(routes.uploadMbti, { body }, admin);
    say(`uploaded official MBTI scores for ${uploadFor.length} finished participants (inserted ${uploaded.insertedCount}, updated participants ${uploaded.updatedParticipants}, unknown ${uploaded.unknownPgIds.length})`);
  }

  const after = await enrollment();
  const width = Math.max(...SEED_STEPS.map(({ says }) => says.length));
  console.log('\nMade this run, by where each stopped:');
  for (const { step, says } of SEED_STEPS) {
    const bad = failed.filter((f) => f.participant.step === step).length;
    console.log(`  ${says.padEnd(width)}  ${String(made.get(step)?.length ?? 0).padStart(4)}${bad > 0 ? `  (${bad} failed)` : ''}`);
  }
  console.log(`  ${'official MBTI scores uploaded'.padEnd(width)}  ${String(uploadFor.length).padStart(4)}`);
  console.log(`\nThe study now (GET ${routes.enrollment.path}): ${after.participants} participants; ${after.steps.map(({ step, count }) => `${step} ${count}`).join(', ')}`);
  console.log(`Admin pages: ${['/enrollment', '/ready-csv', '/mbti-load', '/analysis-export', '/audit-trail', '/reminders'].map((page) => `${baseUrl}${page}`).join('  ')}`);
  console.log('Their master key: ADMIN_MASTER_KEY, or adminMasterKey in .data/secrets.json');
  if (failed.length > 0) {
    console.error(`\n[seed] ${failed.length} of ${participants.length} participants could not be made; the first: ${failed[0]?.error}`);
    process.exit(1);
  }
}

main().catch((err: unknown) => {
  console.error(`[seed] ${err instanceof Refusal ? err.message : `failed: ${errorMessage(err)}`}`);
  process.exit(1);
});
