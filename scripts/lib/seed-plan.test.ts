import { mbtiScoresSchema } from '@study/contracts';
import { TYPE_CODES } from '@study/personality';
import { isStandinHealth, mbtiScoresFor, mbtiUploadCount, parseSeedArgs, SEED_STEPS, seedParticipants, spreadOverSteps, startDelay } from './seed-plan';

const total = (spread: Record<string, number>) => Object.values(spread).reduce((a, b) => a + b, 0);

describe('spreadOverSteps', () => {
  it.each([10, 11, 17, 30, 100, 1234])('puts %i participants at every step, all of them', (n) => {
    const spread = spreadOverSteps(n);
    expect(total(spread)).toBe(n);
    for (const { step } of SEED_STEPS) expect(spread[step]).toBeGreaterThanOrEqual(1);
  });

  it('follows the weights: most finish, a few decline Nardi or withdraw', () => {
    const spread = spreadOverSteps(130);
    // 120 beyond one each, weight 12: 10 per unit of weight.
    expect(spread).toEqual({ consented: 11, linked: 11, typeFinder: 11, nardiPartOne: 11, nardiPartTwo: 11, nardiPartThree: 11, nardiCompleted: 11, nardiDeclined: 6, finished: 41, withdrawn: 6 });
  });

  it('gives the participants left over by rounding to the largest remainders', () => {
    // 20 beyond one each, weight 24: finished 6 (remainder 16/24), the weights of 2 1 (16/24), of 1 0 (20/24).
    // The 7 left go to the two halves (20/24), then by journey order to the first five of the 16/24s.
    const spread = spreadOverSteps(30);
    expect(spread).toEqual({ consented: 3, linked: 3, typeFinder: 3, nardiPartOne: 3, nardiPartTwo: 3, nardiPartThree: 2, nardiCompleted: 2, nardiDeclined: 2, finished: 7, withdrawn: 2 });
    expect(total(spread)).toBe(30);
    expect(Math.max(spread.consented, spread.nardiCompleted) - Math.min(spread.consented, spread.nardiCompleted)).toBeLessThanOrEqual(1);
  });

  it('with fewer participants than steps, one at each of the steps that show most', () => {
    expect(spreadOverSteps(1)).toMatchObject({ finished: 1, consented: 0 });
    expect(total(spreadOverSteps(3))).toBe(3);
    expect(spreadOverSteps(3)).toMatchObject({ finished: 1, withdrawn: 1, typeFinder: 1 });
    expect(spreadOverSteps(0)).toEqual(Object.fromEntries(SEED_STEPS.map(({ step }) => [step, 0])));
  });

  it('refuses a count that is not a whole number', () => {
    expect(() => spreadOverSteps(-1)).toThrow('whole number');
    expect(() => spreadOverSteps(2.5)).toThrow('whole number');
  });
});

describe('seedParticipants', () => {
  it('lists each participant in the journey order of their steps, the types turning through all 16', () => {
    const participants = seedParticipants(40, 3);
    expect(participants).toHaveLength(40);
    const order = SEED_STEPS.map(({ step }) => step);
    const positions = participants.map((p) => order.indexOf(p.step));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(participants[0]).toEqual({ index: 0, step: 'consented', typeFinderType: TYPE_CODES[3], nardiVariant: 3 });
    expect(new Set(participants.map((p) => p.typeFinderType)).size).toBe(16);
  });
});

describe('the MBTI upload', () => {
  it('covers half of the finished participants, rounded up', () => {
    expect([0, 1, 2, 7].map(mbtiUploadCount)).toEqual([0, 1, 1, 4]);
  });

  it('gives the final type mostly, one letter different for every third, in the upload shape', () => {
    const scores = [0, 1, 2, 5].map((i) => mbtiScoresFor('intj', i));
    expect(scores.map((s) => s.wholeType)).toEqual(['INTJ', 'INTJ', 'ENTJ', 'ISTJ']);
    for (const s of scores) expect(mbtiScoresSchema.parse(s)).toEqual(s);
    expect(() => mbtiScoresFor('XYZW', 0)).toThrow('not a type code');
  });
});

describe('isStandinHealth', () => {
  it("knows the stand-ins' health answers and nothing else", () => {
    expect(isStandinHealth({ status: 'ok', service: 'standin-open-humans' }, 'standin-open-humans')).toBe(true);
    expect(isStandinHealth({ status: 'ok', service: 'standin-typefinder' }, 'standin-open-humans')).toBe(false);
    expect(isStandinHealth({ status: 'ok' }, 'standin-typefinder')).toBe(false);
    expect(isStandinHealth('<html>', 'standin-typefinder')).toBe(false);
    expect(isStandinHealth(null, 'standin-typefinder')).toBe(false);
  });
});

describe('parseSeedArgs', () => {
  it('makes 30 participants on the local stack by default, PORT naming its port', () => {
    expect(parseSeedArgs([])).toEqual({ count: 30, url: 'http://127.0.0.1:8080', concurrency: 4 });
    expect(parseSeedArgs(['12'], { PORT: '8097' })).toEqual({ count: 12, url: 'http://127.0.0.1:8097', concurrency: 4 });
  });

  it('takes --url and --concurrency after a space or an equals sign; --url wins over PORT', () => {
    expect(parseSeedArgs(['--url', 'http://localhost:9000/', '5', '--concurrency=2'], { PORT: '8097' })).toEqual({ count: 5, url: 'http://localhost:9000', concurrency: 2 });
  });

  it.each([
    [['0'], 'N must be from 1 to 5000'],
    [['5', '6'], 'Unknown argument 6'],
    [['--url'], '--url needs a value'],
    [['--url', 'ftp://x'], '--url must be an http(s) address'],
    [['--url=nonsense'], '--url must be an http(s) address'],
    [['--concurrency', '0'], '--concurrency takes a whole number from 1 to 32'],
    [['--fast'], 'Unknown argument --fast'],
    [['-5'], 'Unknown argument -5'],
  ])('refuses %p', (argv, message) => {
    expect(() => parseSeedArgs(argv)).toThrow(message);
  });

  it('refuses a PORT that is not a number', () => {
    expect(() => parseSeedArgs([], { PORT: 'http' })).toThrow('PORT must be a port number');
  });
});

describe('startDelay', () => {
  it('starts at once while fewer than the limit started in the last minute', () => {
    expect(startDelay([], 100_000, 2)).toBe(0);
    expect(startDelay([30_000, 95_000], 100_000, 2)).toBe(0);
  });

  it('waits until the oldest start of the last `limit` is a minute old', () => {
    expect(startDelay([50_000, 45_000, 95_000], 100_000, 2)).toBe(50_000 + 60_000 - 100_000);
    expect(startDelay([41_000, 45_000, 95_000], 100_000, 3)).toBe(1_000);
  });
});
