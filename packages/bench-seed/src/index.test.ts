import { scoreNardi } from '@study/personality';
import { benchSeedPlanSchema, benchSeedReportSchema } from './index';
import { benchSeedPlanFixture } from './testing';

const NOW = new Date('2026-03-04T05:06:07.000Z');
const ONE = { pgId: '7a2c3b9e-3b4d-4c5e-9f60-000000000001', index: 0, memberId: '30000000' };
const TWO = { pgId: '7a2c3b9e-3b4d-4c5e-9f60-000000000002', index: 1, memberId: '30000001' };

describe('the bench-seed plan', () => {
  it('reads every instant as a Date, sent as JSON', () => {
    const plan = benchSeedPlanSchema.parse(JSON.parse(JSON.stringify(benchSeedPlanFixture([ONE, TWO], NOW))));
    expect(plan.participants.map((p) => p.pgId)).toEqual([ONE.pgId, TWO.pgId]);
    const { at } = plan.participants[0]!;
    expect(at.consented).toEqual(new Date('2026-03-04T05:06:02.000Z'));
    expect(at.updated).toEqual(new Date('2026-03-04T05:06:05.100Z'));
    expect(Object.values(at).every((instant) => instant instanceof Date)).toBe(true);
  });

  it("keeps the part-one scores in scoreNardi's field order, so their JSON text is the one the service stores for a participant scored through the API", () => {
    const input = benchSeedPlanFixture([ONE], NOW);
    const { nardi } = benchSeedPlanSchema.parse(JSON.parse(JSON.stringify(input))).participants[0]!;
    expect(JSON.stringify(nardi.scores)).toBe(JSON.stringify(scoreNardi(nardi.answers)));
  });

  it('refuses two participants with one study ID, an empty plan, unknown fields and a member id that is not one', () => {
    const plan = benchSeedPlanFixture([ONE], NOW);
    const participant = plan.participants[0]!;
    expect(benchSeedPlanSchema.safeParse({ participants: [participant, { ...participant, pgId: ONE.pgId.toUpperCase() }] }).success).toBe(false);
    expect(benchSeedPlanSchema.safeParse({ participants: [] }).success).toBe(false);
    expect(benchSeedPlanSchema.safeParse({ participants: [{ ...participant, extra: 1 }] }).success).toBe(false);
    expect(benchSeedPlanSchema.safeParse({ participants: [{ ...participant, memberId: '123' }] }).success).toBe(false);
    expect(benchSeedPlanSchema.safeParse({ participants: [{ ...participant, at: { ...participant.at, updated: 'yesterday' } }] }).success).toBe(false);
  });

  it("reads a command's report: counts per collection, and svc-participants' members", () => {
    const report = { service: 'svc-participants', stored: { participants: 1 }, members: [{ pgId: ONE.pgId, memberId: ONE.memberId }], membersAuthorizedMs: 12.5 };
    expect(benchSeedReportSchema.parse(report)).toEqual(report);
    expect(benchSeedReportSchema.safeParse({ ...report, stored: { participants: -1 } }).success).toBe(false);
  });
});
