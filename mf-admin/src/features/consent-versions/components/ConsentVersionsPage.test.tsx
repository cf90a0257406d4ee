import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConsentVersionsOverview, PublishConsentResponse } from '@study/contracts';
import { AdminApiError } from '../../../api/admin-api';
import { renderPage } from '../../../test-support/render';
import { requestsOf, serveAdminApi } from '../../../test-support/serve-admin-api';
import { staffSession } from '../../../test-support/staff-sessions';
import { ConsentVersionsPage } from './ConsentVersionsPage';

const OVERVIEW: ConsentVersionsOverview = {
  currentVersionId: 'v2',
  currentText: '# Study title\n\nPersonality type and genetics',
  versions: [
    { versionId: 'v1', hash: 'a'.repeat(64), publishedAt: '2026-01-01T09:00:00.000Z', latestConsents: 7 },
    { versionId: 'v2', hash: 'b'.repeat(64), publishedAt: '2026-03-01T09:00:00.000Z', latestConsents: 3 },
  ],
  versionNotRecorded: 2,
  mustAgreeAgain: 8,
  generatedAt: '2026-03-02T09:00:00.000Z',
};

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [within(row).getByRole('rowheader').textContent, ...within(row).getAllByRole('cell').map((cell) => cell.textContent)]);

/** The consent calls as the test fakes them: each with the text it was sent. */
interface ConsentVersionsApi {
  overview(): Promise<ConsentVersionsOverview>;
  publish(text: string): Promise<PublishConsentResponse>;
}

function fakeApi(): ConsentVersionsApi & { overview: jest.Mock; publish: jest.Mock } {
  return { overview: jest.fn(async () => OVERVIEW), publish: jest.fn() };
}

/** The page for a signed-in owner, its calls answered by the fake. */
function renderConsentVersions(api: ConsentVersionsApi) {
  const served = serveAdminApi({
    consentVersions: () => api.overview(),
    publishConsentVersion: ({ body }) => api.publish((body as { text: string }).text),
  });
  renderPage(<ConsentVersionsPage />, '/consent-versions');
  return served;
}

