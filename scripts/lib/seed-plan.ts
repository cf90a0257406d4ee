// What `npm run seed` makes, worked out without side effects: its command line, how many made-up
// participants stop at each step of the journey, the types they answer, the official MBTI scores
// the study team uploads for some of the finished ones, and whether a part answering a health
// check is one of the local stand-ins (the only ones made-up people may meet).
import type { MbtiScores } from '@study/contracts';
import { TYPE_CODES } from '@study/personality';

/** Where a seeded participant stops, in the journey's order (product.md section 7), and each step's share of the participants beyond one per step. */
export const SEED_STEPS = [
  { step: 'consented', says: 'consented, sharing no genotype file on Open Humans', weight: 2 },
  { step: 'linked', says: 'consented, Open Humans linked with a genotype file', weight: 2 },
  { step: 'typeFinder', says: 'after TypeFinder', weight: 2 },
  { step: 'nardiPartOne', says: 'in Nardi: part one answered', weight: 2 },
  { step: 'nardiPartTwo', says: 'in Nardi: part two answered', weight: 2 },
  { step: 'nardiPartThree', says: 'in Nardi: part three answered', weight: 2 },
  { step: 'nardiCompleted', says: 'Nardi done (part four, its type), no self-assessment yet', weight: 2 },
  { step: 'nardiDeclined', says: 'declined Nardi after TypeFinder', weight: 1 },
  { step: 'finished', says: 'self-assessment done: final type and report', weight: 8 },
  { step: 'withdrawn', says: 'withdrew after TypeFinder (data kept)', weight: 1 },
] as const;

export type SeedStep = (typeof SEED_STEPS)[number]['step'];

/** With fewer participants than steps, the steps that make the admin pages show most come first. */
const FIRST_WHEN_FEW: readonly SeedStep[] = ['finished', 'withdrawn', 'typeFinder', 'nardiCompleted', 'nardiDeclined', 'linked', 'nardiPartOne', 'consented', 'nardiPartTwo', 'nardiPartThree'];

/**
 * How many of `count` participants stop at each step: one at each step in the order above when
 * there are fewer than steps; otherwise one at every step and the rest by the steps' weights
 * (largest remainders first, ties in journey order). The counts add up to `count`.
 */
export function spreadOverSteps(count: number): Record<SeedStep, number> {
  if (!Number.isInteger(count) || count < 0) throw new Error(`the number of participants must be a whole number, 0 or more (got ${count})`);
  const spread = Object.fromEntries(SEED_STEPS.map(({ step }) => [step, 0])) as Record<SeedStep, number>;
  if (count < SEED_STEPS.length) {
    for (const step of FIRST_WHEN_FEW.slice(0, count)) spread[step] = 1;
    return spread;
  }
  const rest = count - SEED_STEPS.length;
  const totalWeight = SEED_STEPS.reduce((sum, { weight }) => sum + weight, 0);
  // Whole numbers throughout, so equal remainders tie exactly (and go in journey order).
  const shares = SEED_STEPS.map(({ step, weight }, order) => ({ step, order, whole: Math.floor((rest * weight) / totalWeight), remainder: (rest * weight) % totalWeight }));
  for (const share of shares) spread[share.step] = 1 + share.whole;
  const left = rest - shares.reduce((sum, share) => sum + share.whole, 0);
  const byRemainder = [...shares].sort((a, b) => b.remainder - a.remainder || a.order - b.order);
  for (const share of byRemainder.slice(0, left)) spread[share.step] += 1;
  return spread;
}

/** One participant to make: where they stop and what they answer. */
export interface SeedParticipant {
  /** 0-based, in the order they are made. */
  index: number;
  step: SeedStep;
  /** The TypeFinder quiz's answers, as a type; a finished participant's self-assessment names it too (fully sure, so it is their final type). */
  typeFinderType: string;
  /** Which of the Nardi answer sets (@study/participant-client nardiAnswers). */
  nardiVariant: number;
}

/**
 * The participants of a run, step by step in the journey's order; `offset` turns the types (and
 * Nardi answers) so runs differ: participant i answers the (i + offset)-th of the 16 types.
 */
export function seedParticipants(count: number, offset = 0): SeedParticipant[] {
  const spread = spreadOverSteps(count);
  const steps = SEED_STEPS.flatMap(({ step }) => Array.from({ length: spread[step] }, () => step));
  return steps.map((step, index) => ({
    index,
    step,
    typeFinderType: TYPE_CODES[(index + offset) % TYPE_CODES.length] as string,
    nardiVariant: (index + offset) % 5,
  }));
}

/** How many finished participants get official MBTI scores: half, rounded up (the rest wait for theirs, as many do). */
export function mbtiUploadCount(finished: number): number {
  return Math.ceil(finished / 2);
}

