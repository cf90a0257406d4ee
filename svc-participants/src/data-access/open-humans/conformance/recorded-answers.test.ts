import fs from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parse } from 'yaml';
import { OpenHumansClient } from '../open-humans-client';

/**
 * The study's Open Humans client against answers the real platform gave: the official client's
 * recorded interactions (cassettes/, see its README) are served back one by one, and each case
 * says what the study's client must send for that call and what it must make of the answer. A
 * change that drifts from the real protocol (a path, a token's place, a field, how a status is
 * read) fails here. A second table holds the answers the platform's source gives for the calls
 * the official client never recorded (the plain upload and a member removing themselves).
 */

interface RecordedAnswer {
  status: number;
  contentType: string;
  body: string;
}

interface Cassette {
  interactions: Array<{ request: { method: string; uri: string }; response: { status: { code: number }; headers: Record<string, string[]>; body: { string: string } } }>;
}

/**
 * The recorder replaced project member ids with placeholders; the study checks an id's shape (8
 * digits), so each placeholder becomes an id of that shape.
 */
const PLACEHOLDER_IDS: ReadonlyArray<[RegExp, string]> = [
  [/"PMI"/g, '"10000000"'],
  [/\bPMI(\d)\b/g, '1000000$1'],
  [/\binvalidPMI(\d)\b/g, '2000000$1'],
];

function recorded(name: string): { uris: string[]; answers: RecordedAnswer[] } {
  const cassette = parse(fs.readFileSync(path.join(__dirname, 'cassettes', `${name}.yaml`), 'utf8')) as Cassette;
  return {
    uris: cassette.interactions.map((interaction) => `${interaction.request.method} ${new URL(interaction.request.uri).pathname}`),
    answers: cassette.interactions.map(({ response }) => ({
      status: response.status.code,
      contentType: response.headers['Content-Type']?.[0] ?? 'application/json',
      body: PLACEHOLDER_IDS.reduce((text, [pattern, id]) => text.replace(pattern, id), response.body.string),
    })),
  };
}

interface SentRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
}

/** Answers each request with the next recorded answer, and keeps what the client sent. */
class ReplayServer {
  private readonly server: Server;
  private queue: RecordedAnswer[] = [];
  readonly sent: SentRequest[] = [];
  url = '';

