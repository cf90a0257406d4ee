import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntry, AuditFilters, AuditPage } from '@study/contracts';
import { AdminApiError } from '../../../api/admin-api';
import { MASTER_KEY_STORAGE_KEY } from '../../../lib/master-key';
import { renderPage } from '../../../test-support/render';
import { serveAdminApi } from '../../../test-support/serve-admin-api';
import { AuditTrailPage, type AuditTrailPageProps } from './AuditTrailPage';

const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';

const entry = (id: string, at: string, overrides: Partial<AuditEntry> = {}): AuditEntry => ({ id, at, action: 'mbti.uploaded', actor: 'admin', details: {}, ...overrides });

const FIRST: AuditPage = {
  entries: [
    entry('e3', '2026-03-03T10:00:00.000Z', { details: { rows: 2, added: 1, changed: 0, unchanged: 0, unknown: 1 } }),
    entry('e2', '2026-03-02T10:00:00.000Z', { action: 'consent.given', actor: 'participant', pgId: PG_ID, details: { reauthorized: false } }),
  ],
  nextBefore: '2026-03-02T10:00:00.000Z|e2',
};
const SECOND: AuditPage = { entries: [entry('e1', '2026-03-01T10:00:00.000Z', { action: 'roster.downloaded' })], nextBefore: null };

/** The audit trail calls as the test fakes them: each with the master key and the filters it was sent. */
interface AuditApi {
  /** One page; `before` is the previous page's nextBefore. */
  entries(masterKey: string, filters: AuditFilters, before?: string): Promise<AuditPage>;
  /** The export's download link. */
  exportLink(masterKey: string, filters: AuditFilters): Promise<string>;
}

function fakeApi(entries: AuditApi['entries'], exportLink: AuditApi['exportLink'] = async () => '/api/admin/audit/export?token=t') {
  return { entries: jest.fn(entries), exportLink: jest.fn(exportLink) };
}

/** The page, its calls answered by the fake. */
function renderAuditTrail(api: AuditApi, props: AuditTrailPageProps = {}) {
  serveAdminApi({
    auditTrail: (key, { query }) => {
      const { before, ...rest } = query;
      const filters = rest as AuditFilters;
      return before ? api.entries(key, filters, before) : api.entries(key, filters);
    },
    createDownloadLink: async (key, { body }) => ({ url: await api.exportLink(key, (body as { filters: AuditFilters }).filters), expiresAt: '2026-03-01T10:01:00.000Z' }),
  });
  renderPage(<AuditTrailPage {...props} />, '/audit-trail');
}

