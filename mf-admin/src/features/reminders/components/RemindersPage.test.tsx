import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReminderPreview, ReminderSendResponse } from '@study/contracts';
import { AdminApiError } from '../../../api/admin-api';
import { renderPage } from '../../../test-support/render';
import { requestsOf, serveAdminApi } from '../../../test-support/serve-admin-api';
import { RemindersPage } from './RemindersPage';

const P1 = '11111111-1111-4111-8111-111111111111';
const P2 = '22222222-2222-4222-8222-222222222222';

const preview = (overrides: Partial<ReminderPreview> = {}): ReminderPreview => ({
  step: 'nardi',
  days: 10,
  count: 3,
  alreadyReminded: 1,
  maxPerSend: 2,
  recipients: [
    { pgId: P1, memberId: '12345678', waitingSince: '2025-01-01T10:00:00.000Z' },
    { pgId: P2, memberId: '87654321', waitingSince: '2025-01-02T10:00:00.000Z' },
  ],
  ...overrides,
});

const sent: ReminderSendResponse = { sendId: 'send-1', step: 'nardi', days: 10, sentAt: '2025-01-20T10:00:00.000Z', recipients: preview().recipients, remaining: 1 };

/** The reminder calls as the test fakes them: each with the request it was sent. */
interface RemindersApi {
  preview(request: unknown): Promise<ReminderPreview>;
  send(request: unknown): Promise<ReminderSendResponse>;
}

function fakeApi(overrides: Partial<RemindersApi> = {}): RemindersApi & { preview: jest.Mock; send: jest.Mock } {
  return { preview: jest.fn(async () => preview()), send: jest.fn(async () => sent), ...overrides } as never;
}

/** The page for a signed-in owner, its calls answered by the fake; resolves once the tools show. */
async function renderReminders(api: RemindersApi) {
  const served = serveAdminApi({ previewReminders: ({ body }) => api.preview(body), sendReminders: ({ body }) => api.send(body) });
  renderPage(<RemindersPage />, '/reminders');
  await screen.findByRole('group', { name: 'Step' });
  return served;
}

async function previewNardi(api: RemindersApi) {
  const served = await renderReminders(api);
  await userEvent.click(screen.getByRole('radio', { name: 'TypeFinder done, but no Nardi yet' }));
  const days = screen.getByLabelText('For at least (days)');
  await userEvent.clear(days);
  await userEvent.type(days, '10');
  await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
  return served;
}

