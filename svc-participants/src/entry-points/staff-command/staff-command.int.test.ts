import { randomBytes } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { serviceTestEnv } from '@study/service-kit/testing';
import { AUDIT_LOG_COLLECTION } from '../../data-access/audit-log-repository';
import { STAFF_ACCOUNTS_COLLECTION } from '../../data-access/staff-accounts-repository';
import { staffCommand } from './staff-command';

describe('the staff command (against the real FerretDB)', () => {
  const testEnv = serviceTestEnv('participants-staff-command');
  const env: NodeJS.ProcessEnv = { ...testEnv.env, TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('hex') };
  let client: MongoClient;

  beforeAll(async () => {
    client = await MongoClient.connect(env.MONGO_URL as string);
  });

  afterAll(async () => {
    await client?.close();
    await testEnv.cleanup();
  });

  const run = async (args: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await staffCommand({ args, env, out: (line) => out.push(line), err: (line) => err.push(line) });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };

  it('adds the first owner with a set-up code, recorded under the command line', async () => {
    const { code, out } = await run(['add', 'Ada@Example.org', 'Ada Owner', 'owner']);
    expect(code).toBe(0);
    expect(out).toMatch(/^Added Ada Owner <ada@example.org> as owner\.\nSet-up code \(shown once, valid until .+\): [A-Za-z0-9_-]{22}\n/);
    const db = client.db(env.MONGO_DB as string);
    const account = await db.collection(STAFF_ACCOUNTS_COLLECTION).findOne({ email: 'ada@example.org' });
    expect(account).toMatchObject({ name: 'Ada Owner', role: 'owner', createdBy: { kind: 'command-line' } });
    // The code is kept as its hash only.
    expect(JSON.stringify(account)).not.toContain(out.split(': ')[1]?.split('\n')[0]);
    // Under the command line, not under the person it adds.
    const entries = await db.collection(AUDIT_LOG_COLLECTION).find({ action: 'staff.added' }).toArray();
    expect(entries.map((entry) => [entry.by, entry.details.via])).toEqual([[{ kind: 'command-line' }, 'command-line']]);
  });

  it('refuses an e-mail already on the team, an unknown role and a missing argument, storing nothing', async () => {
    const db = client.db(env.MONGO_DB as string);
    const before = await db.collection(STAFF_ACCOUNTS_COLLECTION).countDocuments();
    expect(await run(['add', 'ada@example.org', 'Ada Again', 'viewer'])).toMatchObject({ code: 1, err: 'ada@example.org is on the study team already.' });
    expect((await run(['add', 'bo@example.org', 'Bo', 'admin'])).code).toBe(2);
    expect((await run(['add', 'bo@example.org'])).err).toMatch(/usage: staff add <e-mail> <name> <role>/);
    expect(await db.collection(STAFF_ACCOUNTS_COLLECTION).countDocuments()).toBe(before);
  });
});
