import '../../../components/admin.css';
import './staff.css';
import { staffRoleNames, type AddStaffResponse, type StaffAccount, type StaffRoleName } from '@study/contracts';
import { ADMIN_REMOTE } from '@study/navigation';
import { Button, Notice, Page, Spinner, TextField } from '@study/ui';
import { useState, type FormEvent } from 'react';
import { AdminNav } from '../../../components/AdminNav';
import { SelectField } from '../../../components/SelectField';
import { StackedTable, type StackedColumn } from '../../../components/StackedTable';
import { utcDateTime } from '../../../lib/utc-time';
import { Capabilities, ROLE_LABELS, TOOL_PAGES } from '../../../session/capabilities';
import { StaffGate } from '../../../session/StaffGate';
import { useStaffSession } from '../../../session/staff-session';
import { useAddPasskey } from '../api/add-passkey';
import { useAddStaff } from '../api/add-staff';
import { useChangeStaffRole } from '../api/change-staff-role';
import { useRemoveStaff } from '../api/remove-staff';
import { useStaffListQuery } from '../../../api/staff-list';
import { messageOf } from '../../../lib/message-of';

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** What each role may do, as the add form explains it (@study/staff-auth's table, in words). */
const ROLE_HELP = 'Viewer: enrollment figures and the audit trail. Data manager: also MBTI scores, statistics, the roster and the analysis export. Owner: also consent texts, reminders and managing the team.';

/** The roles as a select offers them, the least trusted first. */
const ROLE_OPTIONS = [...staffRoleNames].reverse().map((name) => [name, ROLE_LABELS[name]] as [string, string]);

function createdByText(account: StaffAccount): string {
  const { createdBy } = account;
  if (createdBy.kind === 'staff') return `by ${createdBy.name}`;
  return createdBy.kind === 'master-key' ? 'with the master key' : 'from the command line';
}

const TEAM_COLUMNS: readonly StackedColumn<StaffAccount>[] = [
  { heading: 'Name', cell: (account) => account.name },
  { heading: 'E-mail', className: 'staff-table__email', cell: (account) => account.email },
  { heading: 'Role', cell: (account) => ROLE_LABELS[account.role] },
  { heading: 'Set up', cell: (account) => (account.setUp ? 'Yes' : 'Not yet') },
  { heading: 'Passkeys', className: 'admin-table__num', cell: (account) => account.passkeys },
  { heading: 'Added (UTC)', cell: (account) => `${utcDateTime(account.createdAt)} ${createdByText(account)}` },
];

/** The signed-in person: who they are to the study, and their passkeys. */
function YourAccount() {
  const { session, refresh } = useStaffSession();
  const { mutateAsync: addPasskey } = useAddPasskey();
  const [label, setLabel] = useState('');
  const [adding, setAdding] = useState<{ state: 'idle' } | { state: 'adding' } | { state: 'added'; passkeys: number } | { state: 'failed'; message: string }>({ state: 'idle' });
  if (!session) return null;
  const { staff } = session;

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (adding.state === 'adding') return;
    setAdding({ state: 'adding' });
    try {
      const { passkeys } = await addPasskey(label.trim() || 'Passkey');
      setAdding({ state: 'added', passkeys });
      setLabel('');
      // The session's count of passkeys, without leaving the page meanwhile.
      await refresh({ quietly: true });
    } catch (error) {
      setAdding({ state: 'failed', message: messageOf(error) });
    }
  };

  return (
    <section className="card admin-section" aria-labelledby="your-account-title">
      <h2 id="your-account-title">Your account</h2>
      <dl className="staff-account">
        <div>
          <dt>Name</dt>
          <dd>{staff.name}</dd>
        </div>
        <div>
          <dt>E-mail</dt>
          <dd>{staff.email}</dd>
        </div>
        <div>
          <dt>Role</dt>
          <dd>{ROLE_LABELS[staff.role]}</dd>
        </div>
        <div>
          <dt>Passkeys</dt>
          <dd>{session.passkeys}</dd>
        </div>
      </dl>
      <form onSubmit={(event) => void add(event)} aria-label="Add a passkey to your account" noValidate>
        <p className="admin-help">A passkey signs you in on this device (fingerprint, face or screen lock, or a security key) without a password or code.</p>
        <TextField label="Passkey label" name="passkeyLabel" autoComplete="off" hint="To tell your passkeys apart, e.g. Work laptop." value={label} onChange={setLabel} maxLength={60} />
        <div className="btn-row">
          <Button type="submit" variant="secondary" disabled={adding.state === 'adding'}>
            Add a passkey
          </Button>
        </div>
      </form>
      {adding.state === 'adding' && <Spinner label="Waiting for your passkey..." />}
      {adding.state === 'added' && <Notice style="success" title={`Passkey added: you have ${plural(adding.passkeys, 'passkey')}.`} />}
      {adding.state === 'failed' && (
        <Notice style="danger" title="No passkey was added.">
          <p>{adding.message}</p>
        </Notice>
      )}
    </section>
  );
}

