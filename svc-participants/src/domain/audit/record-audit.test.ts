import type { Logger } from 'pino';
import { AuditActions } from '@study/contracts';
import type { AuditLogDocument, AuditLogRepository } from '../../data-access/audit-log-repository';
import { auditSelection, filterDetails, positionOf } from './audit-trail';
import { AuditUnavailableError, recordAudit, REDACTED, type AuditDeps } from './record-audit';

const MASTER_KEY = 'the-master-key-0123456789';
const NOW = new Date('2026-03-01T12:00:00.000Z');
const quiet = { error: () => undefined } as unknown as Logger;

function depsWith(append: (entry: AuditLogDocument) => Promise<boolean>): AuditDeps {
  return { auditLog: { append } as unknown as AuditLogRepository, auditSecrets: [MASTER_KEY], logger: quiet, now: () => NOW, caller: { kind: 'master-key' } };
}

describe('recordAudit', () => {
  it('stores the entry with a new id and the time now, and says it was recorded', async () => {
    const stored: AuditLogDocument[] = [];
    const deps = depsWith(async (entry) => (stored.push(entry), true));
    expect(await recordAudit(deps, { action: AuditActions.mbtiUploaded, actor: 'admin', details: { rows: 3 } })).toBe('recorded');
    expect(stored).toEqual([{ _id: expect.stringMatching(/^[0-9a-f-]{36}$/), at: NOW, action: 'mbti.uploaded', actor: 'admin', by: { kind: 'master-key' }, details: { rows: 3 } }]);
  });

  it('refuses a study-team entry without the person (or the master key) behind it, storing nothing', async () => {
    const stored: AuditLogDocument[] = [];
    const { caller: _caller, ...withoutCaller } = depsWith(async (entry) => (stored.push(entry), true));
    await expect(recordAudit(withoutCaller, { action: AuditActions.enrollmentViewed, actor: 'admin' })).rejects.toThrow('no caller is known');
    expect(stored).toEqual([]);
  });

  it('keeps a given id and time (the event it records), and answers already-recorded for an id the log has', async () => {
    const stored: AuditLogDocument[] = [];
    const deps = depsWith(async (entry) => (stored.some((held) => held._id === entry._id) ? false : (stored.push(entry), true)));
    const at = new Date('2026-02-01T00:00:00.000Z');
    const entry = { id: 'event-1', at, action: AuditActions.consentGiven, actor: 'participant' as const, pgId: 'p' };
    expect(await recordAudit(deps, entry)).toBe('recorded');
    expect(await recordAudit(deps, entry)).toBe('already-recorded');
    expect(stored).toEqual([{ _id: 'event-1', at, action: 'consent.given', actor: 'participant', pgId: 'p', details: {} }]);
  });

  it('never stores the master key, as is or URL-encoded, in a detail', async () => {
    const stored: AuditLogDocument[] = [];
    const deps = depsWith(async (entry) => (stored.push(entry), true));
    await recordAudit(deps, { action: AuditActions.rosterDownloaded, actor: 'admin', details: { path: `/api/ohready/${MASTER_KEY}`, encoded: encodeURIComponent(`x ${MASTER_KEY}`), rows: 2 } });
    expect(stored[0]?.details).toEqual({ path: REDACTED, encoded: REDACTED, rows: 2 });
    expect(JSON.stringify(stored)).not.toContain(MASTER_KEY);
  });

  it('refuses details that break the contract (a caller bug) without writing', async () => {
    const append = jest.fn(async () => true);
    await expect(recordAudit(depsWith(append), { action: AuditActions.mbtiUploaded, actor: 'admin', details: { nested: { a: 1 } } as never })).rejects.toThrow();
    expect(append).not.toHaveBeenCalled();
  });

  it('turns a failed write into a 503 with Retry-After, so the action is not done untraced', async () => {
    const error = await recordAudit(depsWith(() => Promise.reject(new Error('connection closed'))), { action: AuditActions.enrollmentViewed, actor: 'admin' }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(AuditUnavailableError);
    expect(error).toMatchObject({ status: 503, code: 'AUDIT_UNAVAILABLE', retryAfterSeconds: 5 });
  });
});

describe('the audit filters', () => {
  it('select whole UTC days, to inclusive, and study IDs in lower case', () => {
    expect(auditSelection({ action: 'roster.downloaded', actor: 'admin', pgId: 'ABCDEF00-0000-4000-8000-000000000000', from: '2026-03-01', to: '2026-03-02' })).toEqual({
      action: 'roster.downloaded',
      actor: 'admin',
      pgId: 'abcdef00-0000-4000-8000-000000000000',
      from: new Date('2026-03-01T00:00:00.000Z'),
      until: new Date('2026-03-03T00:00:00.000Z'),
    });
    expect(auditSelection({})).toEqual({});
  });

  it('are recorded with the export under their own names', () => {
    expect(filterDetails({ actor: 'participant', to: '2026-03-02' })).toEqual({ filterActor: 'participant', filterTo: '2026-03-02' });
  });

  it('read a page cursor back as time and id (the id may hold the separator)', () => {
    expect(positionOf('2026-03-01T12:00:00.000Z|a|b')).toEqual({ at: NOW, id: 'a|b' });
  });
});