describe('/consent-versions', () => {
  it('lists every version with its hash and how many latest consents it has, and how many must agree again', async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    renderConsentVersions(api);
    expect((await screen.findByRole('link', { name: 'Consent' })).getAttribute('href')).toBe('/consent-versions');
    const rows = rowsOf(await screen.findByRole('table', { name: 'Consent versions' }));
    expect(api.overview).toHaveBeenCalledTimes(1);
    expect(rows.map((row) => [row[0], row[1], row[3]])).toEqual([
      ['v1', 'a'.repeat(64), '7'],
      ['v2 (current)', 'b'.repeat(64), '3'],
      ['Version not recorded', '–', '2'],
    ]);
    expect(screen.getByText(/must agree again on their next visit/).textContent).toBe('Current version: v2. 8 participants must agree again on their next visit.');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await screen.findByRole('table', { name: 'Consent versions' });
    expect(api.overview).toHaveBeenCalledTimes(2);
  });

  it('writes the publication time in UTC as YYYY-MM-DD, and labels each value with its column for the phone layout', async () => {
    renderConsentVersions(fakeApi());
    const table = await screen.findByRole('table', { name: 'Consent versions' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Version', 'Content hash (SHA-256)', 'Published (UTC)', 'Latest consent of']);
    expect(rowsOf(table)[0]?.[2]).toBe('2026-01-01 09:00');
    // Every value cell carries its column's heading, which the stacked rows show beside it.
    for (const row of within(table).getAllByRole('row').slice(1)) {
      expect(within(row).getAllByRole('cell').map((cell) => cell.getAttribute('data-label'))).toEqual(['Content hash (SHA-256)', 'Published (UTC)', 'Latest consent of']);
    }
  });

  it('explains the markup with examples that read as written (a mark and its space, then words)', async () => {
    renderConsentVersions(fakeApi());
    const help = (await screen.findByText('How to mark up the text:')).parentElement as HTMLElement;
    expect(within(help).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '# Risks on a line of its own is a heading;',
      'lines such as - Your data stays pseudonymous or 1. Read the form are a list;',
      '**words** are in bold;',
      'a blank line separates headings, paragraphs and lists;',
      "{{research-team-contact}}, {{review-board-name}}, {{review-board-approval}} and {{review-board-contact}} show this deployment's research team address and review board (its name, approval reference and contact) where participants read the text.",
    ]);
    expect(document.body.textContent).not.toMatch(/with#|#\u00a0 is/);
    expect(screen.getByLabelText('Consent text').getAttribute('aria-describedby')).toBe(help.id);
  });

  it('publishes a new text, says which version it became and counts again', async () => {
    const api = fakeApi();
    api.publish.mockResolvedValue({ outcome: 'published', version: { versionId: 'v3', hash: 'c'.repeat(64), publishedAt: '2026-03-03T09:00:00.000Z' } });
    const user = userEvent.setup();
    renderConsentVersions(api);
    await screen.findByRole('table', { name: 'Consent versions' });
    const publish = screen.getByRole('button', { name: 'Publish' }) as HTMLButtonElement;
    expect(publish.disabled).toBe(true);
    await user.type(screen.getByLabelText('Consent text'), '# Title{enter}{enter}New words.');
    await user.click(publish);
    expect(api.publish).toHaveBeenCalledWith('# Title\n\nNew words.');
    expect(await screen.findByText('Published as v3')).toBeTruthy();
    expect(api.overview).toHaveBeenCalledTimes(2);
  });

  it('starts a new text from the current one as stored, placeholders and all', async () => {
    const api = fakeApi();
    api.overview.mockResolvedValue({ ...OVERVIEW, currentText: '# 10. Review board\n\nApproved by {{review-board-name}}.' });
    const user = userEvent.setup();
    renderConsentVersions(api);
    await user.click(await screen.findByRole('button', { name: 'Start from the current text (v2)' }));
    expect((screen.getByLabelText('Consent text') as HTMLTextAreaElement).value).toBe('# 10. Review board\n\nApproved by {{review-board-name}}.');
  });

  it('says when the text is the current one and nothing changed, and shows a refusal', async () => {
    const api = fakeApi();
    api.publish
      .mockResolvedValueOnce({ outcome: 'unchanged', version: { versionId: 'v2', hash: 'b'.repeat(64), publishedAt: '2026-03-01T09:00:00.000Z' } })
      .mockRejectedValueOnce(new AdminApiError('The text could not be stored.', 503));
    const user = userEvent.setup();
    renderConsentVersions(api);
    await user.type(await screen.findByLabelText('Consent text'), 'Same text.');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('The text is the current version (v2).')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('The text could not be stored.')).toBeTruthy();
  });

  it('sends the text as JSON with the session cookie and its CSRF token, and no key', async () => {
    const api = fakeApi();
    api.publish.mockResolvedValue({ outcome: 'unchanged', version: { versionId: 'v2', hash: 'b'.repeat(64), publishedAt: '2026-03-01T09:00:00.000Z' } });
    const served = renderConsentVersions(api);
    await userEvent.type(await screen.findByLabelText('Consent text'), 'Text.');
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await screen.findByText('Nothing changed');
    const publish = requestsOf(served).find((request) => request.method === 'POST');
    expect(publish).toMatchObject({ url: '/api/admin/consent-versions', credentials: 'same-origin', body: { text: 'Text.' }, headers: { 'x-csrf-token': 'csrf-owner-token' } });
    expect(publish?.headers['x-master-key']).toBeUndefined();
  });

  it('shows the versions, but not the publishing, to a role without it', async () => {
    const api = fakeApi();
    serveAdminApi({ consentVersions: () => api.overview() }, { session: staffSession('owner', { capabilities: ['consent-versions.view'] }) });
    renderPage(<ConsentVersionsPage />, '/consent-versions');
    await screen.findByRole('table', { name: 'Consent versions' });
    expect(screen.getByRole('alert').textContent).toContain('Your role (Owner) does not include publishing a consent text.');
    expect(screen.queryByLabelText('Consent text')).toBeNull();
  });
});