/** Who is on the study team. */
function TeamList() {
  const query = useStaffListQuery();
  return (
    <section className="admin-section" aria-labelledby="team-title">
      <h2 id="team-title">The study team</h2>
      {query.isFetching && <Spinner label="Reading the study team..." />}
      {query.isError && (
        <Notice style="danger" title="The study team could not be shown.">
          <p>{messageOf(query.error)}</p>
        </Notice>
      )}
      {query.data && !query.isFetching && (
        <StackedTable label="The study team" caption="People of the study team" columns={TEAM_COLUMNS} rows={query.data.staff} rowKey={(account) => account.id} regionClassName="staff-table-wrap" />
      )}
    </section>
  );
}

/** The set-up code of a person just added, shown this once, with what to tell them. */
function SetupCode({ added, onDone }: { added: AddStaffResponse; onDone: () => void }) {
  const address = `${window.location.origin}${ADMIN_REMOTE.pages.staffSetup}`;
  return (
    <Notice style="success" title={`${added.staff.name} has been added as ${ROLE_LABELS[added.staff.role]}.`}>
      <p>Their one-time set-up code, shown only now:</p>
      <p className="staff-secret">
        <code data-testid="setup-code">{added.setupCode}</code>
      </p>
      <p>
        Tell {added.staff.name} to open <strong>{address}</strong>, enter their e-mail ({added.staff.email}) and this code, then add the study to an authenticator app and choose a password. The code
        works once, until {utcDateTime(added.setupExpiresAt)} UTC. Give it to them another way than e-mail if you can (by phone, in person).
      </p>
      <Button variant="secondary" onClick={onDone}>
        Done
      </Button>
    </Notice>
  );
}

type AddErrors = { name?: string; email?: string };

