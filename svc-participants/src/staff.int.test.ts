import { randomBytes, randomUUID } from 'node:crypto';
import { parse as parseCsv } from 'csv-parse/sync';
import request from 'supertest';
import {
  AuditActions,
  addStaffResponseSchema,
  auditPageSchema,
  auditPageV1Schema,
  downloadLinkResponseSchema,
  errorBodySchema,
  ROSTER_CSV_COLUMNS,
  passkeyRegistrationOptionsSchema,
  passkeySignInOptionsSchema,
  staffAccountSchema,
  staffSessionSchema,
  staffSetupStartResponseSchema,
  type StaffSessionView,
} from '@study/contracts';
import { memoryLogger, serviceTestEnv } from '@study/service-kit/testing';
import { totpCode } from '@study/staff-auth';
import { SoftAuthenticator } from '@study/staff-auth/src/testing/soft-authenticator';
import { freePort } from '@study/test-infra';
import { start, type RunningParticipants } from './app';
import { participantsTestConfig } from './test-support/participants-test-config';
import { AUDIT_LOG_COLLECTION, type AuditLogDocument } from './data-access/audit-log-repository';
import { STAFF_ACCOUNTS_COLLECTION } from './data-access/staff-accounts-repository';

const ADMIN_KEY = randomBytes(32).toString('hex');
const ORIGIN = 'http://localhost:8080';

/** One person of the study team, signed in: their cookie and CSRF token. */
interface Signed {
  cookie: string;
  view: StaffSessionView;
  password: string;
  secret: string;
}

const cookieOf = (res: request.Response): string => {
  const line = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((value) => value.startsWith('staff_session='));
  if (!line) throw new Error(`no session cookie in ${res.status} ${JSON.stringify(res.body)}`);
  return line.split(';')[0] ?? '';
};

/** The next time step's code: the set-up used this step's, and a used step is refused (within the one step either side accepted). */
const freshCode = (secret: string) => totpCode(secret, new Date(Date.now() + 30_000));