const rows = () =>
  within(screen.getByRole('table', { name: 'Audit entries, newest first' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

beforeEach(() => sessionStorage.clear());

describe('/audit-trail', () => {
  it('asks for the key, sends the filters given, and lists the entries with their labels and details', async () => {
    const api = fakeApi(async () => FIRST);
    const user = userEvent.setup();
    renderAuditTrail(api);
    expect((screen.getByRole('button', { name: 'Show entries' }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText('Master Key'), 'the-key');
    await user.selectOptions(screen.getByLabelText('Action'), 'MBTI upload');
    await user.selectOptions(screen.getByLabelText('By'), 'Study team');
    await user.type(screen.getByLabelText('Study ID'), ` ${PG_ID} `);
    fireEvent.change(screen.getByLabelText('From (day, UTC)'), { target: { value: '2026-03-01' } });
    await user.click(screen.getByRole('button', { name: 'Show entries' }));
    expect(api.entries).toHaveBeenCalledWith('the-key', { action: 'mbti.uploaded', actor: 'admin', pgId: PG_ID, from: '2026-03-01' });

    await screen.findByRole('table', { name: 'Audit entries, newest first' });
    expect(rows().map((cells) => cells.slice(1))).toEqual([
      ['MBTI upload', 'Study team', '–', 'rows: 2, added: 1, changed: 0, unchanged: 0, unknown: 1'],
      ['Consent given', 'Participant', PG_ID, 'reauthorized: false'],
    ]);
    expect(screen.getByText('2 entries shown; older ones follow.')).toBeTruthy();
  });

  it('writes days as YYYY-MM-DD in UTC in the filters and in the entries, and labels each value with its column for the phone layout', async () => {
    sessionStorage.setItem(MASTER_KEY_STORAGE_KEY, 'kept-key');
    renderAuditTrail(fakeApi(async () => FIRST));
    const table = await screen.findByRole('table', { name: 'Audit entries, newest first' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Time (UTC)', 'Action', 'By', 'Study ID', 'Details']);
    expect(rows().map((cells) => cells[0])).toEqual(['2026-03-03 10:00:00', '2026-03-02 10:00:00']);
    for (const row of within(table).getAllByRole('row').slice(1)) {
      expect(within(row).getAllByRole('cell').map((cell) => cell.getAttribute('data-label'))).toEqual(['Time (UTC)', 'Action', 'By', 'Study ID', 'Details']);
    }
    // Text fields, not the browser's date picker (which writes the day in the browser's order, mm/dd/yyyy or dd/mm/yyyy).
    for (const label of ['From (day, UTC)', 'To (day, UTC)']) {
      const field = screen.getByLabelText(label) as HTMLInputElement;
      expect(field.type).toBe('text');
      expect(field.placeholder).toBe('YYYY-MM-DD');
    }
    expect(screen.getByText(/Write a day as YYYY-MM-DD/).textContent).toContain('midnight to midnight UTC');
  });

  it('pages back with "Older entries" under the same filters until there are none', async () => {
    sessionStorage.setItem(MASTER_KEY_STORAGE_KEY, 'kept-key');
    const api = fakeApi(async (_key, _filters, before) => (before ? SECOND : FIRST));
    const user = userEvent.setup();
    renderAuditTrail(api);
    await screen.findByRole('table', { name: 'Audit entries, newest first' });
    expect(api.entries).toHaveBeenCalledWith('kept-key', {});

    await user.click(screen.getByRole('button', { name: 'Older entries' }));
    await screen.findByText('3 entries shown.');
    expect(api.entries).toHaveBeenLastCalledWith('kept-key', {}, FIRST.nextBefore);
    expect(rows().map((cells) => cells[1])).toEqual(['MBTI upload', 'Consent given', 'Roster download']);
    expect(screen.queryByRole('button', { name: 'Older entries' })).toBeNull();
  });

  it('shows a refused filter as a danger notice and on the field it names', async () => {
    sessionStorage.setItem(MASTER_KEY_STORAGE_KEY, 'kept-key');
    const api = fakeApi(async (_key, filters: AuditFilters) => {
      if (filters.from) throw new AdminApiError('Invalid request: from must not be after to.', 400);
      return FIRST;
    });
    const user = userEvent.setup();
    renderAuditTrail(api);
    await screen.findByRole('table', { name: 'Audit entries, newest first' });
    fireEvent.change(screen.getByLabelText('From (day, UTC)'), { target: { value: '2026-03-05' } });
    fireEvent.change(screen.getByLabelText('To (day, UTC)'), { target: { value: '2026-03-01' } });
    await user.click(screen.getByRole('button', { name: 'Show entries' }));

    const alert = await screen.findByRole('alert');
    expect(alert.className).toContain('notice--danger');
    expect(alert.textContent).toContain('from must not be after to');
    const from = screen.getByLabelText('From (day, UTC)');
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('must not be after to').id).toBe(from.getAttribute('aria-describedby'));
    expect(screen.getByLabelText('To (day, UTC)').getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('exports the entries of the filters shown through a download link', async () => {
    sessionStorage.setItem(MASTER_KEY_STORAGE_KEY, 'kept-key');
    const api = fakeApi(async () => SECOND);
    const download = jest.fn();
    const user = userEvent.setup();
    renderAuditTrail(api, { download });
    await screen.findByRole('table', { name: 'Audit entries, newest first' });
    await user.selectOptions(screen.getByLabelText('Action'), 'Roster download');
    await user.click(screen.getByRole('button', { name: 'Show entries' }));
    await screen.findByText('1 entry shown.');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(api.exportLink).toHaveBeenCalledWith('kept-key', { action: 'roster.downloaded' });
    expect(download).toHaveBeenCalledWith('/api/admin/audit/export?token=t');
    expect((await screen.findByRole('status')).textContent).toContain('audit-trail.csv');
  });

  it('says so when no entry matches, and when the export cannot start', async () => {
    sessionStorage.setItem(MASTER_KEY_STORAGE_KEY, 'kept-key');
    const api = fakeApi(async () => ({ entries: [], nextBefore: null }), async () => Promise.reject(new AdminApiError('Too many calls from your address. Try again in 2 minutes.', 429)));
    const user = userEvent.setup();
    renderAuditTrail(api, { download: jest.fn() });
    await screen.findByText('No entries match these filters.');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Too many calls from your address.');
  });
});

describe('/audit-trail with the real HTTP calls', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('reads the list with the filters in the query and the key in X-Master-Key, and asks for an audit link with the filters', async () => {
    sessionStorage.setItem(MASTER_KEY_STORAGE_KEY, 'kept-key');
    const fetchMock = jest.fn(async (url: string) => ({
      ok: true,
      status: 200,
      text: async () => JSON.stringify(url.startsWith('/api/admin/download-links') ? { url: '/api/admin/audit/export?token=x&actor=system', expiresAt: '2026-03-01T10:01:00.000Z' } : url.includes('before=') ? SECOND : FIRST),
    }));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    const download = jest.fn();
    const user = userEvent.setup();
    renderPage(<AuditTrailPage download={download} />, '/audit-trail');
    await screen.findByRole('table', { name: 'Audit entries, newest first' });
    await user.selectOptions(screen.getByLabelText('By'), 'System');
    await user.click(screen.getByRole('button', { name: 'Show entries' }));
    await user.click(screen.getByRole('button', { name: 'Older entries' }));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    const calls = fetchMock.mock.calls as unknown as [string, RequestInit][];
    expect(calls.map(([url]) => url)).toEqual([
      '/api/admin/audit/entries',
      '/api/admin/audit/entries?actor=system',
      `/api/admin/audit/entries?actor=system&before=${encodeURIComponent(FIRST.nextBefore!)}`,
      '/api/admin/download-links',
    ]);
    for (const [, init] of calls) expect(init.headers).toMatchObject({ 'x-master-key': 'kept-key' });
    expect(JSON.parse(String(calls[3]?.[1].body))).toEqual({ resource: 'audit', filters: { actor: 'system' } });
    expect(download).toHaveBeenCalledWith('/api/admin/audit/export?token=x&actor=system');
  });
});
