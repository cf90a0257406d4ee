import { FINAL_REPORT_UPLOAD, withdrawRequestSchema, withdrawResponseSchema } from './index';

const PG_ID = '6f1c2a9e-3b4d-4c5e-9f60-718293a4b5c6';

describe('POST /api/user/withdraw bodies', () => {
  it('takes exactly {pgId, erase} with erase a boolean', () => {
    expect(withdrawRequestSchema.parse({ pgId: PG_ID, erase: true })).toEqual({ pgId: PG_ID, erase: true });
    expect(withdrawRequestSchema.safeParse({ pgId: PG_ID, erase: false }).success).toBe(true);
    expect(withdrawRequestSchema.safeParse({ pgId: PG_ID }).success).toBe(false);
    expect(withdrawRequestSchema.safeParse({ pgId: PG_ID, erase: 'yes' }).success).toBe(false);
    expect(withdrawRequestSchema.safeParse({ pgId: 'nobody', erase: true }).success).toBe(false);
    expect(withdrawRequestSchema.safeParse({ pgId: PG_ID, erase: true, reason: 'x' }).success).toBe(false);
  });

  it('answers an outcome and whether the member was removed from the project', () => {
    expect(withdrawResponseSchema.safeParse({ outcome: 'erased', removedFromOpenHumans: true }).success).toBe(true);
    expect(withdrawResponseSchema.safeParse({ outcome: 'unknown', removedFromOpenHumans: true }).success).toBe(false);
  });
});

describe('the final report upload metadata', () => {
  it('has tags and a description under 100 characters, as Open Humans requires', () => {
    expect(FINAL_REPORT_UPLOAD.tags.length).toBeGreaterThan(0);
    expect(FINAL_REPORT_UPLOAD.description.length).toBeLessThan(100);
    expect(FINAL_REPORT_UPLOAD.basename).toMatch(/^[^/\\]+\.pdf$/);
  });
});
