import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUDIT_COMMAND_LINE_LABEL, AUDIT_MASTER_KEY_LABEL, type AuditEntry, type AuditFilters, type AuditPage, type StaffAccount, type StaffSessionView } from '@study/contracts';
import { AdminApiError } from '../../../api/admin-api';
import { renderPage } from '../../../test-support/render';
import { requestsOf, serveAdminApi } from '../../../test-support/serve-admin-api';
import { staffSession } from '../../../test-support/staff-sessions';
import { AuditTrailPage, type AuditTrailPageProps } from './AuditTrailPage';

const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';
const DANA = staffSession('data-manager').staff;
const TEAM: StaffAccount[] = [
  { ...staffSession('owner').staff, createdAt: '2026-01-01T09:00:00.000Z', createdBy: { kind: 'master-key' }, setUp: true, passkeys: 1 },
  { ...DANA, createdAt: '2026-01-02T09:00:00.000Z', createdBy: { kind: 'staff', id: staffSession('owner').staff.id, name: 'Olive Owner' }, setUp: true, passkeys: 0 },
];

const entry = (id: string, at: string, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  at,
  action: 'mbti.uploaded',
  actor: 'admin',
  by: { kind: 'staff', staffId: DANA.id, name: DANA.name, role: 'data-manager' },
  details: {},
  ...overrides,
});

const FIRST: AuditPage = {
  entries: [
    entry('e3', '2026-03-03T10:00:00.000Z', { details: { rows: 2, added: 1, changed: 0, unchanged: 0, unknown: 1 } }),
    entry('e2', '2026-03-02T10:00:00.000Z', { action: 'consent.given', actor: 'participant', by: undefined, pgId: PG_ID, details: { reauthorized: false } }),
  ],
  nextBefore: '2026-03-02T10:00:00.000Z|e2',
};
const SECOND: AuditPage = { entries: [entry('e1', '2026-03-01T10:00:00.000Z', { action: 'roster.downloaded', by: { kind: 'master-key' } })], nextBefore: null };

/** The audit trail calls as the test fakes them: each with the filters it was sent. */
interface AuditApi {
  /** One page; `before` is the previous page's nextBefore. */
  entries(filters: AuditFilters, before?: string): Promise<AuditPage>;
  /** The export's download link. */
  exportLink(filters: AuditFilters): Promise<string>;
}

function fakeApi(entries: AuditApi['entries'], exportLink: AuditApi['exportLink'] = async () => '/api/admin/audit/export?token=t') {
  return { entries: jest.fn(entries), exportLink: jest.fn(exportLink) };
}

/** The page for a signed-in person (an owner unless told), its calls answered by the fake. */
function renderAuditTrail(api: AuditApi, props: AuditTrailPageProps = {}, session: StaffSessionView = staffSession('owner')) {
  const served = serveAdminApi(
    {
      auditTrail: ({ query }) => {
        const { before, ...rest } = query;
        const filters = rest as AuditFilters;
        return before ? api.entries(filters, before) : api.entries(filters);
      },
      createDownloadLink: async ({ body }) => ({ url: await api.exportLink((body as { filters: AuditFilters }).filters), expiresAt: '2026-03-01T10:01:00.000Z' }),
      staffList: async () => ({ staff: TEAM }),
    },
    { session },
  );
  renderPage(<AuditTrailPage {...props} />, '/audit-trail');
  return served;
}

