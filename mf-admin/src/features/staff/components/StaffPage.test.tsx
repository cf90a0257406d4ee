import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startRegistration } from '@simplewebauthn/browser';
import { ErrorCodes, type AddStaffResponse, type StaffAccount } from '@study/contracts';
import { AdminApiError } from '../../../api/admin-api';
import { renderPage } from '../../../test-support/render';
import { requestsOf, serveAdminApi } from '../../../test-support/serve-admin-api';
import { staffSession } from '../../../test-support/staff-sessions';
import { StaffPage } from './StaffPage';

jest.mock('@simplewebauthn/browser', () => ({ startAuthentication: jest.fn(), startRegistration: jest.fn() }));
const startRegistrationMock = startRegistration as jest.MockedFunction<typeof startRegistration>;

const OWNER = staffSession('owner');
const OLIVE: StaffAccount = { ...OWNER.staff, createdAt: '2026-01-01T09:00:00.000Z', createdBy: { kind: 'master-key' }, setUp: true, passkeys: 1 };
const NEW_PERSON: StaffAccount = {
  id: '3eb17d85-9f41-4c6d-8a5e-a18f4d5e6f70',
  name: 'Nina New',
  email: 'nina@study.example',
  role: 'data-manager',
  createdAt: '2026-03-01T10:00:00.000Z',
  createdBy: { kind: 'staff', id: OWNER.staff.id, name: OWNER.staff.name },
  setUp: false,
  passkeys: 0,
};
const ADDED: AddStaffResponse = { staff: NEW_PERSON, setupCode: 'K7QF-29XD-M4TP', setupExpiresAt: '2026-03-04T10:00:00.000Z' };

