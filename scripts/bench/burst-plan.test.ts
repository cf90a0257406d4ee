import { benchSeedPlanSchema } from '@study/bench-seed';
import { nardiAnswers } from '@study/participant-client';
import * as rules from '@study/personality';
import { batchesOf, burstPlan, checkedReport, MEMBER_ID_BASE, nardiOf } from './burst-plan';
import { TF_TYPES } from './journey';

const NOW = new Date('2026-05-06T07:08:09.000Z');

function ids(): () => string {
  let n = 0;
  return () => `0f1e2d3c-4b5a-4697-8877-${String((n += 1)).padStart(12, '0')}`;
}

describe('the burst plan', () => {
  it('makes batches of at most 1,000 from the first index on', () => {
    expect(batchesOf(0)).toEqual([]);
    expect(batchesOf(2500, 10).map((batch) => [batch.length, batch[0], batch.at(-1)])).toEqual([
      [1000, 10, 1009],
      [1000, 1010, 2009],
      [500, 2010, 2509],
    ]);
    expect(batchesOf(5, 0, 2)).toEqual([[0, 1], [2, 3], [4]]);
  });

  it("gives participant i journey.ts's answers: TypeFinder type i % 4, Nardi variant i % 5 with its first offers, member 30000000 + i", () => {
    const plan = burstPlan({ rules, indexes: [0, 1, 6], newId: ids(), now: NOW });
    expect(plan.participants.map((p) => [p.index, p.memberId, p.typeFinder.typeCode])).toEqual([
      [0, String(MEMBER_ID_BASE), TF_TYPES[0]],
      [1, String(MEMBER_ID_BASE + 1), TF_TYPES[1]],
      [6, String(MEMBER_ID_BASE + 6), TF_TYPES[2]],
    ]);
    const [first, second, seventh] = plan.participants;
    expect(first?.nardi.answers).toEqual(nardiAnswers(0));
    expect(second?.nardi.answers).toEqual(nardiAnswers(1));
    expect(seventh?.nardi).toEqual(second?.nardi);
    // The first offers, completed by the study's own rules.
    const scores = rules.scoreNardi(nardiAnswers(1));
    const selectedTemperament = rules.partTwoOffers(scores.temperaments)[0]!.code;
    const selectedFP = rules.partThreeOffers(scores.functionalPairs, selectedTemperament)[0]!.code;
    const selectedTypeCode = rules.partFourOffers(scores.typeCodes, selectedFP)[0]!.code;
    expect(second?.nardi.selections).toEqual({ selectedTemperament, selectedFP, selectedTypeCode });
    expect(second?.nardi.completion).toEqual(rules.completeNardi(scores, { selectedTemperament, selectedFP, selectedTypeCode }));
    expect(second?.nardi.scores).toEqual(scores);
    expect(plan.participants.map((p) => p.pgId)).toEqual(['0f1e2d3c-4b5a-4697-8877-000000000001', '0f1e2d3c-4b5a-4697-8877-000000000002', '0f1e2d3c-4b5a-4697-8877-000000000003']);
  });

  it('puts the journey steps in order, a little apart, all ended before now', () => {
    const [p] = burstPlan({ rules, indexes: [3], newId: ids(), now: NOW }).participants;
    const steps = Object.values(p!.at).map((at) => new Date(at).getTime());
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    expect(p!.at.consented).toBe('2026-05-06T07:08:04.000Z');
    expect(p!.at.updated).toBe('2026-05-06T07:08:07.100Z');
  });

  it("is a plan the services' commands accept", () => {
    const plan = burstPlan({ rules, indexes: batchesOf(10, 5)[0]!, newId: ids(), now: NOW });
    const parsed = benchSeedPlanSchema.parse(JSON.parse(JSON.stringify(plan)));
    expect(parsed.participants).toHaveLength(10);
    expect(parsed.participants[0]!.at.updated).toEqual(new Date('2026-05-06T07:08:07.100Z'));
  });

  it('works out each Nardi variant once per plan, the same for every participant of it', () => {
    const scoreNardi = jest.fn(rules.scoreNardi);
    burstPlan({ rules: { ...rules, scoreNardi }, indexes: batchesOf(12)[0]!, newId: ids(), now: NOW });
    expect(scoreNardi).toHaveBeenCalledTimes(5);
    expect(nardiOf(rules, 2).answers).toEqual(nardiAnswers(2));
  });
});

describe("a command's report", () => {
  const plan = burstPlan({ rules, indexes: [0, 1], newId: ids(), now: NOW });
  const members = plan.participants.map(({ pgId, memberId }) => ({ pgId, memberId }));

  it('is the last line the command printed, with one document per participant in each of its collections', () => {
    const output = `a warning\n${JSON.stringify({ service: 'svc-scoring', stored: { scores: 2 } })}\n`;
    expect(checkedReport('scoring', output, plan)).toEqual({ service: 'svc-scoring', stored: { scores: 2 } });
    const participants = { service: 'svc-participants', stored: { participants: 2, 'audit-log': 2, 'typefinder-inbox': 2, 'member-links': 2 }, members, membersAuthorizedMs: 5 };
    expect(checkedReport('participants', JSON.stringify(participants), plan)).toEqual(participants);
  });

  it('says what differs from the plan', () => {
    expect(() => checkedReport('reports', '', plan)).toThrow('svc-reports bench-seed printed no report: ""');
    expect(() => checkedReport('reports', JSON.stringify({ service: 'svc-reports', stored: { reports: 1 } }), plan)).toThrow('svc-reports bench-seed stored {"reports":1} for 2 participants (expected {"reports":2})');
    expect(() => checkedReport('scoring', JSON.stringify({ service: 'svc-scoring', stored: { scores: 2, reports: 2 } }), plan)).toThrow('svc-scoring bench-seed stored');
    const stored = { participants: 2, 'audit-log': 2, 'typefinder-inbox': 2, 'member-links': 2 };
    const swapped = [members[1], members[0]];
    expect(() => checkedReport('participants', JSON.stringify({ service: 'svc-participants', stored, members: swapped }), plan)).toThrow('made other Open Humans members than the plan names');
    expect(() => checkedReport('participants', JSON.stringify({ service: 'svc-participants', stored }), plan)).toThrow('made other Open Humans members than the plan names');
  });
});
