import { apiRoutes, matchApiRoute } from './routes';
import { enrollmentSchema, mbtiUploadRequestSchema, mbtiUploadResponseSchema } from './admin';

const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';
const SCORES = { wholeType: 'INTJ', pci1: 12, pci2: 3, pci3: 22, pci4: 7, dpref1: 1, dpref2: 2, dpref3: 3, dpref4: 4 };

describe('admin contracts', () => {
  it('the MBTI upload is a map of v4 study IDs to the nine scores', () => {
    expect(mbtiUploadRequestSchema.parse({ [PG_ID]: SCORES })).toEqual({ [PG_ID]: SCORES });
    expect(mbtiUploadRequestSchema.safeParse({ 'not-a-uuid': SCORES }).success).toBe(false);
    expect(mbtiUploadRequestSchema.safeParse({ [PG_ID]: { ...SCORES, wholeType: 'XXXX' } }).success).toBe(false);
    expect(mbtiUploadRequestSchema.safeParse({ [PG_ID]: { ...SCORES, pci1: '12' } }).success).toBe(false);
    expect(mbtiUploadRequestSchema.safeParse({}).success).toBe(false);
  });

  it('the upload answers the five counts and the unknown study IDs', () => {
    const answer = { insertedCount: 1, matchedCount: 2, modifiedCount: 1, deletedCount: 0, upsertedCount: 0, unknownPgIds: [PG_ID], updatedParticipants: 2 };
    expect(mbtiUploadResponseSchema.parse(answer)).toEqual(answer);
  });

  it('enrollment lists all 16 types and every step', () => {
    const bad = { targets: { perType: 200, total: 6000 }, participants: 0, byType: [], inconclusive: 0, steps: [], generatedAt: new Date().toISOString() };
    expect(enrollmentSchema.safeParse(bad).success).toBe(false);
  });

  it('the gateway routes the admin calls to svc-participants', () => {
    for (const [method, path] of [
      ['POST', '/api/user/mbti'],
      ['GET', '/api/stats'],
      ['GET', '/api/ohready/some-key'],
      ['GET', '/api/admin/enrollment'],
      ['POST', '/api/admin/download-links'],
      ['POST', '/api/typefinder/import'],
    ] as const) {
      expect(matchApiRoute(path, method)?.service).toBe('participants');
    }
    expect(apiRoutes.find((route) => route.path === '/api/ohready/:masterKey')?.secretParams).toEqual(['masterKey']);
  });
});
