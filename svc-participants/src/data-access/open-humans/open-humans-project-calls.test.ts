import { createOpenHumansStandin, loadConfig as loadStandinConfig, type OpenHumansStandin } from '@study/standin-open-humans';
import { authorizeOnOpenHumans } from '../../test-support/open-humans-browser';
import { OpenHumansError } from './errors';
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

describe('OpenHumansClient: the project calls (upload, delete, remove members)', () => {
  let standin: OpenHumansStandin;
  let url: string;
  let client: OpenHumansClient;

  beforeAll(async () => {
    standin = createOpenHumansStandin(
      loadStandinConfig({ PORT: '0', CLIENT_ID: 'study-client', CLIENT_SECRET: 'study-secret-123', REDIRECT_URI: 'http://127.0.0.1:8080/return', MASTER_ACCESS_TOKEN: MASTER }),
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

  it('uploads a file with its metadata, and deletes it by name', async () => {
    const { memberId, tokens } = await member();
    await expect(client.uploadFile(tokens.accessToken, upload)).resolves.toEqual({ id: expect.any(Number) });
    expect(await projectFiles(memberId)).toEqual([expect.objectContaining({ basename: 'report.pdf', byte_length: PDF.length, metadata: { tags: ['report'], description: 'The final report' } })]);
    await expect(client.deleteFiles(tokens.accessToken, 'report.pdf')).resolves.toBe(1);
    await expect(client.deleteFiles(tokens.accessToken, 'report.pdf')).resolves.toBe(0);
    expect(await projectFiles(memberId)).toEqual([]);
  });

  it('says unavailable when the platform fails, and token-rejected for a dead token', async () => {
    const { tokens } = await member();
    await fetch(`${url}/_standin/failures`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ target: 'files', count: 1 }) });
    await expect(client.uploadFile(tokens.accessToken, upload)).rejects.toMatchObject({ kind: 'unavailable', details: { status: 503 } });
    await expect(client.deleteFiles('not-a-token', 'report.pdf')).rejects.toMatchObject({ kind: 'token-rejected' });
  });

  it('removes a member with the master token: their token stops working', async () => {
    const { memberId, tokens } = await member();
    await client.removeMembers([memberId]);
    await expect(client.getMember(tokens.accessToken)).rejects.toMatchObject({ kind: 'token-rejected' });
    // Again: the member is no longer authorized, and the call still succeeds.
    await client.removeMembers([memberId]);
  });

  it('says client-rejected for a wrong or missing master token, unavailable when the platform fails', async () => {
    const { memberId } = await member();
    const wrong = new OpenHumansClient({ baseUrl: url, clientId: 'study-client', clientSecret: 'study-secret-123', masterAccessToken: 'not-the-master-token' });
    await expect(wrong.removeMembers([memberId])).rejects.toMatchObject({ kind: 'client-rejected' });
    const none = new OpenHumansClient({ baseUrl: url, clientId: 'study-client', clientSecret: 'study-secret-123' });
    await expect(none.removeMembers([memberId])).rejects.toBeInstanceOf(OpenHumansError);
    await fetch(`${url}/_standin/failures`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ target: 'remove-members', count: 1 }) });
    await expect(client.removeMembers([memberId])).rejects.toMatchObject({ kind: 'unavailable' });
  });

  it('says unavailable when nothing answers', async () => {
    const away = new OpenHumansClient({ baseUrl: 'http://127.0.0.1:9', clientId: 'study-client', clientSecret: 'study-secret-123', masterAccessToken: MASTER, timeoutMs: 2000 });
    await expect(away.removeMembers(['12345678'])).rejects.toMatchObject({ kind: 'unavailable' });
  });
});
