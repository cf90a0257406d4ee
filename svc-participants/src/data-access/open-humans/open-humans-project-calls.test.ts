import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOpenHumansStandin, loadConfig as loadStandinConfig, type OpenHumansStandin } from '@study/standin-open-humans';
import { authorizeOnOpenHumans } from '../../test-support/open-humans-browser';
import { OpenHumansClient } from './open-humans-client';

const MASTER = 'master-token-for-the-tests';
const PDF = Buffer.from('%PDF-1.4\n% a report\n');
const upload = { basename: 'report.pdf', contentType: 'application/pdf', content: PDF, metadata: { tags: ['report'], description: 'The final report' } };

interface StandinFile {
  basename: string;
  uploaded_by_project: boolean;
  byte_length: number;
  metadata: { tags: string[]; description: string };
}

describe('OpenHumansClient: the project calls (upload, delete, a member removing themselves)', () => {
  let standin: OpenHumansStandin;
  let url: string;
  let client: OpenHumansClient;

  beforeAll(async () => {
    standin = createOpenHumansStandin(
      loadStandinConfig({ PORT: '0', CLIENT_ID: 'study-client', CLIENT_SECRET: 'study-secret-123', REDIRECT_URI: 'http://127.0.0.1:8080/return', MASTER_ACCESS_TOKEN: MASTER, PAGE_SIZE: '2' }),
    );
    url = (await standin.start()).url;
    client = new OpenHumansClient({ baseUrl: url, clientId: 'study-client', clientSecret: 'study-secret-123', redirectUri: 'http://127.0.0.1:8080/return', masterAccessToken: MASTER });
  });

  afterAll(async () => {
    await standin?.stop();
  });

  async function member() {
    // RFC 7636 appendix B's verifier and its S256 challenge.
    const { code, memberId } = await authorizeOnOpenHumans(client.authorizeUrl({ state: 'test-state', codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM' }));
    return { memberId, tokens: await client.exchangeCode(code, 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk') };
  }

  async function projectFiles(memberId: string): Promise<StandinFile[]> {
    const body = (await (await fetch(`${url}/_standin/members/${memberId}/files`)).json()) as { files: StandinFile[] };
    return body.files.filter((f) => f.uploaded_by_project);
  }

  it('uploads a file with its metadata, lists it with the member, and deletes it by its id', async () => {
    const { memberId, tokens } = await member();
    const { id } = await client.uploadFile(tokens.accessToken, upload);
    expect(id).toEqual(expect.any(Number));
    expect(await projectFiles(memberId)).toEqual([expect.objectContaining({ basename: 'report.pdf', byte_length: PDF.length, metadata: { tags: ['report'], description: 'The final report' } })]);
    expect((await client.getMember(tokens.accessToken)).files).toContainEqual(expect.objectContaining({ id, basename: 'report.pdf' }));
    await expect(client.deleteFile(tokens.accessToken, id as number)).resolves.toBe(true);
    await expect(client.deleteFile(tokens.accessToken, id as number)).resolves.toBe(false);
    expect(await projectFiles(memberId)).toEqual([]);
  });

  it('lists every project member across the pages of the member list, and says how to renew an expired master token', async () => {
    const joined = [await member(), await member(), await member()];
    await client.removeSelf(joined[1]!.tokens.accessToken, joined[1]!.memberId);
    const ids = await client.projectMemberIds();
    expect(ids.size).toBeGreaterThan(2);
    expect(ids.has(joined[0]!.memberId)).toBe(true);
    expect(ids.has(joined[1]!.memberId)).toBe(false);
    expect(ids.has(joined[2]!.memberId)).toBe(true);

    await fetch(`${url}/_standin/master-token/expire`, { method: 'POST' });
    try {
      await expect(client.projectMemberIds()).rejects.toMatchObject({ kind: 'token-rejected', message: expect.stringMatching(/Expired token\..*generate a new one/) });
    } finally {
      const renewed = (await (await fetch(`${url}/_standin/master-token/regenerate`, { method: 'POST' })).json()) as { master_access_token: string };
      client = new OpenHumansClient({ baseUrl: url, clientId: 'study-client', clientSecret: 'study-secret-123', redirectUri: 'http://127.0.0.1:8080/return', masterAccessToken: renewed.master_access_token });
    }
    await expect(new OpenHumansClient({ baseUrl: url, clientId: 'study-client', clientSecret: 'study-secret-123' }).projectMemberIds()).rejects.toMatchObject({ kind: 'client-rejected' });
  });

  it('a throttled call is unavailable for as long as Open Humans asked (429 with Retry-After), and then works', async () => {
    const { tokens } = await member();
    await fetch(`${url}/_standin/throttle`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ seconds: 90, count: 1 }) });
    await expect(client.uploadFile(tokens.accessToken, upload)).rejects.toMatchObject({ kind: 'unavailable', details: { status: 429, retryAfterSeconds: 90 } });
    await expect(client.uploadFile(tokens.accessToken, upload)).resolves.toEqual({ id: expect.any(Number) });
  });

  it('says unavailable when the platform fails, and token-rejected for a dead token', async () => {
    const { tokens } = await member();
    await fetch(`${url}/_standin/failures`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ target: 'files', count: 1 }) });
    await expect(client.uploadFile(tokens.accessToken, upload)).rejects.toMatchObject({ kind: 'unavailable', details: { status: 503 } });
    await expect(client.deleteFile('not-a-token', 1)).rejects.toMatchObject({ kind: 'token-rejected' });
  });

  it("removes a member with their own token, no master token needed: their token stops working, and asked again they are not a member", async () => {
    const { memberId, tokens } = await member();
    const noMaster = new OpenHumansClient({ baseUrl: url, clientId: 'study-client', clientSecret: 'study-secret-123' });
    await expect(noMaster.isMember(tokens.accessToken)).resolves.toBe(true);
    await expect(noMaster.removeSelf(tokens.accessToken, memberId)).resolves.toBe('removed');
    await expect(noMaster.isMember(tokens.accessToken)).resolves.toBe(false);
    await expect(noMaster.removeSelf(tokens.accessToken, memberId)).resolves.toBe('not-a-member');
  });

  it('sends a project message to the member behind their own token, no master token needed; refused once they left', async () => {
    const { memberId, tokens } = await member();
    const noMaster = new OpenHumansClient({ baseUrl: url, clientId: 'study-client', clientSecret: 'study-secret-123' });
    await expect(noMaster.messageSelf(tokens.accessToken, { subject: 'Your next step', message: 'Hello {{ PROJECT_MEMBER_ID }}' })).resolves.toBe('sent');
    const inbox = (await (await fetch(`${url}/_standin/members/${memberId}/messages`)).json()) as { messages: Array<{ subject: string; message: string }> };
    expect(inbox.messages).toEqual([expect.objectContaining({ subject: '[Open Humans Project Message] Your next step', message: `Hello ${memberId}` })]);
    await noMaster.removeSelf(tokens.accessToken, memberId);
    await expect(noMaster.messageSelf(tokens.accessToken, { subject: 'Again', message: 'Hello' })).resolves.toBe('not-a-member');
  });

  it("removes only the token's own member, whatever ids the body names", async () => {
    const one = await member();
    const other = await member();
    await expect(client.removeSelf(one.tokens.accessToken, other.memberId)).resolves.toBe('removed');
    await expect(client.isMember(one.tokens.accessToken)).resolves.toBe(false);
    await expect(client.isMember(other.tokens.accessToken)).resolves.toBe(true);
  });

  it('says unavailable when the platform fails, and the member is then still in', async () => {
    const { memberId, tokens } = await member();
    await fetch(`${url}/_standin/failures`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ target: 'remove-members', count: 1 }) });
    await expect(client.removeSelf(tokens.accessToken, memberId)).rejects.toMatchObject({ kind: 'unavailable' });
    await expect(client.isMember(tokens.accessToken)).resolves.toBe(true);
  });

  it('says unavailable when nothing answers', async () => {
    const away = new OpenHumansClient({ baseUrl: 'http://127.0.0.1:9', clientId: 'study-client', clientSecret: 'study-secret-123', masterAccessToken: MASTER, timeoutMs: 2000 });
    await expect(away.removeSelf('any-token', '12345678')).rejects.toMatchObject({ kind: 'unavailable' });
    await expect(away.isMember('any-token')).rejects.toMatchObject({ kind: 'unavailable' });
  });
});