const OPPOSITE: Record<string, string> = { E: 'I', I: 'E', S: 'N', N: 'S', T: 'F', F: 'T', J: 'P', P: 'J' };

/**
 * The official MBTI result of the i-th uploaded participant whose final type is `typeCode`: the
 * same type, except every third differs in one letter (turning through the four), so the
 * agreement figures have something to count. The preference clarity indexes (pci, 0 to 30) and
 * the preference scores (dpref) are made up and vary with i.
 */
export function mbtiScoresFor(typeCode: string, i: number): MbtiScores {
  const letters = typeCode.toUpperCase().split('');
  if (letters.length !== 4 || letters.some((letter) => OPPOSITE[letter] === undefined)) throw new Error(`not a type code: ${typeCode}`);
  if (i % 3 === 2) {
    const flip = Math.floor(i / 3) % 4;
    letters[flip] = OPPOSITE[letters[flip] as string] as string;
  }
  const pci = (k: number) => 5 + ((i * 7 + k * 11) % 26);
  const dpref = (k: number) => 10 + ((i * 13 + k * 5) % 50);
  return { wholeType: letters.join(''), pci1: pci(1), pci2: pci(2), pci3: pci(3), pci4: pci(4), dpref1: dpref(1), dpref2: dpref(2), dpref3: dpref(3), dpref4: dpref(4) };
}

/** What a local stand-in's /healthz names itself. */
export const STANDIN_HEALTH = { openHumans: 'standin-open-humans', typeFinder: 'standin-typefinder' } as const;

/** Whether a /healthz answer is the named stand-in's ({status: 'ok', service}); a real provider's (or none) is not. */
export function isStandinHealth(answer: unknown, service: (typeof STANDIN_HEALTH)[keyof typeof STANDIN_HEALTH]): boolean {
  return typeof answer === 'object' && answer !== null && (answer as { service?: unknown }).service === service && (answer as { status?: unknown }).status === 'ok';
}

export interface SeedOptions {
  count: number;
  /** The gateway of the running stack. */
  url: string;
  /** How many participants are made at once. */
  concurrency: number;
}

export const SEED_USAGE = 'npm run seed -- [N] [--url http://127.0.0.1:8080] [--concurrency 4]   (N participants, default 30; PORT names the port of a local stack)';

/** The command line: N (default 30), --url (default http://127.0.0.1:$PORT, PORT 8080), --concurrency (default 4), each value after a space or '='. */
export function parseSeedArgs(argv: readonly string[], env: Readonly<Record<string, string | undefined>> = {}): SeedOptions {
  const port = env.PORT || '8080';
  if (!/^\d+$/.test(port)) throw new Error(`PORT must be a port number (got ${port})`);
  const options: SeedOptions = { count: 30, url: `http://127.0.0.1:${port}`, concurrency: 4 };
  let counted = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const [name = '', inline] = arg.split(/=(.*)/s, 2);
    if (name === '--url' || name === '--concurrency') {
      const value = inline ?? argv[++i];
      if (value === undefined || value === '') throw new Error(`${name} needs a value. Usage: ${SEED_USAGE}`);
      if (name === '--url') {
        let parsed: URL;
        try {
          parsed = new URL(value);
        } catch {
          throw new Error(`--url must be an http(s) address (got ${value})`);
        }
        if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error(`--url must be an http(s) address (got ${value})`);
        options.url = parsed.origin;
      } else {
        const n = Number(value);
        if (!Number.isInteger(n) || n < 1 || n > 32) throw new Error(`--concurrency takes a whole number from 1 to 32 (got ${value})`);
        options.concurrency = n;
      }
    } else if (/^\d+$/.test(arg) && !counted) {
      options.count = Number(arg);
      counted = true;
    } else if (arg === '--help' || arg === '-h') {
      throw new Error(`Usage: ${SEED_USAGE}`);
    } else {
      throw new Error(`Unknown argument ${arg}. Usage: ${SEED_USAGE}`);
    }
  }
  if (options.count < 1 || options.count > 5000) throw new Error(`N must be from 1 to 5000 (got ${options.count})`);
  return options;
}

/**
 * How long to wait before starting another participant so that at most `perMinute` start in any
 * minute (`starts`: when the earlier ones started, ms): the gateway counts each address's calls to
 * its public routes (consent, the authorization, the TypeFinder webhook the stand-in sends), 300 a
 * minute by default, and every seeded participant's come from this machine.
 */
export function startDelay(starts: readonly number[], now: number, perMinute: number): number {
  const recent = starts.filter((at) => at > now - 60_000).sort((a, b) => a - b);
  if (recent.length < perMinute) return 0;
  return (recent[recent.length - perMinute] as number) + 60_000 - now;
}
