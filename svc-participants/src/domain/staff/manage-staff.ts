import { randomBytes } from 'node:crypto';
import { AuditActions, ErrorCodes, STAFF_SETUP_CODE_TTL_HOURS, type AddStaffResponse, type AuditBy, type StaffAccount } from '@study/contracts';
import { AppError } from '@study/service-kit';
import type { StaffRole } from '@study/staff-auth';
import { setupCodeHash, type StaffAccountDocument, type StaffCreator } from '../../data-access/staff-accounts-repository';
import { recordAudit } from '../audit/record-audit';
import type { StaffDeps } from './deps';
import { staffMemberOf } from './staff-session';

export function staffAccountView(account: StaffAccountDocument): StaffAccount {
  return {
    ...staffMemberOf(account),
    createdAt: account.createdAt.toISOString(),
    createdBy: account.createdBy,
    setUp: account.setUpAt !== undefined,
    passkeys: account.passkeys.length,
  };
}

export async function listStaff(deps: Pick<StaffDeps, 'accounts'>): Promise<StaffAccount[]> {
  return (await deps.accounts.list()).map(staffAccountView);
}

/** Who adds an account, as it is stored on the account. */
export function creatorOf(caller: AuditBy): StaffCreator {
  return caller.kind === 'staff' ? { kind: 'staff', id: caller.staffId, name: caller.name } : { kind: caller.kind };
}

/**
 * Adds a person to the study team with a one-time set-up code (128 random bits, stored as its
 * hash, good for STAFF_SETUP_CODE_TTL_HOURS) for them to choose a password and an authenticator
 * app. An owner may add anyone; the master key only the first owner, while there is none (a
 * break-glass is not a way to make standing accounts); the command line is the server's own
 * operator. The entry is recorded before the account exists.
 */
export async function addStaff(deps: Pick<StaffDeps, 'accounts' | 'auditLog' | 'auditSecrets' | 'logger' | 'now' | 'newId'>, request: { email: string; name: string; role: StaffRole }, caller: AuditBy): Promise<AddStaffResponse> {
  if (caller.kind === 'master-key' && (request.role !== 'owner' || (await deps.accounts.hasOwner()))) {
    throw new AppError(403, ErrorCodes.ROLE_NOT_PERMITTED, 'The master key can add the first owner only, while the study has none. An owner adds everyone else.');
  }
  const now = deps.now();
  const setupCode = randomBytes(16).toString('base64url');
  const expiresAt = new Date(now.getTime() + STAFF_SETUP_CODE_TTL_HOURS * 3_600_000);
  const account: StaffAccountDocument = {
    _id: deps.newId(),
    email: request.email.trim().toLowerCase(),
    name: request.name.trim(),
    role: request.role,
    createdAt: now,
    createdBy: creatorOf(caller),
    setup: { codeHash: setupCodeHash(setupCode), expiresAt },
    passkeys: [],
  };
  if (await deps.accounts.findByEmail(account.email)) throw new AppError(409, ErrorCodes.STAFF_EXISTS, `${account.email} is on the study team already.`);
  await recordAudit({ ...deps, caller }, { action: AuditActions.staffAdded, actor: 'admin', details: { staffId: account._id, name: account.name, role: account.role, via: caller.kind } });
  if (!(await deps.accounts.insert(account))) throw new AppError(409, ErrorCodes.STAFF_EXISTS, `${account.email} is on the study team already.`);
  return { staff: staffAccountView(account), setupCode, setupExpiresAt: expiresAt.toISOString() };
}

/** The keyed-lock key every change of a role or removal holds: checking for another owner and the change are one step. */
export const STAFF_ROLES_LOCK = 'staff-roles';

type ManageDeps = Pick<StaffDeps, 'accounts' | 'auditLog' | 'auditSecrets' | 'logger' | 'now' | 'lock'>;

const notFound = () => new AppError(404, ErrorCodes.STAFF_NOT_FOUND, 'Nobody on the study team has this id (they may have been removed already). Reload the page.');

/**
 * Refuses a change that would leave the study without an owner who has set up their account:
 * nobody could then add people, change roles or publish consent texts (the command line can
 * still add an owner).
 */
async function keepAnOwner(deps: ManageDeps, account: StaffAccountDocument, what: string): Promise<void> {
  if (account.role !== 'owner' || (await deps.accounts.hasOtherSetUpOwner(account._id))) return;
  throw new AppError(409, ErrorCodes.LAST_OWNER, `${account.name} is the study's only owner with a set-up account: ${what} would leave nobody to manage the team. Make someone else an owner first.`);
}

/**
 * Changes a person's role (an owner's call). It applies from their next call, since the admin
 * guard reads the role from the account on every call. Recorded before it is made.
 */
export async function changeStaffRole(deps: ManageDeps & { caller: AuditBy }, staffId: string, role: StaffRole): Promise<StaffAccount> {
  return deps.lock.run(STAFF_ROLES_LOCK, async () => {
    const account = await deps.accounts.findById(staffId);
    if (!account) throw notFound();
    if (account.role === role) return staffAccountView(account);
    if (role !== 'owner') await keepAnOwner(deps, account, 'changing their role');
    await recordAudit(deps, { action: AuditActions.staffRoleChanged, actor: 'admin', details: { staffId: account._id, name: account.name, from: account.role, to: role } });
    const changed = await deps.accounts.changeRole(staffId, role);
    if (!changed) throw notFound();
    return staffAccountView(changed);
  });
}

/**
 * Removes a person from the study team (an owner's call): the account goes, and with it every
 * session and download link of theirs at their next use (the guard finds no account). The audit
 * trail keeps their entries under the name and role they had. Recorded before it is made.
 */
export async function removeStaff(deps: ManageDeps & { caller: AuditBy }, staffId: string): Promise<void> {
  await deps.lock.run(STAFF_ROLES_LOCK, async () => {
    const account = await deps.accounts.findById(staffId);
    if (!account) throw notFound();
    await keepAnOwner(deps, account, 'removing them');
    await recordAudit(deps, { action: AuditActions.staffRemoved, actor: 'admin', details: { staffId: account._id, name: account.name, role: account.role } });
    if (!(await deps.accounts.remove(staffId))) throw notFound();
  });
}