  constructor() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://replay.invalid');
        this.sent.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        const answer = this.queue.shift();
        if (!answer) {
          res.writeHead(599, { 'content-type': 'text/plain' }).end('no recorded answer left');
          return;
        }
        res.writeHead(answer.status, { 'content-type': answer.contentType }).end(answer.body);
      });
    });
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  serve(answers: RecordedAnswer[]): void {
    this.queue = [...answers];
    this.sent.length = 0;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const NOW = Date.parse('2018-03-10T03:57:17Z');
const replay = new ReplayServer();
let client: OpenHumansClient;

beforeAll(async () => {
  await replay.start();
  client = new OpenHumansClient({
    baseUrl: replay.url,
    clientId: 'study-client',
    clientSecret: 'study-secret-123',
    redirectUri: 'http://127.0.0.1:5000/authorize_openhumans/',
    masterAccessToken: 'ACCESSTOKEN',
    now: () => NOW,
  });
});

afterAll(() => replay.stop());

/** Serves the cassette's answers and checks the client asked the recorded paths, in order. */
function play(name: string): void {
  const { uris, answers } = recorded(name);
  replay.serve(answers);
  expectedUris = uris;
}
let expectedUris: string[] = [];
afterEach(() => {
  expect(replay.sent.map((request) => `${request.method} ${request.path}`)).toEqual(expectedUris);
});

const form = (body: string) => Object.fromEntries(new URLSearchParams(body));
const basic = `Basic ${Buffer.from('study-client:study-secret-123').toString('base64')}`;

describe('the token endpoint, as recorded', () => {
  it('test_oauth2_token_exchange__valid_code: the code is exchanged with client authentication by HTTP Basic, and the grant read', async () => {
    play('test_oauth2_token_exchange__valid_code');
    await expect(client.exchangeCode('CODE', 'a-verifier')).resolves.toEqual({
      accessToken: 'returnedaccesstoken',
      refreshToken: 'returnedrefreshtoken',
      expiresAt: new Date(NOW + 36_000 * 1000),
    });
    const [sent] = replay.sent;
    expect(sent!.headers.authorization).toBe(basic);
    expect(sent!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(form(sent!.body)).toEqual({ grant_type: 'authorization_code', code: 'CODE', code_verifier: 'a-verifier', redirect_uri: 'http://127.0.0.1:5000/authorize_openhumans/' });
  });

  it('test_oauth2_token_exchange__valid_refresh: a refresh answers a new refresh token, which replaces the old', async () => {
    play('test_oauth2_token_exchange__valid_refresh');
    await expect(client.refresh('REFRESHTOKEN')).resolves.toMatchObject({ accessToken: 'newaccesstoken', refreshToken: 'newrefreshtoken' });
    expect(form(replay.sent[0]!.body)).toEqual({ grant_type: 'refresh_token', refresh_token: 'REFRESHTOKEN' });
    expect(replay.sent[0]!.headers.authorization).toBe(basic);
  });

  it('test_oauth2_token_exchange__invalid_code: 401 invalid_grant is a refused code (the participant authorizes again), not the study\u2019s credentials', async () => {
    play('test_oauth2_token_exchange__invalid_code');
    await expect(client.exchangeCode('CODE', 'a-verifier')).rejects.toMatchObject({ kind: 'code-rejected', details: { status: 401, oauthError: 'invalid_grant' } });
  });

  it('test_oauth2_token_exchange__invalid_refresh: 401 invalid_grant is a refused refresh (the member left)', async () => {
    play('test_oauth2_token_exchange__invalid_refresh');
    await expect(client.refresh('REFRESHTOKEN')).rejects.toMatchObject({ kind: 'refresh-rejected', details: { status: 401, oauthError: 'invalid_grant' } });
  });

  it.each(['test_oauth2_token_exchange__invalid_client', 'test_oauth2_token_exchange__invalid_secret'])('%s: 401 invalid_client is the study\u2019s credentials refused', async (name) => {
    play(name);
    await expect(client.exchangeCode('CODE', 'a-verifier')).rejects.toMatchObject({ kind: 'client-rejected', details: { status: 401, oauthError: 'invalid_client' } });
  });
});

describe('the member exchange, as recorded', () => {
  it('test_get_page_with_results: GET with the access token in the query string; the member read', async () => {
    play('test_get_page_with_results');
    await expect(client.getMember('ACCESSTOKEN')).resolves.toMatchObject({ projectMemberId: '10000000', sourcesShared: [], files: [], snpFileUploaded: false });
    expect(replay.sent[0]!.query.get('access_token')).toBe('ACCESSTOKEN');
    expect(replay.sent[0]!.headers.authorization).toBeUndefined();
  });

  it('test_get_page_invalid_access_token: 401 is the member\u2019s token refused, and they are no longer a member', async () => {
    play('test_get_page_invalid_access_token');
    await expect(client.getMember('invalid_token')).rejects.toMatchObject({ kind: 'token-rejected', details: { status: 401 } });
    play('test_get_page_invalid_access_token');
    await expect(client.isMember('invalid_token')).resolves.toBe(false);
  });
});

describe('file deletion, as recorded', () => {
  it('test_delete_file_project_member_id_given: POST with the token in the query; the ids deleted are read', async () => {
    play('test_delete_file_project_member_id_given');
    await expect(client.deleteFile('ACCESSTOKEN', 34188)).resolves.toBe(true);
    expect(replay.sent[0]!.query.get('access_token')).toBe('ACCESSTOKEN');
    expect(JSON.parse(replay.sent[0]!.body)).toEqual({ file_id: 34188 });
  });

  it('test_delete_file__valid_access_token: nothing deleted is no error', async () => {
    play('test_delete_file__valid_access_token');
    await expect(client.deleteFile('ACCESSTOKEN', 34188)).resolves.toBe(false);
  });

  it.each(['test_delete_file__expired_access_token', 'test_delete_file__invalid_access_token'])('%s: 401 is the member\u2019s token refused', async (name) => {
    play(name);
    await expect(client.deleteFile('ACCESSTOKEN', 34188)).rejects.toMatchObject({ kind: 'token-rejected', details: { status: 401 } });
  });

  it('test_delete_file_project_member_id_invalid: a 400 is an answer the study cannot act on, said as such', async () => {
    play('test_delete_file_project_member_id_invalid');
    await expect(client.deleteFile('ACCESSTOKEN', 34188)).rejects.toMatchObject({ kind: 'bad-response', details: { status: 400 } });
  });
});

describe('project messages (master token), as recorded', () => {
  const message = { subject: 'test_subject', message: 'test_message', projectMemberIds: ['10000001', '10000002'] };

  it('test_message_valid_access_token: POST with the master token in the query string; "success" is sent', async () => {
    play('test_message_valid_access_token');
    await expect(client.messageMembers(message)).resolves.toBeUndefined();
    expect(replay.sent[0]!.query.get('access_token')).toBe('ACCESSTOKEN');
    expect(JSON.parse(replay.sent[0]!.body)).toEqual({ subject: 'test_subject', message: 'test_message', project_member_ids: ['10000001', '10000002'] });
  });

  it('test_message_expired_access_token: 401 "Expired token." says the master token expired and how to renew it', async () => {
    play('test_message_expired_access_token');
    await expect(client.messageMembers(message)).rejects.toMatchObject({
      kind: 'token-rejected',
      details: { status: 401, description: 'Expired token.' },
      message: expect.stringMatching(/OH_MASTER_ACCESS_TOKEN.*Expired token\..*generate a new one/),
    });
  });

  it('test_message_invalid_access_token: 401 "Invalid token." is the master token refused', async () => {
    play('test_message_invalid_access_token');
    await expect(client.messageMembers(message)).rejects.toMatchObject({ kind: 'token-rejected', details: { status: 401, description: 'Invalid token.' } });
  });

  it('test_message_all_members_false_projectmemberid_has_invalid_digit: the 400 names the member who is not in the project', async () => {
    play('test_message_all_members_false_projectmemberid_has_invalid_digit');
    await expect(client.messageMembers(message)).rejects.toMatchObject({ kind: 'bad-response', details: { status: 400, invalidMemberIds: ['20000002'] } });
  });

  it('test_message_all_members_false_projectmemberid_has_invalid_char: a 400 about the ids\u2019 shape names nobody', async () => {
    play('test_message_all_members_false_projectmemberid_has_invalid_char');
    const refusal = await client.messageMembers(message).catch((err: unknown) => err);
    expect(refusal).toMatchObject({ kind: 'bad-response', details: { status: 400 } });
    expect((refusal as { details: { invalidMemberIds?: string[] } }).details.invalidMemberIds).toBeUndefined();
  });
});

describe('the project member list (master token), as recorded', () => {
  it('test_update_data_valid_master_access_token: every member on the page, the token in the query string', async () => {
    const { answers } = recorded('test_update_data_valid_master_access_token');
    replay.serve(answers.slice(0, 1));
    expectedUris = ['GET /api/direct-sharing/project/members/'];
    await expect(client.projectMemberIds()).resolves.toEqual(new Set(['10000001', '10000002', '10000003']));
    expect(replay.sent[0]!.query.get('access_token')).toBe('ACCESSTOKEN');
  });

  it.each([
    ['test_update_data_expired_master_access_token', 'Expired token.'],
    ['test_update_data_invalid_master_access_token', 'Invalid token.'],
  ])('%s: 401 is the master token refused, with the platform\u2019s reason', async (name, detail) => {
    play(name);
    await expect(client.projectMemberIds()).rejects.toMatchObject({ kind: 'token-rejected', details: { status: 401, description: detail } });
  });
});

describe("answers from the platform's source for calls the official client never recorded", () => {
  // private_sharing/api_views.py (OpenHumans/open-humans): ProjectFileUploadView answers
  // Response({"id": datafile.id}, status=201); ProjectRemoveMemberView answers Response("success"),
  // or Response({"errors": form.errors}, status=400) from RemoveProjectMembersForm.
  const answer = (status: number, body: unknown): RecordedAnswer => ({ status, contentType: 'application/json', body: JSON.stringify(body) });
  const pdf = { basename: 'report.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.4\n'), metadata: { tags: ['report'], description: 'The final report' } };

  it('the plain upload: multipart data_file and metadata, token in the query; 201 {"id"} read', async () => {
    replay.serve([answer(201, { id: 62525 })]);
    expectedUris = ['POST /api/direct-sharing/project/files/upload/'];
    await expect(client.uploadFile('ACCESSTOKEN', pdf)).resolves.toEqual({ id: 62525 });
    const [sent] = replay.sent;
    expect(sent!.query.get('access_token')).toBe('ACCESSTOKEN');
    expect(sent!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent!.body).toContain('name="data_file"; filename="report.pdf"');
    expect(sent!.body).toContain('{"tags":["report"],"description":"The final report"}');
  });

  it('a member removing themselves: "success", or the 400 naming their id once they left', async () => {
    replay.serve([answer(200, 'success'), answer(400, { errors: { project_member_ids: ['Invalid project member ID(s): 10000001'] } })]);
    expectedUris = ['POST /api/direct-sharing/project/remove-members/', 'POST /api/direct-sharing/project/remove-members/'];
    await expect(client.removeSelf('ACCESSTOKEN', '10000001')).resolves.toBe('removed');
    await expect(client.removeSelf('ACCESSTOKEN', '10000001')).resolves.toBe('not-a-member');
    expect(JSON.parse(replay.sent[0]!.body)).toEqual({ project_member_ids: ['10000001'] });
  });
});