/** An owner adds a person: name, e-mail and role; the answer's set-up code is shown once. */
function AddPerson() {
  const { mutateAsync: addStaff } = useAddStaff();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRoleName>('viewer');
  const [errors, setErrors] = useState<AddErrors>({});
  const [adding, setAdding] = useState<{ state: 'idle' } | { state: 'adding' } | { state: 'added'; added: AddStaffResponse } | { state: 'failed'; message: string }>({ state: 'idle' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (adding.state === 'adding') return;
    const found: AddErrors = { name: name.trim() === '' ? 'Enter their name.' : undefined, email: email.trim() === '' ? 'Enter their e-mail address.' : undefined };
    setErrors(found);
    if (found.name || found.email) return;
    setAdding({ state: 'adding' });
    try {
      const added = await addStaff({ name: name.trim(), email: email.trim(), role });
      setAdding({ state: 'added', added });
      setName('');
      setEmail('');
      setRole('viewer');
    } catch (error) {
      setAdding({ state: 'failed', message: messageOf(error) });
    }
  };

  return (
    <section className="card admin-section" aria-labelledby="add-person-title">
      <h2 id="add-person-title">Add a person</h2>
      <form onSubmit={(event) => void submit(event)} aria-label="Add a person to the study team" noValidate>
        <TextField label="Name" name="name" autoComplete="off" value={name} onChange={setName} error={errors.name} required />
        <TextField label="E-mail" type="email" name="email" autoComplete="off" spellCheck={false} value={email} onChange={setEmail} error={errors.email} required />
        <SelectField label="Role" value={role} onChange={(value) => setRole(value as StaffRoleName)} hint={ROLE_HELP} options={ROLE_OPTIONS} />
        <div className="btn-row">
          <Button type="submit" disabled={adding.state === 'adding'}>
            Add person
          </Button>
        </div>
      </form>
      {adding.state === 'adding' && <Spinner label="Adding..." />}
      {adding.state === 'added' && <SetupCode added={adding.added} onDone={() => setAdding({ state: 'idle' })} />}
      {adding.state === 'failed' && (
        <Notice style="danger" title="The person was not added.">
          <p>{adding.message}</p>
        </Notice>
      )}
    </section>
  );
}

type ManageState =
  | { state: 'idle' }
  | { state: 'working'; what: string }
  | { state: 'confirm-removal'; person: StaffAccount }
  | { state: 'done'; message: string }
  | { state: 'failed'; title: string; message: string };

/**
 * An owner gives another person a new role or removes them. Removal asks once more, naming the
 * person and what follows. Your own role is for another owner to change, so the study does not
 * lose its last owner by a slip (the server refuses that too).
 */
function ManageTeam({ mayChangeRole, mayRemove }: { mayChangeRole: boolean; mayRemove: boolean }) {
  const { session } = useStaffSession();
  const query = useStaffListQuery();
  const { mutateAsync: changeRole } = useChangeStaffRole();
  const { mutateAsync: remove } = useRemoveStaff();
  const [personId, setPersonId] = useState('');
  const [role, setRole] = useState<StaffRoleName | ''>('');
  const [manage, setManage] = useState<ManageState>({ state: 'idle' });
  const others = (query.data?.staff ?? []).filter((account) => account.id !== session?.staff.id);
  // What was done stays said after the last other person has gone.
  if (others.length === 0 && manage.state !== 'done') return null;
  const person = others.find((account) => account.id === personId) ?? others[0];
  const newRole = role === '' ? person?.role : role;
  const busy = manage.state === 'working';

  const choose = (id: string) => {
    setPersonId(id);
    setRole('');
    setManage({ state: 'idle' });
  };

  const submitRole = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !person || !newRole) return;
    if (newRole === person.role) {
      setManage({ state: 'failed', title: 'Nothing was changed.', message: `${person.name} is ${ROLE_LABELS[person.role]} already: choose another role.` });
      return;
    }
    setManage({ state: 'working', what: 'Changing the role...' });
    try {
      const changed = await changeRole({ staffId: person.id, role: newRole });
      setRole('');
      setManage({ state: 'done', message: `${changed.name} is now ${ROLE_LABELS[changed.role]}, from their next action.` });
    } catch (error) {
      setManage({ state: 'failed', title: 'The role was not changed.', message: messageOf(error) });
    }
  };

  const confirmRemoval = async (removed: StaffAccount) => {
    setManage({ state: 'working', what: 'Removing...' });
    try {
      await remove(removed.id);
      setPersonId('');
      setRole('');
      setManage({ state: 'done', message: `${removed.name} has been removed from the study team.` });
    } catch (error) {
      setManage({ state: 'failed', title: `${removed.name} was not removed.`, message: messageOf(error) });
    }
  };

  return (
    <section className="card admin-section" aria-labelledby="manage-team-title">
      <h2 id="manage-team-title">Change a role or remove a person</h2>
      {person && newRole && (
        <form onSubmit={(event) => void submitRole(event)} aria-label="Change a person's role" noValidate>
          <SelectField label="Person" value={person.id} onChange={choose} options={others.map((account) => [account.id, `${account.name} (${ROLE_LABELS[account.role]})`] as [string, string])} />
          {mayChangeRole && (
            <>
              <SelectField label="New role" value={newRole} onChange={(value) => setRole(value as StaffRoleName)} hint={ROLE_HELP} options={ROLE_OPTIONS} />
              <p className="admin-help">A new role applies from the person&apos;s next action. Your own role is changed by another owner.</p>
            </>
          )}
          <div className="btn-row">
            {mayChangeRole && (
              <Button type="submit" disabled={busy}>
                Change role
              </Button>
            )}
            {mayRemove && (
              <Button variant="danger" disabled={busy} onClick={() => setManage({ state: 'confirm-removal', person })}>
                Remove from the team
              </Button>
            )}
          </div>
        </form>
      )}
      {manage.state === 'confirm-removal' && (
        <Notice style="warning" title={`Remove ${manage.person.name} (${manage.person.email}) from the study team?`}>
          <p>They are signed out at once, their download links stop working and they can no longer sign in. The audit trail keeps what they did, under their name.</p>
          <div className="btn-row">
            <Button variant="danger" onClick={() => void confirmRemoval(manage.person)}>
              Yes, remove {manage.person.name}
            </Button>
            <Button variant="secondary" onClick={() => setManage({ state: 'idle' })}>
              Cancel
            </Button>
          </div>
        </Notice>
      )}
      {manage.state === 'working' && <Spinner label={manage.what} />}
      {manage.state === 'done' && <Notice style="success" title={manage.message} />}
      {manage.state === 'failed' && (
        <Notice style="danger" title={manage.title}>
          <p>{manage.message}</p>
        </Notice>
      )}
    </section>
  );
}

function StaffTools() {
  const { can } = useStaffSession();
  const mayChangeRole = can(Capabilities.staffChangeRole);
  const mayRemove = can(Capabilities.staffRemove);
  return (
    <>
      <YourAccount />
      {can(Capabilities.staffView) && <TeamList />}
      {can(Capabilities.staffView) && (mayChangeRole || mayRemove) && <ManageTeam mayChangeRole={mayChangeRole} mayRemove={mayRemove} />}
      {can(Capabilities.staffManage) && <AddPerson />}
    </>
  );
}

/** Anyone signed in sees their own account here (and adds passkeys); the team's list needs staff.view. */
const STAFF_PAGE_ACCESS = { ...TOOL_PAGES.staff, needsAny: [] };

/** /staff: your account and its passkeys, the study team, and (owners) changing roles, removing and adding people. */
export function StaffPage() {
  return (
    <Page title="Study team" lead="Your account and its passkeys, and the people of the study team with their roles." width="wide">
      <AdminNav />
      <StaffGate access={STAFF_PAGE_ACCESS}>
        <StaffTools />
      </StaffGate>
    </Page>
  );
}