const rows = () =>
  within(screen.getByRole('table', { name: 'Audit entries, newest first' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

const optionsOf = (label: string) => within(screen.getByLabelText(label)).getAllByRole('option').map((option) => option.textContent);

describe('/audit-trail', () => {
  it('shows the newest entries as it opens, with the person behind each study-team entry', async () => {
    const api = fakeApi(async () => FIRST);
    renderAuditTrail(api);
    const table = await screen.findByRole('table', { name: 'Audit entries, newest first' });
    expect(api.entries).toHaveBeenCalledWith({});
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Time (UTC)', 'Action', 'By', 'Person', 'Study ID', 'Details']);
    expect(rows().map((cells) => cells.slice(1))).toEqual([
      ['MBTI upload', 'Study team', 'Dana Data (Data manager)', '–', 'rows: 2, added: 1, changed: 0, unchanged: 0, unknown: 1'],
      ['Consent given', 'Participant', '–', PG_ID, 'reauthorized: false'],
    ]);
    expect(screen.getByText('2 entries shown; older ones follow.')).toBeTruthy();
  });

  it('sends the filters given, the person as `by`, and offers the team, the master key and the command line as people', async () => {
    const api = fakeApi(async () => FIRST);
    const user = userEvent.setup();
    renderAuditTrail(api);
    await screen.findByRole('table', { name: 'Audit entries, newest first' });
    expect(screen.queryByLabelText('Master Key')).toBeNull();
    await screen.findByRole('option', { name: 'Dana Data (Data manager)' });
    expect(optionsOf('Person')).toEqual(['Any person', 'Olive Owner (Owner)', 'Dana Data (Data manager)', AUDIT_MASTER_KEY_LABEL, AUDIT_COMMAND_LINE_LABEL]);
    await user.selectOptions(screen.getByLabelText('Action'), 'MBTI upload');
    await user.selectOptions(screen.getByLabelText('By'), 'Study team');
    await user.selectOptions(screen.getByLabelText('Person'), 'Dana Data (Data manager)');
    await user.type(screen.getByLabelText('Study ID'), ` ${PG_ID} `);
    fireEvent.change(screen.getByLabelText('From (day, UTC)'), { target: { value: '2026-03-01' } });
    await user.click(screen.getByRole('button', { name: 'Show entries' }));
    expect(api.entries).toHaveBeenLastCalledWith({ action: 'mbti.uploaded', actor: 'admin', by: DANA.id, pgId: PG_ID, from: '2026-03-01' });

    await user.selectOptions(screen.getByLabelText('Person'), AUDIT_MASTER_KEY_LABEL);
    await user.click(screen.getByRole('button', { name: 'Show entries' }));
    expect(api.entries).toHaveBeenLastCalledWith(expect.objectContaining({ by: 'master-key' }));
  });

  it('offers only the master key and the command line as people to a role that may not see the team, and does not ask for it', async () => {
    const served = renderAuditTrail(fakeApi(async () => SECOND), {}, staffSession('viewer', { capabilities: ['audit.view', 'audit.export', 'download-link.create'] }));
    await screen.findByRole('table', { name: 'Audit entries, newest first' });
    expect(optionsOf('Person')).toEqual(['Any person', AUDIT_MASTER_KEY_LABEL, AUDIT_COMMAND_LINE_LABEL]);
    expect(rows()[0]?.[3]).toBe(AUDIT_MASTER_KEY_LABEL);
    expect(requestsOf(served).some((request) => request.url === '/api/admin/staff')).toBe(false);
  });

  it('writes days as YYYY-MM-DD in UTC in the filters and in the entries, and labels each value with its column for the phone layout', async () => {
    renderAuditTrail(fakeApi(async () => FIRST));
    const table = await screen.findByRole('table', { name: 'Audit entries, newest first' });
    expect(rows().map((cells) => cells[0])).toEqual(['2026-03-03 10:00:00', '2026-03-02 10:00:00']);
    for (const row of within(table).getAllByRole('row').slice(1)) {
      expect(within(row).getAllByRole('cell').map((cell) => cell.getAttribute('data-label'))).toEqual(['Time (UTC)', 'Action', 'By', 'Person', 'Study ID', 'Details']);
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
    const api = fakeApi(async (_filters, before) => (before ? SECOND : FIRST));
    const user = userEvent.setup();
    renderAuditTrail(api);
    await screen.findByRole('table', { name: 'Audit entries, newest first' });
    expect(api.entries).toHaveBeenCalledWith({});

    await user.click(screen.getByRole('button', { name: 'Older entries' }));
    await screen.findByText('3 entries shown.');
    expect(api.entries).toHaveBeenLastCalledWith({}, FIRST.nextBefore);
    expect(rows().map((cells) => cells[1])).toEqual(['MBTI upload', 'Consent given', 'Roster download']);
    expect(screen.queryByRole('button', { name: 'Older entries' })).toBeNull();
  });

  it('shows a refused filter as a danger notice and on the field it names', async () => {
    const api = fakeApi(async (filters: AuditFilters) => {
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
    const api = fakeApi(async () => SECOND);
    const download = jest.fn();
    const user = userEvent.setup();
    renderAuditTrail(api, { download });
    await screen.findByRole('table', { name: 'Audit entries, newest first' });
    await user.selectOptions(screen.getByLabelText('Action'), 'Roster download');
    await user.click(screen.getByRole('button', { name: 'Show entries' }));
    await screen.findByText('1 entry shown.');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(api.exportLink).toHaveBeenCalledWith({ action: 'roster.downloaded' });
    expect(download).toHaveBeenCalledWith('/api/admin/audit/export?token=t');
    expect((await screen.findByRole('status')).textContent).toContain('audit-trail.csv');
  });

  it('says so when no entry matches, and when the export cannot start', async () => {
    const api = fakeApi(async () => ({ entries: [], nextBefore: null }), async () => Promise.reject(new AdminApiError('Too many calls from your address. Try again in 2 minutes.', 429)));
    const user = userEvent.setup();
    renderAuditTrail(api, { download: jest.fn() });
    await screen.findByText('No entries match these filters.');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Too many calls from your address.');
  });

  it('labels every action, those of the staff accounts too', async () => {
    renderAuditTrail(fakeApi(async () => FIRST));
    await screen.findByRole('table', { name: 'Audit entries, newest first' });
    expect(optionsOf('Action')).toEqual(expect.arrayContaining(['Signed in', 'Signed out', 'Team member added', 'Account set up', 'Passkey added', 'Refused to the role']));
  });
});

describe('/audit-trail over HTTP', () => {
  it('reads GET /api/admin/audit/entries with the filters in the query, and asks for an audit link with the filters and the CSRF token', async () => {
    const download = jest.fn();
    const user = userEvent.setup();
    const served = renderAuditTrail(
      fakeApi(
        async (_filters, before) => (before ? SECOND : FIRST),
        async () => '/api/admin/audit/export?token=x&actor=system',
      ),
      { download },
    );
    await screen.findByRole('table', { name: 'Audit entries, newest first' });
    await user.selectOptions(screen.getByLabelText('By'), 'System');
    await user.click(screen.getByRole('button', { name: 'Show entries' }));
    await user.click(await screen.findByRole('button', { name: 'Older entries' }));
    await screen.findByText('3 entries shown.');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await screen.findByText(/The export has started/);

    const calls = requestsOf(served).filter((request) => request.url.startsWith('/api/admin/audit') || request.url === '/api/admin/download-links');
    expect(calls.map(({ url }) => url)).toEqual([
      '/api/admin/audit/entries',
      '/api/admin/audit/entries?actor=system',
      `/api/admin/audit/entries?actor=system&before=${encodeURIComponent(FIRST.nextBefore!)}`,
      '/api/admin/download-links',
    ]);
    for (const call of calls) {
      expect(call.credentials).toBe('same-origin');
      expect(call.headers['x-master-key']).toBeUndefined();
    }
    expect(calls[3]).toMatchObject({ body: { resource: 'audit', filters: { actor: 'system' } }, headers: { 'x-csrf-token': 'csrf-owner-token' } });
    expect(download).toHaveBeenCalledWith('/api/admin/audit/export?token=x&actor=system');
  });
});