describe("OpenHumansClient.removeSelf reads the platform's refusal", () => {
  let server: Server;
  let answer: { status: number; body: string };
  let client: OpenHumansClient;

  beforeAll(async () => {
    server = createServer((_req, res) => res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    client = new OpenHumansClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, clientId: 'study-client', clientSecret: 'study-secret-123' });
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("takes the form's 'Invalid project member ID(s)' for this member as not a member (they left already)", async () => {
    // BaseProjectMembersForm.clean_project_member_ids, as the API answers it.
    answer = { status: 400, body: JSON.stringify({ errors: { project_member_ids: ['Invalid project member ID(s): 12345678'] } }) };
    await expect(client.removeSelf('token', '12345678')).resolves.toBe('not-a-member');
  });

  it('says bad-response for any other refusal, and unavailable for a server error', async () => {
    answer = { status: 400, body: JSON.stringify({ errors: { project_member_ids: ['Invalid project member ID(s): 87654321'] } }) };
    await expect(client.removeSelf('token', '12345678')).rejects.toMatchObject({ kind: 'bad-response', details: { status: 400 } });
    answer = { status: 400, body: JSON.stringify({ errors: { __all__: ['You must provide a list of project member IDs.'] } }) };
    await expect(client.removeSelf('token', '12345678')).rejects.toMatchObject({ kind: 'bad-response' });
    answer = { status: 500, body: '<h1>Server Error (500)</h1>' };
    await expect(client.removeSelf('token', '12345678')).rejects.toMatchObject({ kind: 'unavailable', details: { status: 500 } });
  });
});