describe('Staff accounts (svc-participants against the real FerretDB, RabbitMQ and Redis)', () => {
  const testEnv = serviceTestEnv('participants-staff');
  const { logger } = memoryLogger('debug', 'svc-participants');
  let svc: RunningParticipants;

  beforeAll(async () => {
    const port = await freePort();
    const config = participantsTestConfig(testEnv.env, {
      PORT: String(port),
      ADMIN_MASTER_KEY: ADMIN_KEY,
      ADMIN_CALLS_LIMIT: '1000',
      STAFF_SIGN_IN_ADDRESS_LIMIT: '1000',
      STAFF_WEBAUTHN_ORIGIN: ORIGIN,
    });
    svc = await start(config, { logger });
  });

  afterAll(async () => {
    await svc?.stop();
    await testEnv.cleanup();
  });

  const audit = () => svc.ctx.db.collection<AuditLogDocument>(AUDIT_LOG_COLLECTION);
  const staffCount = () => svc.ctx.db.collection(STAFF_ACCOUNTS_COLLECTION).countDocuments();
  const asStaff = (req: request.Test, who: Signed, csrf = true) => (csrf ? req.set('Cookie', who.cookie).set('X-CSRF-Token', who.view.csrfToken) : req.set('Cookie', who.cookie));

  /** Sets an account up through the set-up calls, as the set-up page does; answers the person signed in. */
  async function setUp(email: string, setupCode: string): Promise<Signed> {
    const started = await request(svc.url).post('/api/admin/staff/setup').send({ email, setupCode });
    expect(started.status).toBe(200);
    const { secret } = staffSetupStartResponseSchema.parse(started.body);
    const password = `correct horse ${randomBytes(6).toString('hex')}`;
    const done = await request(svc.url).post('/api/admin/staff/setup/complete').send({ email, setupCode, password, code: totpCode(secret, new Date()) });
    expect(done.status).toBe(200);
    return { cookie: cookieOf(done), view: staffSessionSchema.parse(done.body), password, secret };
  }

  let owner: Signed;
  let dataManager: Signed;
  let viewer: Signed;

  async function add(by: Signed, email: string, name: string, role: 'owner' | 'data-manager' | 'viewer'): Promise<Signed> {
    const res = await asStaff(request(svc.url).post('/api/admin/staff'), by).send({ email, name, role });
    expect(res.status).toBe(201);
    return setUp(email, addStaffResponseSchema.parse(res.body).setupCode);
  }

  it('makes the first owner once with the master key, and refuses a second owner that way', async () => {
    const first = await request(svc.url).post('/api/admin/staff').set('X-Master-Key', ADMIN_KEY).send({ email: 'Olive.Owner@Example.org', name: 'Olive Owner', role: 'owner' });
    expect(first.status).toBe(201);
    const added = addStaffResponseSchema.parse(first.body);
    expect(added.staff).toMatchObject({ email: 'olive.owner@example.org', role: 'owner', createdBy: { kind: 'master-key' }, setUp: false });
    owner = await setUp('olive.owner@example.org', added.setupCode);
    expect(owner.view.staff.name).toBe('Olive Owner');
    expect(owner.view.capabilities).toContain('staff.manage');

    const second = await request(svc.url).post('/api/admin/staff').set('X-Master-Key', ADMIN_KEY).send({ email: 'other@example.org', name: 'Other', role: 'owner' });
    expect(second.status).toBe(403);
    expect(await staffCount()).toBe(1);
    // The set-up code works once.
    const again = await request(svc.url).post('/api/admin/staff/setup').send({ email: 'olive.owner@example.org', setupCode: added.setupCode });
    expect(again.status).toBe(400);
    expect(errorBodySchema.parse(again.body).code).toBe('SETUP_CODE_INVALID');
  });

  it('lets an owner add a data manager and a viewer, each setting up their own password and app', async () => {
    dataManager = await add(owner, 'dana@example.org', 'Dana Data', 'data-manager');
    viewer = await add(owner, 'vic@example.org', 'Vic Viewer', 'viewer');
    expect(dataManager.view.capabilities).toContain('analysis-export.download');
    expect(viewer.view.capabilities).not.toContain('analysis-export.download');
    const entries = await audit().find({ action: AuditActions.staffAdded }).toArray();
    expect(entries.map((entry) => entry.by)).toEqual([{ kind: 'master-key' }, ...Array(2).fill({ kind: 'staff', staffId: owner.view.staff.id, name: 'Olive Owner', role: 'owner' })]);
  });

  it("answers a viewer's call for the analysis export 403 and records the refusal under their name", async () => {
    const before = await audit().countDocuments({ action: AuditActions.analysisExportDownloaded });
    const direct = await asStaff(request(svc.url).get('/api/admin/analysis-export'), viewer, false);
    expect(direct.status).toBe(403);
    expect(errorBodySchema.parse(direct.body).code).toBe('ROLE_NOT_PERMITTED');
    const link = await asStaff(request(svc.url).post('/api/admin/download-links'), viewer).send({ resource: 'export' });
    expect(link.status).toBe(403);
    const refusals = await audit().find({ action: AuditActions.accessRefused, 'by.staffId': viewer.view.staff.id }).toArray();
    expect(refusals.map((entry) => [entry.by, entry.details])).toEqual([
      [{ kind: 'staff', staffId: viewer.view.staff.id, name: 'Vic Viewer', role: 'viewer' }, { route: 'analysisExport', capability: 'analysis-export.download' }],
      [{ kind: 'staff', staffId: viewer.view.staff.id, name: 'Vic Viewer', role: 'viewer' }, { route: 'createDownloadLink', capability: 'analysis-export.download' }],
    ]);
    expect(await audit().countDocuments({ action: AuditActions.analysisExportDownloaded })).toBe(before);
    // What a viewer may do, they do.
    expect((await asStaff(request(svc.url).get('/api/admin/enrollment'), viewer, false)).status).toBe(200);
  });

  it("records a data manager's download under their name, through the link their session asked for", async () => {
    const link = await asStaff(request(svc.url).post('/api/admin/download-links'), dataManager).send({ resource: 'export' });
    expect(link.status).toBe(200);
    const { url } = downloadLinkResponseSchema.parse(link.body);
    const download = await request(svc.url).get(url);
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toMatch(/^text\/csv/);
    const entry = await audit().findOne({ action: AuditActions.analysisExportDownloaded }, { sort: { at: -1 } });
    expect(entry?.by).toEqual({ kind: 'staff', staffId: dataManager.view.staff.id, name: 'Dana Data', role: 'data-manager' });
    // The roster without typing the key: a link of its own.
    const rosterLink = downloadLinkResponseSchema.parse((await asStaff(request(svc.url).post('/api/admin/download-links'), dataManager).send({ resource: 'roster' })).body);
    expect(rosterLink.url.startsWith('/api/admin/roster?')).toBe(true);
    const roster = await request(svc.url).get(rosterLink.url);
    expect(roster.status).toBe(200);
    expect(parseCsv(roster.text, { bom: true })[0]).toEqual([...ROSTER_CSV_COLUMNS]);
  });

  it('shows the audit trail filtered by person, and marks the master key as the break-glass', async () => {
    expect((await request(svc.url).get('/api/admin/enrollment').set('X-Master-Key', ADMIN_KEY)).status).toBe(200);
    const mine = auditPageSchema.parse((await asStaff(request(svc.url).get(`/api/admin/audit/entries?by=${dataManager.view.staff.id}`), viewer, false)).body);
    expect(mine.entries.length).toBeGreaterThan(0);
    expect(mine.entries.every((entry) => entry.by?.kind === 'staff' && entry.by.name === 'Dana Data')).toBe(true);
    const glass = auditPageSchema.parse((await asStaff(request(svc.url).get('/api/admin/audit/entries?by=master-key'), viewer, false)).body);
    expect(glass.entries.map((entry) => entry.action)).toEqual([AuditActions.enrollmentViewed, AuditActions.staffAdded]);
    // The earlier release's route keeps to the actions it knows.
    const old = auditPageV1Schema.parse((await asStaff(request(svc.url).get('/api/admin/audit'), viewer, false)).body);
    expect(old.entries.some((entry) => entry.action === AuditActions.enrollmentViewed)).toBe(true);
    const csv = parseCsv((await request(svc.url).get('/api/admin/audit/export?by=master-key').set('X-Master-Key', ADMIN_KEY)).text, { bom: true, columns: true }) as Record<string, string>[];
    expect(csv.map((row) => row.person)).toContain('master key (break-glass)');
  });

  it('locks an account after 5 of 50 parallel wrong sign-ins, none succeeding, and keeps the right password out while locked', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => request(svc.url).post('/api/admin/sign-in').send({ email: 'vic@example.org', password: 'not the password at all', code: '000000' })),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 200)).toEqual([]);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(45);
    expect(answers.find((res) => res.status === 429)?.headers['retry-after']).toMatch(/^\d+$/);
    const right = await request(svc.url).post('/api/admin/sign-in').send({ email: 'vic@example.org', password: viewer.password, code: freshCode(viewer.secret) });
    expect(right.status).toBe(429);
    expect(errorBodySchema.parse(right.body).code).toBe('SIGN_IN_LOCKED');
  });

  it('refuses a state-changing call without the CSRF token, and changes nothing', async () => {
    const before = await staffCount();
    const res = await asStaff(request(svc.url).post('/api/admin/staff'), owner, false).send({ email: 'csrf@example.org', name: 'Nobody', role: 'viewer' });
    expect(res.status).toBe(403);
    expect(errorBodySchema.parse(res.body).code).toBe('CSRF_TOKEN_INVALID');
    expect(await staffCount()).toBe(before);
  });

  it('refuses an owner-only call to a data manager (403, recorded) and a call without any session (401)', async () => {
    const res = await asStaff(request(svc.url).post('/api/admin/staff'), dataManager).send({ email: 'x@example.org', name: 'X', role: 'owner' });
    expect(res.status).toBe(403);
    expect(await audit().countDocuments({ action: AuditActions.accessRefused, 'by.staffId': dataManager.view.staff.id, 'details.route': 'addStaff' })).toBe(1);
    const none = await request(svc.url).get('/api/admin/enrollment');
    expect(none.status).toBe(401);
    expect(errorBodySchema.parse(none.body).code).toBe('STAFF_SIGN_IN_REQUIRED');
    const forged = await request(svc.url).get('/api/admin/enrollment').set('Cookie', `staff_session=${randomBytes(32).toString('base64url')}`);
    expect(forged.status).toBe(401);
    expect(errorBodySchema.parse(forged.body).code).toBe('STAFF_SESSION_EXPIRED');
  });

  it('registers a passkey for a signed-in person, who then signs in with it alone', async () => {
    const authenticator = new SoftAuthenticator({ origin: ORIGIN });
    const options = passkeyRegistrationOptionsSchema.parse((await asStaff(request(svc.url).post('/api/admin/passkeys/options'), dataManager).send({})).body);
    const credential = authenticator.create(options.options as never);
    const registered = await asStaff(request(svc.url).post('/api/admin/passkeys'), dataManager).send({ credential, label: 'Laptop' });
    expect(registered.status).toBe(200);
    expect(registered.body).toEqual({ passkeys: 1 });

    const challenge = passkeySignInOptionsSchema.parse((await request(svc.url).post('/api/admin/sign-in/passkey/options').send({})).body);
    const assertion = authenticator.get(challenge.options as never);
    const signedIn = await request(svc.url).post('/api/admin/sign-in/passkey').send({ ceremony: challenge.ceremony, credential: assertion });
    expect(signedIn.status).toBe(200);
    expect(staffSessionSchema.parse(signedIn.body).staff.name).toBe('Dana Data');
    // The same answer again: the challenge was spent.
    const replay = await request(svc.url).post('/api/admin/sign-in/passkey').send({ ceremony: challenge.ceremony, credential: assertion });
    expect(replay.status).toBe(401);
    expect(await audit().countDocuments({ action: AuditActions.staffSignedIn, 'by.staffId': dataManager.view.staff.id, 'details.method': 'passkey' })).toBe(1);
  });

  it('signs in with password and code, and signs out: the session then answers 401', async () => {
    const res = await request(svc.url).post('/api/admin/sign-in').send({ email: 'olive.owner@example.org', password: owner.password, code: freshCode(owner.secret) });
    expect(res.status).toBe(200);
    const signed: Signed = { ...owner, cookie: cookieOf(res), view: staffSessionSchema.parse(res.body) };
    expect(res.headers['set-cookie']?.[0]).toMatch(/HttpOnly; SameSite=Strict/);
    const session = await asStaff(request(svc.url).get('/api/admin/session'), signed, false);
    expect(session.status).toBe(200);
    expect((await asStaff(request(svc.url).post('/api/admin/sign-out'), signed).send({})).status).toBe(204);
    expect((await asStaff(request(svc.url).get('/api/admin/session'), signed, false)).status).toBe(401);
  });

  const roleOf = async (staffId: string) => (await svc.ctx.db.collection<{ _id: string; role: string }>(STAFF_ACCOUNTS_COLLECTION).findOne({ _id: staffId }))?.role;

  it("changes a person's role from their next call, recorded under the owner; refuses it to others and to leave no owner", async () => {
    const dana = dataManager.view.staff.id;
    const toViewer = await asStaff(request(svc.url).post(`/api/admin/staff/${dana}/role`), owner).send({ role: 'viewer' });
    expect(toViewer.status).toBe(200);
    expect(staffAccountSchema.parse(toViewer.body)).toMatchObject({ id: dana, name: 'Dana Data', role: 'viewer' });
    // The same session, the new role: a viewer's refusal, and what a viewer may do.
    const link = await asStaff(request(svc.url).post('/api/admin/download-links'), dataManager).send({ resource: 'export' });
    expect(link.status).toBe(403);
    expect(errorBodySchema.parse(link.body).code).toBe('ROLE_NOT_PERMITTED');
    const session = staffSessionSchema.parse((await asStaff(request(svc.url).get('/api/admin/session'), dataManager, false)).body);
    expect(session.staff.role).toBe('viewer');
    expect(session.capabilities).not.toContain('analysis-export.download');
    const changed = await audit().find({ action: AuditActions.staffRoleChanged }).toArray();
    expect(changed.map((entry) => [entry.by, entry.details])).toEqual([
      [{ kind: 'staff', staffId: owner.view.staff.id, name: 'Olive Owner', role: 'owner' }, { staffId: dana, name: 'Dana Data', from: 'data-manager', to: 'viewer' }],
    ]);

    // Nobody but an owner changes roles: refused, recorded, nothing changed.
    const byViewer = await asStaff(request(svc.url).post(`/api/admin/staff/${dana}/role`), viewer).send({ role: 'owner' });
    expect(byViewer.status).toBe(403);
    expect(await audit().countDocuments({ action: AuditActions.accessRefused, 'by.staffId': viewer.view.staff.id, 'details.route': 'changeStaffRole' })).toBe(1);
    const noToken = await asStaff(request(svc.url).post(`/api/admin/staff/${dana}/role`), owner, false).send({ role: 'owner' });
    expect(noToken.status).toBe(403);
    expect(await roleOf(dana)).toBe('viewer');

    // The only owner cannot step down: nobody would be left to manage the team.
    const alone = await asStaff(request(svc.url).post(`/api/admin/staff/${owner.view.staff.id}/role`), owner).send({ role: 'viewer' });
    expect(alone.status).toBe(409);
    expect(errorBodySchema.parse(alone.body).code).toBe('LAST_OWNER');
    expect(await roleOf(owner.view.staff.id)).toBe('owner');

    // Ids that are not UUIDs, or nobody's; a role that does not exist.
    const bad = await asStaff(request(svc.url).post('/api/admin/staff/not-an-id/role'), owner).send({ role: 'viewer' });
    expect([bad.status, errorBodySchema.parse(bad.body).code]).toEqual([400, 'VALIDATION_FAILED']);
    const nobody = await asStaff(request(svc.url).post(`/api/admin/staff/${randomUUID()}/role`), owner).send({ role: 'viewer' });
    expect([nobody.status, errorBodySchema.parse(nobody.body).code]).toEqual([404, 'STAFF_NOT_FOUND']);
    const made = await asStaff(request(svc.url).post(`/api/admin/staff/${dana}/role`), owner).send({ role: 'admin' });
    expect(made.status).toBe(400);
    expect(await audit().countDocuments({ action: AuditActions.staffRoleChanged })).toBe(1);
  });

  it('of two owners stepping each other down at once, one is refused: the study keeps an owner', async () => {
    const otto = await add(owner, 'otto@example.org', 'Otto Owner', 'owner');
    const [one, two] = await Promise.all([
      asStaff(request(svc.url).post(`/api/admin/staff/${otto.view.staff.id}/role`), owner).send({ role: 'viewer' }),
      asStaff(request(svc.url).post(`/api/admin/staff/${owner.view.staff.id}/role`), otto).send({ role: 'viewer' }),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 409]);
    const owners = await svc.ctx.db.collection(STAFF_ACCOUNTS_COLLECTION).countDocuments({ role: 'owner' });
    expect(owners).toBe(1);
    // Olive stays the owner for what follows.
    if (one.status === 409) {
      expect((await asStaff(request(svc.url).post(`/api/admin/staff/${owner.view.staff.id}/role`), otto).send({ role: 'owner' })).status).toBe(200);
      expect((await asStaff(request(svc.url).post(`/api/admin/staff/${otto.view.staff.id}/role`), owner).send({ role: 'viewer' })).status).toBe(200);
    }
    expect(await roleOf(owner.view.staff.id)).toBe('owner');
  });

  it("removes a person: their session and download link stop at once, they cannot sign in, and the trail keeps their entries", async () => {
    const dana = dataManager.view.staff.id;
    expect((await asStaff(request(svc.url).post(`/api/admin/staff/${dana}/role`), owner).send({ role: 'data-manager' })).status).toBe(200);
    const link = downloadLinkResponseSchema.parse((await asStaff(request(svc.url).post('/api/admin/download-links'), dataManager).send({ resource: 'export' })).body);
    const theirs = await audit().countDocuments({ 'by.staffId': dana });

    const byDataManager = await asStaff(request(svc.url).post(`/api/admin/staff/${owner.view.staff.id}/remove`), dataManager).send({});
    expect(byDataManager.status).toBe(403);
    const removed = await asStaff(request(svc.url).post(`/api/admin/staff/${dana}/remove`), owner).send({});
    expect(removed.status).toBe(204);

    const call = await asStaff(request(svc.url).get('/api/admin/session'), dataManager, false);
    expect([call.status, errorBodySchema.parse(call.body).code]).toEqual([401, 'STAFF_SESSION_EXPIRED']);
    const download = await request(svc.url).get(link.url);
    expect([download.status, errorBodySchema.parse(download.body).code]).toEqual([403, 'DOWNLOAD_LINK_INVALID']);
    const signIn = await request(svc.url).post('/api/admin/sign-in').send({ email: 'dana@example.org', password: dataManager.password, code: freshCode(dataManager.secret) });
    expect([signIn.status, errorBodySchema.parse(signIn.body).code]).toEqual([401, 'SIGN_IN_FAILED']);

    // What they did stays under their name; the removal is under the owner's.
    expect(await audit().countDocuments({ 'by.staffId': dana })).toBe(theirs + 1);
    const entry = await audit().findOne({ action: AuditActions.staffRemoved });
    expect([entry?.by, entry?.details]).toEqual([{ kind: 'staff', staffId: owner.view.staff.id, name: 'Olive Owner', role: 'owner' }, { staffId: dana, name: 'Dana Data', role: 'data-manager' }]);
    const again = await asStaff(request(svc.url).post(`/api/admin/staff/${dana}/remove`), owner).send({});
    expect(again.status).toBe(404);
    const self = await asStaff(request(svc.url).post(`/api/admin/staff/${owner.view.staff.id}/remove`), owner).send({});
    expect([self.status, errorBodySchema.parse(self.body).code]).toEqual([409, 'LAST_OWNER']);
    expect(await audit().countDocuments({ action: AuditActions.staffRemoved })).toBe(1);
  });
});