const teamRows = () =>
  within(screen.getByRole('table', { name: 'People of the study team' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

beforeEach(() => startRegistrationMock.mockReset());

describe('/staff', () => {
  it('lists the team with roles, set-up and who added each', async () => {
    serveAdminApi({ staffList: async () => ({ staff: [OLIVE, NEW_PERSON] }) });
    renderPage(<StaffPage />, '/staff');
    await screen.findByRole('table', { name: 'People of the study team' });
    expect(teamRows()).toEqual([
      ['Olive Owner', 'olive@study.example', 'Owner', 'Yes', '1', '2026-01-01 09:00 with the master key'],
      ['Nina New', 'nina@study.example', 'Data manager', 'Not yet', '0', '2026-03-01 10:00 by Olive Owner'],
    ]);
  });

  it('lets an owner add a person and shows their set-up code once, with what to tell them', async () => {
    const team = [OLIVE];
    const add = jest.fn(async () => {
      team.push(NEW_PERSON);
      return ADDED;
    });
    const served = serveAdminApi({ staffList: async () => ({ staff: [...team] }), addStaff: add });
    renderPage(<StaffPage />, '/staff');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Add a person to the study team' });
    expect(within(form).getAllByRole('option').map((option) => option.textContent)).toEqual(['Viewer', 'Data manager', 'Owner']);
    await user.type(within(form).getByLabelText('Name'), ' Nina New ');
    await user.type(within(form).getByLabelText('E-mail'), 'nina@study.example');
    await user.selectOptions(within(form).getByLabelText('Role'), 'Data manager');
    await user.click(within(form).getByRole('button', { name: 'Add person' }));

    const shown = await screen.findByText('Nina New has been added as Data manager.');
    const notice = shown.closest('.notice') as HTMLElement;
    expect(screen.getByTestId('setup-code').textContent).toBe('K7QF-29XD-M4TP');
    expect(notice.textContent).toContain('http://localhost/staff-setup');
    expect(notice.textContent).toContain('nina@study.example');
    expect(notice.textContent).toContain('until 2026-03-04 10:00 UTC');
    expect(add).toHaveBeenCalledWith(expect.objectContaining({ body: { name: 'Nina New', email: 'nina@study.example', role: 'data-manager' } }));
    expect(requestsOf(served).find((request) => request.url === '/api/admin/staff' && request.method === 'POST')?.headers['x-csrf-token']).toBe(OWNER.csrfToken);
    // The team is read again, the new person in it.
    expect(await screen.findByText('Nina New', { selector: 'td' })).toBeTruthy();

    await user.click(within(notice).getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('setup-code')).toBeNull();
    expect(document.body.textContent).not.toContain('K7QF-29XD-M4TP');
  });

  it('names what is missing, and shows a refusal (an e-mail on the team already)', async () => {
    const add = jest.fn(async () => Promise.reject(new AdminApiError('A person with this e-mail is on the study team already.', 409, ErrorCodes.STAFF_EXISTS)));
    serveAdminApi({ staffList: async () => ({ staff: [OLIVE] }), addStaff: add });
    renderPage(<StaffPage />, '/staff');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Add a person to the study team' });
    await user.click(within(form).getByRole('button', { name: 'Add person' }));
    expect(screen.getByText('Enter their name.')).toBeTruthy();
    expect(screen.getByText('Enter their e-mail address.')).toBeTruthy();
    expect(add).not.toHaveBeenCalled();
    await user.type(within(form).getByLabelText('Name'), 'Olive Again');
    await user.type(within(form).getByLabelText('E-mail'), 'olive@study.example');
    await user.click(within(form).getByRole('button', { name: 'Add person' }));
    expect((await screen.findByRole('alert')).textContent).toContain('A person with this e-mail is on the study team already.');
    expect(screen.queryByTestId('setup-code')).toBeNull();
  });

  it('adds a passkey for the person signed in, and counts it', async () => {
    startRegistrationMock.mockResolvedValue({ id: 'new-cred', rawId: 'new-cred', type: 'public-key', response: { clientDataJSON: 'x', attestationObject: 'y' }, clientExtensionResults: {} } as never);
    const served = serveAdminApi(
      {
        staffList: async () => ({ staff: [] }),
        passkeyRegistrationOptions: async () => ({ options: { challenge: 'reg-challenge', rp: { name: 'Study' } } }),
        registerPasskey: async ({ body }) => {
          served.server.session = { ...staffSession('viewer'), passkeys: 1 };
          expect(body).toMatchObject({ label: 'Work laptop', credential: { id: 'new-cred' } });
          return { passkeys: 1 };
        },
      },
      { session: staffSession('viewer') },
    );
    renderPage(<StaffPage />, '/staff');
    const user = userEvent.setup();
    const account = await screen.findByRole('region', { name: 'Your account' });
    expect(within(account).getByText('Victor Viewer')).toBeTruthy();
    await user.type(within(account).getByLabelText('Passkey label'), 'Work laptop');
    await user.click(within(account).getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByText('Passkey added: you have 1 passkey.')).toBeTruthy();
    expect(startRegistrationMock).toHaveBeenCalledWith({ optionsJSON: { challenge: 'reg-challenge', rp: { name: 'Study' } } });
    const posts = requestsOf(served).filter((request) => request.method === 'POST');
    expect(posts.map((request) => [request.url, request.headers['x-csrf-token']])).toEqual([
      ['/api/admin/passkeys/options', 'csrf-viewer-token'],
      ['/api/admin/passkeys', 'csrf-viewer-token'],
    ]);
    // The count shown comes from the session, read again.
    const passkeys = within(account).getByText('Passkeys').nextElementSibling;
    await screen.findByText((_text, element) => element !== null && element === passkeys && element.textContent === '1');
  });

  it('says when the browser made no passkey', async () => {
    startRegistrationMock.mockRejectedValue(Object.assign(new Error('cancelled'), { name: 'NotAllowedError' }));
    const register = jest.fn();
    serveAdminApi({ staffList: async () => ({ staff: [] }), passkeyRegistrationOptions: async () => ({ options: { challenge: 'c' } }), registerPasskey: register });
    renderPage(<StaffPage />, '/staff');
    await userEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No passkey was added.');
    expect(alert.textContent).toContain('cancelled or timed out');
    expect(register).not.toHaveBeenCalled();
  });

  it("lets an owner change another person's role, and says from when it applies", async () => {
    const team = [OLIVE, { ...NEW_PERSON, setUp: true }];
    const change = jest.fn(async ({ params, body }: { params: Record<string, string>; body: unknown }) => {
      const role = (body as { role: StaffAccount['role'] }).role;
      team[1] = { ...team[1]!, role };
      expect(params.staffId).toBe(NEW_PERSON.id);
      return team[1];
    });
    const served = serveAdminApi({ staffList: async () => ({ staff: [...team] }), changeStaffRole: change });
    renderPage(<StaffPage />, '/staff');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: "Change a person's role" });
    // Everyone but yourself.
    expect(within(form).getAllByRole('option', { name: /\(/ }).map((option) => option.textContent)).toEqual(['Nina New (Data manager)']);
    await user.click(within(form).getByRole('button', { name: 'Change role' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Nina New is Data manager already: choose another role.');
    expect(change).not.toHaveBeenCalled();

    await user.selectOptions(within(form).getByLabelText('New role'), 'Viewer');
    await user.click(within(form).getByRole('button', { name: 'Change role' }));
    expect(await screen.findByText('Nina New is now Viewer, from their next action.')).toBeTruthy();
    expect(change).toHaveBeenCalledTimes(1);
    const post = requestsOf(served).find((request) => request.method === 'POST' && request.url === `/api/admin/staff/${NEW_PERSON.id}/role`);
    expect(post?.headers['x-csrf-token']).toBe(OWNER.csrfToken);
    // The team is read again with the new role.
    await screen.findByText((_text, element) => element?.tagName === 'TD' && element.textContent === 'Viewer');
  });

  it('asks before removing a person, then removes them; a refusal is shown as the server words it', async () => {
    const team = [OLIVE, NEW_PERSON];
    let refuse = true;
    const remove = jest.fn(async ({ params }: { params: Record<string, string> }) => {
      if (refuse) throw new AdminApiError('Nina New is the study\'s only owner with a set-up account.', 409, ErrorCodes.LAST_OWNER);
      team.splice(team.findIndex((account) => account.id === params.staffId), 1);
      return undefined;
    });
    serveAdminApi({ staffList: async () => ({ staff: [...team] }), removeStaff: remove });
    renderPage(<StaffPage />, '/staff');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: "Change a person's role" });
    await user.click(within(form).getByRole('button', { name: 'Remove from the team' }));
    const ask = await screen.findByRole('alert');
    expect(ask.textContent).toContain('Remove Nina New (nina@study.example) from the study team?');
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(remove).not.toHaveBeenCalled();

    await user.click(within(form).getByRole('button', { name: 'Remove from the team' }));
    await user.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Yes, remove Nina New' }));
    const refused = await screen.findByText('Nina New was not removed.');
    expect(refused.closest('.notice')?.textContent).toContain('only owner with a set-up account');

    refuse = false;
    await user.click(within(form).getByRole('button', { name: 'Remove from the team' }));
    await user.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Yes, remove Nina New' }));
    expect(await screen.findByText('Nina New has been removed from the study team.')).toBeTruthy();
    expect(remove).toHaveBeenCalledTimes(2);
    // Nobody else is left to manage: the form goes, what was done stays said, the team shows Olive alone.
    await waitFor(() => expect(screen.queryByText('Nina New', { selector: 'td' })).toBeNull());
    expect(screen.queryByRole('form', { name: "Change a person's role" })).toBeNull();
    expect(screen.getByText('Nina New has been removed from the study team.')).toBeTruthy();
  });

  it('shows a viewer the team but no way to add a person', async () => {
    serveAdminApi({ staffList: async () => ({ staff: [OLIVE] }) }, { session: staffSession('viewer') });
    renderPage(<StaffPage />, '/staff');
    expect(await screen.findByRole('table', { name: 'People of the study team' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Add a person' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add person' })).toBeNull();
    expect(screen.queryByRole('form', { name: "Change a person's role" })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove from the team' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add a passkey' })).toBeTruthy();
  });
});
