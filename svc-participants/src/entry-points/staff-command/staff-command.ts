import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { addStaffRequestSchema, staffRoleNames } from '@study/contracts';
import { AppError, connectMongo } from '@study/service-kit';
import { AuditLogRepository } from '../../data-access/audit-log-repository';
import { StaffAccountsRepository } from '../../data-access/staff-accounts-repository';
import { TokenCipher } from '../../data-access/token-cipher';
import { addStaff } from '../../domain/staff/manage-staff';

export const STAFF_USAGE = `usage: staff add <e-mail> <name> <role>   (role: ${staffRoleNames.join(', ')})`;

export interface StaffCommandIo {
  args: readonly string[];
  env: NodeJS.ProcessEnv;
  out(line: string): void;
  err(line: string): void;
}

/**
 * The server operator's way to add a person to the study team (the first owner, above all): with
 * the service's own database settings (MONGO_URL, MONGO_DB, TOKEN_ENCRYPTION_KEY), it adds the
 * account as the service does, recorded in the audit trail as added from the command line, and
 * prints the one-time set-up code the person enters on the set-up page. Answers the exit code.
 */
export async function staffCommand(io: StaffCommandIo): Promise<number> {
  const [verb, email, name, role, ...rest] = io.args;
  if (verb !== 'add' || rest.length > 0) {
    io.err(STAFF_USAGE);
    return 2;
  }
  const parsed = addStaffRequestSchema.safeParse({ email, name, role });
  if (!parsed.success) {
    io.err(`${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'input'} ${issue.message}`).join('; ')}\n${STAFF_USAGE}`);
    return 2;
  }
  const missing = ['MONGO_URL', 'MONGO_DB', 'TOKEN_ENCRYPTION_KEY'].filter((name) => !io.env[name]);
  if (missing.length > 0) {
    io.err(`${missing.join(', ')} must be set: run it where svc-participants runs (its environment), or through npm run staff for the local stack`);
    return 2;
  }
  const mongo = await connectMongo(io.env.MONGO_URL as string, io.env.MONGO_DB as string, { appName: 'svc-participants-staff' });
  try {
    const accounts = new StaffAccountsRepository(mongo.db, TokenCipher.fromConfig(io.env.TOKEN_ENCRYPTION_KEY as string));
    await accounts.ensureIndexes();
    const added = await addStaff(
      { accounts, auditLog: new AuditLogRepository(mongo.db), auditSecrets: [], logger: pino({ level: 'silent' }), now: () => new Date(), newId: () => randomUUID() },
      parsed.data,
      { kind: 'command-line' },
    );
    io.out(`Added ${added.staff.name} <${added.staff.email}> as ${added.staff.role}.`);
    io.out(`Set-up code (shown once, valid until ${added.setupExpiresAt}): ${added.setupCode}`);
    io.out('They open /staff-setup on the study site, enter their e-mail and this code, then choose a password and add the study to their authenticator app.');
    return 0;
  } catch (err) {
    if (err instanceof AppError) {
      io.err(err.message);
      return 1;
    }
    throw err;
  } finally {
    await mongo.close();
  }
}