describe('RemindersPage', () => {
  it('offers the steps as radio buttons with their whole labels, the first chosen, and sends the one chosen', async () => {
    const api = fakeApi();
    await renderReminders(api);
    const group = screen.getByRole('group', { name: 'Step' });
    const radios = within(group).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((radio) => radio.labels?.[0]?.textContent)).toEqual(['Consented, but no TypeFinder yet', 'TypeFinder done, but no Nardi yet', 'Nardi done, but no self-assessment yet']);
    expect(radios.map((radio) => radio.checked)).toEqual([true, false, false]);
    await userEvent.click(screen.getByText('Nardi done, but no self-assessment yet'));
    expect(radios.map((radio) => radio.checked)).toEqual([false, false, true]);
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(api.preview).toHaveBeenCalledWith({ step: 'selfAssessment', days: 7 });
  });

  it('previews how many and whom, then sends the message after a confirmation', async () => {
    const api = fakeApi();
    const served = await previewNardi(api);
    expect(api.preview).toHaveBeenCalledWith({ step: 'nardi', days: 10 });
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('3 participants have been at “TypeFinder done, but no Nardi yet” for 10 days or more');
    expect(status.textContent).toContain('1 other was reminded for this step before');
    expect(status.textContent).toContain('this one reaches the 2 waiting longest');
    const table = screen.getByRole('table');
    expect(within(table).getByText(P1)).toBeTruthy();
    expect(within(table).getByText('87654321')).toBeTruthy();
    // Waiting since, in UTC; each value labelled with its column for the phone layout.
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Study ID', 'Open Humans member', 'Waiting since (UTC)']);
    expect(within(table).getAllByRole('cell').map((cell) => [cell.getAttribute('data-label'), cell.textContent]).slice(0, 3)).toEqual([
      ['Study ID', P1],
      ['Open Humans member', '12345678'],
      ['Waiting since (UTC)', '2025-01-01 10:00'],
    ]);

    await userEvent.type(screen.getByLabelText('Subject'), 'Nardi awaits');
    await userEvent.type(screen.getByLabelText('Message'), 'Hello {{{{ PROJECT_MEMBER_ID }}, come back.');
    expect(screen.getByText('Hello 12345678, come back.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Send to 2 members' }));
    expect(api.send).not.toHaveBeenCalled();
    const confirm = screen.getByRole('button', { name: 'Confirm send' });
    await screen.findByRole('group', { name: 'Confirm the send' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.activeElement).toBe(confirm);
    await userEvent.keyboard('{Enter}');
    expect(api.send).toHaveBeenCalledWith({ step: 'nardi', days: 10, subject: 'Nardi awaits', message: 'Hello {{ PROJECT_MEMBER_ID }}, come back.' });
    // Each POST with the session's CSRF token.
    const posts = requestsOf(served).filter((request) => request.method === 'POST');
    expect(posts.map((request) => [request.url, request.headers['x-csrf-token']])).toEqual([
      ['/api/admin/reminders/preview', 'csrf-owner-token'],
      ['/api/admin/reminders/send', 'csrf-owner-token'],
    ]);
    expect((await screen.findByText('Reminder sent to 2 members.')).closest('.notice')?.textContent).toContain('12345678, 87654321');
    expect(screen.getByText(/1 more participant is waiting/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("says the project's master token needs renewing when the send went with members' own grants", async () => {
    const notice = "Sent with each member's own Open Humans grant: Open Humans did not accept the project's master access token (OH_MASTER_ACCESS_TOKEN): Expired token. Generate a new one.";
    const api = fakeApi({ send: jest.fn(async () => ({ ...sent, notice })) });
    await previewNardi(api);
    await screen.findByRole('table');
    await userEvent.type(screen.getByLabelText('Subject'), 'Nardi awaits');
    await userEvent.type(screen.getByLabelText('Message'), 'Come back.');
    await userEvent.click(screen.getByRole('button', { name: 'Send to 2 members' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm send' }));
    await screen.findByText('Reminder sent to 2 members.');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain("The project's master token needs renewing.");
    expect(alert.textContent).toContain('Expired token.');
  });

  it('can cancel the confirmation without sending', async () => {
    const api = fakeApi();
    await previewNardi(api);
    await screen.findByRole('table');
    await userEvent.type(screen.getByLabelText('Subject'), 'S');
    await userEvent.type(screen.getByLabelText('Message'), 'M');
    await userEvent.click(screen.getByRole('button', { name: 'Send to 2 members' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('button', { name: 'Confirm send' })).toBeNull();
    expect(api.send).not.toHaveBeenCalled();
  });

  it('refuses an empty subject or message and days out of range, naming the field, without calling the server', async () => {
    const api = fakeApi();
    await renderReminders(api);
    const days = screen.getByLabelText('For at least (days)');
    await userEvent.clear(days);
    await userEvent.type(days, '400');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(screen.getByText('Enter a whole number of days from 1 to 365.')).toBeTruthy();
    expect(days.getAttribute('aria-invalid')).toBe('true');
    expect(api.preview).not.toHaveBeenCalled();

    await userEvent.clear(days);
    await userEvent.type(days, '7');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByRole('table');
    await userEvent.type(screen.getByLabelText('Message'), 'Dear {{{{ name }}');
    await userEvent.click(screen.getByRole('button', { name: 'Send to 2 members' }));
    expect(screen.getByText('Write the subject.')).toBeTruthy();
    expect(screen.getByText(/Use \{\{ PROJECT_MEMBER_ID \}\} for the member's id/)).toBeTruthy();
    expect(screen.getByLabelText('Message').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Confirm send' })).toBeNull();
    expect(api.send).not.toHaveBeenCalled();
  });

  it('shows nobody to remind without a send button', async () => {
    await previewNardi(fakeApi({ preview: jest.fn(async () => preview({ count: 0, alreadyReminded: 4, recipients: [] })) }));
    expect((await screen.findByRole('status')).textContent).toContain('Nobody has been at “TypeFinder done, but no Nardi yet” for 10 days or more');
    expect(screen.queryByRole('button', { name: /Send to/ })).toBeNull();
  });

  it("shows the server's refusal (a send too soon after another) and keeps the message", async () => {
    const api = fakeApi({
      send: jest.fn(async () => {
        throw new AdminApiError('A reminder was sent less than 60 seconds ago (one send per 60 seconds): try again in 42 seconds.', 429);
      }),
    });
    await previewNardi(api);
    await screen.findByRole('table');
    await userEvent.type(screen.getByLabelText('Subject'), 'S');
    await userEvent.type(screen.getByLabelText('Message'), 'M');
    await userEvent.click(screen.getByRole('button', { name: 'Send to 2 members' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm send' }));
    const alert = await screen.findByRole('alert');
    expect(alert.className).toContain('notice--danger');
    expect(alert.textContent).toContain('try again in 42 seconds');
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('M');
  });

  it('asks for a new preview when the step or the days change', async () => {
    const api = fakeApi();
    await previewNardi(api);
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('radio', { name: 'Nardi done, but no self-assessment yet' }));
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: /Send to/ })).toBeNull();
  });

  it('shows a failed preview', async () => {
    await previewNardi(fakeApi({ preview: jest.fn(async () => Promise.reject(new AdminApiError('Your role may not make this call.', 403))) }));
    expect((await screen.findByRole('alert')).textContent).toContain('Your role may not make this call.');
  });
});
