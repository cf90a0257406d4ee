import type { ZodError } from 'zod';
import { auditActions, auditDetailsSchema, auditFiltersSchema, auditQuerySchema, auditRangeEnd, auditRangeStart, downloadLinkRequestSchema, EVENT_TYPE_PATTERN, EventTypes, RETIRED_EVENT_TYPES } from './index';

const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';

function refusal(result: { success: boolean; error?: ZodError }): string {
  if (result.success || !result.error) throw new Error('expected a refusal');
  return result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message} ${'keys' in issue ? `unexpected field: ${issue.keys.join(', ')}` : ''}`).join('; ');
}

describe('the audit contracts', () => {
  it('names every action once, in the form <thing>.<past tense>', () => {
    expect(new Set(auditActions).size).toBe(auditActions.length);
    for (const action of auditActions) expect(action).toMatch(/^[a-z][a-z-]*\.[a-z]+$/);
  });

  it('the withdrawal event is a new type following the pattern, never a retired one', () => {
    expect(EventTypes.consentWithdrawn).toMatch(EVENT_TYPE_PATTERN);
    expect(RETIRED_EVENT_TYPES.map((retired) => retired.type)).not.toContain(EventTypes.consentWithdrawn);
  });

  it('accepts the filters of the admin page', () => {
    const query = { action: 'mbti.uploaded', actor: 'admin', pgId: PG_ID, from: '2026-01-01', to: '2026-01-31', before: '2026-01-31T10:00:00.000Z|abc', limit: '20' };
    expect(auditQuerySchema.parse(query)).toEqual({ ...query, limit: 20 });
    expect(auditQuerySchema.parse({ from: '2026-01-05', to: '2026-01-05' })).toEqual({ from: '2026-01-05', to: '2026-01-05' });
  });

  it.each([
    [{ action: 'entry.deleted' }, 'action'],
    [{ actor: 'root' }, 'actor'],
    [{ pgId: 'not-a-study-id' }, 'pgId'],
    [{ from: '2026-02-30' }, 'from'],
    [{ to: 'yesterday' }, 'to'],
    [{ from: '1999-12-31' }, 'from'],
    [{ from: '2026-02-02', to: '2026-02-01' }, 'from must not be after to'],
    [{ before: 'page-2' }, 'before'],
    [{ limit: '0' }, 'limit'],
    [{ limit: '201' }, 'limit'],
    [{ sort: 'at' }, 'unexpected field: sort'],
  ])('refuses %j naming the field', (query, field) => {
    expect(refusal(auditQuerySchema.safeParse(query))).toContain(field);
  });

  it('reads a calendar day as the whole UTC day', () => {
    expect(auditRangeStart('2026-03-01').toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(auditRangeEnd('2026-03-01').toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(auditRangeEnd('2026-03-01T10:00:00.000Z').toISOString()).toBe('2026-03-01T10:00:00.001Z');
  });

  it('the export link carries the same filters, refused the same way', () => {
    expect(downloadLinkRequestSchema.parse({ resource: 'audit', filters: { actor: 'participant' } })).toEqual({ resource: 'audit', filters: { actor: 'participant' } });
    expect(refusal(downloadLinkRequestSchema.safeParse({ resource: 'audit', filters: { to: '2026-13-01' } }))).toContain('filters.to');
    expect(auditFiltersSchema.safeParse({ before: '2026-01-31T10:00:00.000Z|abc' }).success).toBe(false);
  });

  it('details are scalars under plain names', () => {
    expect(auditDetailsSchema.safeParse({ rows: 3, viaLink: true, file: 'statistics.csv', unknown: null }).success).toBe(true);
    expect(auditDetailsSchema.safeParse({ 'a.b': 1 }).success).toBe(false);
    expect(auditDetailsSchema.safeParse({ nested: { key: 'x' } }).success).toBe(false);
    expect(auditDetailsSchema.safeParse({ text: 'x'.repeat(201) }).success).toBe(false);
  });
});
