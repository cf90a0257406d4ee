import { z } from 'zod';
import { projectMemberIdSchema } from '@study/contracts';
import { OpenHumansError } from './errors';
import { genotypeSourcesOf, hasGenotypeFile } from './genotype';
import { expiryFrom, needsRefresh } from './token-expiry';

export const AUTHORIZE_PATH = '/direct-sharing/projects/oauth2/authorize/';
export const TOKEN_PATH = '/oauth2/token/';
export const EXCHANGE_MEMBER_PATH = '/api/direct-sharing/project/exchange-member/';
export const UPLOAD_PATH = '/api/direct-sharing/project/files/upload/';
export const DELETE_FILES_PATH = '/api/direct-sharing/project/files/delete/';
export const REMOVE_MEMBERS_PATH = '/api/direct-sharing/project/remove-members/';
export const PROJECT_MESSAGE_PATH = '/api/direct-sharing/project/message/';
export const PROJECT_MEMBERS_PATH = '/api/direct-sharing/project/members/';

const DEFAULT_TIMEOUT_MS = 10_000;
/** A member with more pages than this is not plausible; it guards against a `next` loop. */
const MAX_MEMBER_PAGES = 200;
const MAX_DESCRIPTION = 200;

export interface OpenHumansClientOptions {
  /** e.g. https://www.openhumans.org, without a trailing slash: where browsers are sent. */
  baseUrl: string;
  /**
   * Where the service itself calls the platform, when that address differs from the browsers'
   * (a stand-in on a container network). Default: baseUrl.
   */
  apiBaseUrl?: string;
  clientId: string;
  clientSecret: string;
  /** The project's registered redirect URI; sent on authorize and on the code exchange when set. */
  redirectUri?: string;
  /** The project's master access token: project messages (reminders). */
  masterAccessToken?: string;
  /** Per request, body included. Default 10 s. */
  timeoutMs?: number;
  /** Epoch milliseconds; tests may pin it. */
  now?: () => number;
}

/** An OAuth2 grant as the study keeps it. */
export interface OpenHumansTokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
}

export interface OpenHumansFile {
  id?: unknown;
  basename?: string;
  source?: string | null;
}

export interface OpenHumansMember {
  projectMemberId: string;
  sourcesShared: string[];
  /** Every file on every page. */
  files: OpenHumansFile[];
  /** True when a file comes from a genotype source (domain.md section 7). */
  snpFileUploaded: boolean;
  /** The genotype sources the files come from (sorted, each once). */
  genotypeSources: string[];
}

/** A file the project puts on a member's account. */
export interface OpenHumansUpload {
  basename: string;
  contentType: string;
  content: Buffer;
  /** The platform requires tags and a description (under 100 characters). */
  metadata: { tags: readonly string[]; description: string };
}

const uploadAnswerSchema = z.looseObject({ id: z.unknown() });
/** The ids a project-members form named as not in the project ("Invalid project member ID(s): 12345678, 87654321"). */
function invalidMemberIdsOf(reasons: readonly string[]): string[] {
  const prefix = 'Invalid project member ID(s): ';
  return reasons.filter((reason) => reason.startsWith(prefix)).flatMap((reason) => reason.slice(prefix.length).split(', ')).filter((id) => /^\d{8}(\d{8})?$/.test(id));
}

/** A project-members form refused (BaseProjectMembersForm): {"errors": {"project_member_ids": ["Invalid project member ID(s): 12345678"]}}. */
/** DRF's refusal of a request's credentials: {"detail": "Expired token."}. */
const refusalDetailSchema = z.looseObject({ detail: z.string() });
const membersFormRefusalSchema = z.looseObject({ errors: z.looseObject({ project_member_ids: z.array(z.string()) }) });
const deleteAnswerSchema = z.looseObject({ ids: z.array(z.unknown()) });
/** One page of the project's members (DRF limit/offset pagination). */
const membersPageSchema = z.looseObject({
  count: z.number().int().nonnegative(),
  next: z.string().nullable(),
  results: z.array(z.looseObject({ project_member_id: projectMemberIdSchema })),
});

const tokenAnswerSchema = z.looseObject({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_in: z.coerce.number().positive(),
  token_type: z.string().optional(),
});

const oauthErrorSchema = z.looseObject({ error: z.string(), error_description: z.string().optional() });

const memberPageSchema = z.looseObject({
  project_member_id: projectMemberIdSchema,
  next: z.string().nullable().optional(),
  sources_shared: z.array(z.string()).optional(),
  data: z
    .array(
      z.looseObject({
        id: z.unknown().optional(),
        basename: z.string().optional(),
        source: z.string().nullable().optional(),
      }),
    )
    .optional(),
});

/** Seconds to wait from a Retry-After header (seconds or an HTTP date), 60 when absent or unreadable, at most an hour. */
export function retryAfterOf(header: string | null, now: number): number {
  const text = header?.trim() ?? '';
  const seconds = /^\d+$/.test(text) ? Number(text) : text === '' ? NaN : Math.ceil((Date.parse(text) - now) / 1000);
  return Number.isFinite(seconds) ? Math.min(3600, Math.max(1, seconds)) : 60;
}

/** Printable text from the platform, short enough to show: it may reach a participant's screen. */
function cleanText(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const text = value.replace(/[^\x20-\x7e]/g, ' ').trim();
  return text === '' ? undefined : text.slice(0, MAX_DESCRIPTION);
}

/**
 * The study's adapter to Open Humans (domain.md section 7): the authorize URL, the OAuth2 token
 * endpoint (authorization code and refresh grants, client authentication by HTTP Basic) and the
 * project member exchange, followed across its pages. It keeps no state and never logs: tokens
 * only pass through.
 */
export class OpenHumansClient {
  private readonly baseUrl: string;
  private readonly apiBaseUrl: string;
  private readonly timeoutMs: number;
  private readonly now: () => number;

  constructor(private readonly options: OpenHumansClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.apiBaseUrl = (options.apiBaseUrl ?? options.baseUrl).replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.now = options.now ?? Date.now;
  }

  /**
   * The platform's authorize page for this project and one request: its `state`, and the S256
   * PKCE challenge of the verifier the token request will send (RFC 7636).
   */
  authorizeUrl(request: { state: string; codeChallenge: string }): string {
    const params = new URLSearchParams({ client_id: this.options.clientId, response_type: 'code' });
    if (this.options.redirectUri) params.set('redirect_uri', this.options.redirectUri);
    params.set('state', request.state);
    params.set('code_challenge', request.codeChallenge);
    params.set('code_challenge_method', 'S256');
    return `${this.baseUrl}${AUTHORIZE_PATH}?${params.toString()}`;
  }

  /** Redeems an authorization code (once; it lives 30 minutes) with the PKCE verifier its request was started with. */
  async exchangeCode(code: string, codeVerifier: string): Promise<OpenHumansTokens> {
    const form = new URLSearchParams({ grant_type: 'authorization_code', code, code_verifier: codeVerifier });
    if (this.options.redirectUri) form.set('redirect_uri', this.options.redirectUri);
    return this.requestTokens(form, 'code-rejected');
  }

  /** A new grant for a refresh token. The answer carries a new refresh token: keep it, the old one is spent. */
  async refresh(refreshToken: string): Promise<OpenHumansTokens> {
    return this.requestTokens(new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }), 'refresh-rejected');
  }

  /** The tokens to call with: refreshed first when under a minute remains. */
  async fresh(tokens: OpenHumansTokens): Promise<{ tokens: OpenHumansTokens; refreshed: boolean }> {
    if (!needsRefresh(tokens.expiresAt, this.now())) return { tokens, refreshed: false };
    return { tokens: await this.refresh(tokens.refreshToken), refreshed: true };
  }

  /** The member behind an access token, with every file of every page. */
  async getMember(accessToken: string): Promise<OpenHumansMember> {
    let url: URL | undefined = this.memberUrl(accessToken);
    const seen = new Set<string>();
    const files: OpenHumansFile[] = [];
    let first: z.infer<typeof memberPageSchema> | undefined;
    while (url) {
      if (seen.has(url.toString()) || seen.size >= MAX_MEMBER_PAGES) {
        throw new OpenHumansError('bad-response', 'Open Humans kept answering with more pages of member data than the study reads.');
      }
      seen.add(url.toString());
      const res = await this.send(url, { method: 'GET', headers: { accept: 'application/json' } });
      if (!res.ok) {
        await res.body?.cancel().catch(() => undefined);
        if (res.status === 401 || res.status === 403) {
          throw new OpenHumansError('token-rejected', 'Open Humans did not accept the access token.', { status: res.status });
        }
        throw this.failure(res.status, 'the member data');
      }
      const page = memberPageSchema.safeParse(await this.readJson(res, 'the member data'));
      if (!page.success) throw new OpenHumansError('bad-response', 'Open Humans answered member data the study cannot read.', { status: res.status });
      if (first && page.data.project_member_id !== first.project_member_id) {
        throw new OpenHumansError('bad-response', 'Open Humans answered pages for different members.');
      }
      first ??= page.data;
      files.push(...(page.data.data ?? []));
      url = page.data.next ? this.nextPageUrl(page.data.next, accessToken) : undefined;
    }
    return {
      projectMemberId: first!.project_member_id,
      sourcesShared: first!.sources_shared ?? [],
      files,
      snpFileUploaded: hasGenotypeFile(files),
      genotypeSources: genotypeSourcesOf(files),
    };
  }

  /** Puts a file on the member's account (multipart `data_file` and `metadata`); answers the platform's file id. */
  async uploadFile(accessToken: string, file: OpenHumansUpload): Promise<{ id: unknown }> {
    const form = new FormData();
    form.set('metadata', JSON.stringify({ tags: [...file.metadata.tags], description: file.metadata.description }));
    form.set('data_file', new Blob([new Uint8Array(file.content)], { type: file.contentType }), file.basename);
    const res = await this.send(this.projectUrl(UPLOAD_PATH, accessToken), { method: 'POST', headers: { accept: 'application/json' }, body: form });
    const body = await this.projectAnswer(res, 'the file upload', 'member');
    const answer = uploadAnswerSchema.safeParse(body);
    if (!answer.success) throw new OpenHumansError('bad-response', 'Open Humans answered a file upload the study cannot read.', { status: res.status });
    return { id: answer.data.id };
  }

  /**
   * Deletes one file the project put on the member's account, by the platform's file id (a file
   * of another source is never the project's to delete: the platform then deletes nothing).
   * Answers whether it went; one already gone is no error.
   */
  async deleteFile(accessToken: string, fileId: number): Promise<boolean> {
    const res = await this.send(this.projectUrl(DELETE_FILES_PATH, accessToken), {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ file_id: fileId }),
    });
    const answer = deleteAnswerSchema.safeParse(await this.projectAnswer(res, 'the file deletion', 'member'));
    if (!answer.success) throw new OpenHumansError('bad-response', 'Open Humans answered a file deletion the study cannot read.', { status: res.status });
    return answer.data.ids.length > 0;
  }

  /**
   * Removes the member behind `accessToken` from the project with their own token: the platform
   * lets a member's token act on that member only (its ProjMemberFormAPIMixin), so no master
   * token is needed. Answers 'not-a-member' when the platform no longer counts them in the
   * project: a 400 naming their id as invalid (they left already), or their token refused
   * (leaving deletes it). A 5xx is 'unavailable', though the platform may have removed them
   * before failing (it calls the study's webhook inside the removal): ask `isMember` then.
   */
  async removeSelf(accessToken: string, projectMemberId: string): Promise<'removed' | 'not-a-member'> {
    const res = await this.send(this.projectUrl(REMOVE_MEMBERS_PATH, accessToken), {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ project_member_ids: [projectMemberId] }),
    });
    if (res.status === 401 || res.status === 403) {
      await res.body?.cancel().catch(() => undefined);
      return 'not-a-member';
    }
    if (res.status === 400) {
      const body = membersFormRefusalSchema.safeParse(await this.readJson(res, 'the member removal').catch(() => undefined));
      if (body.success && body.data.errors.project_member_ids.some((reason) => reason.startsWith('Invalid project member ID(s):') && reason.includes(projectMemberId))) return 'not-a-member';
      throw new OpenHumansError('bad-response', `Open Humans refused the member removal: ${cleanText(JSON.stringify(body.success ? body.data : {})) ?? 'no reason given'}.`, { status: 400 });
    }
    await this.projectAnswer(res, 'the member removal', 'member');
    return 'removed';
  }

  /** Whether the member behind `accessToken` is still in the project: false once the platform refuses their token. */
  async isMember(accessToken: string): Promise<boolean> {
    try {
      await this.getMember(accessToken);
      return true;
    } catch (err) {
      if (err instanceof OpenHumansError && err.kind === 'token-rejected') return false;
      throw err;
    }
  }

  private projectUrl(path: string, accessToken: string): URL {
    const url = new URL(`${this.apiBaseUrl}${path}`);
    url.searchParams.set('access_token', accessToken);
    return url;
  }

  /**
   * The JSON of a successful project API answer. A refused member token is token-rejected (the
   * member's authorization ended); a refused master token is client-rejected (configuration).
   */
  private async projectAnswer(res: Response, what: string, token: 'member' | 'master'): Promise<unknown> {
    if (res.ok) return this.readJson(res, what);
    await res.body?.cancel().catch(() => undefined);
    if (res.status === 401 || res.status === 403) {
      if (token === 'master') throw new OpenHumansError('client-rejected', "Open Humans did not accept the project's master access token (OH_MASTER_ACCESS_TOKEN).", { status: res.status });
      throw new OpenHumansError('token-rejected', 'Open Humans did not accept the access token.', { status: res.status });
    }
    throw this.failure(res.status, what);
  }

  /**
   * Sends a project message to these members (the platform emails each one, with
   * {{ PROJECT_MEMBER_ID }} in the text replaced by their id), with the project's master access
   * token (the one the client is configured with). The platform sends to all or to none: a 400
   * names the members it did not accept.
   */
  async messageMembers(message: { subject: string; message: string; projectMemberIds: readonly string[] }): Promise<void> {
    const master = this.options.masterAccessToken;
    if (!master) throw new OpenHumansError('client-rejected', 'The study has no Open Humans master access token configured (OH_MASTER_ACCESS_TOKEN).');
    const res = await this.send(this.projectUrl(PROJECT_MESSAGE_PATH, master), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ subject: message.subject, message: message.message, project_member_ids: message.projectMemberIds }),
    });
    if (res.ok) {
      await res.body?.cancel().catch(() => undefined);
      return;
    }
    if (res.status === 401 || res.status === 403) {
      const refusal = refusalDetailSchema.safeParse(await this.readJson(res, 'the project message').catch(() => undefined));
      throw this.masterRefused(res.status, refusal.success ? cleanText(refusal.data.detail) : undefined);
    }
    if (res.status === 400) {
      const body = await this.readJson(res, 'the project message').catch(() => undefined);
      const refusal = membersFormRefusalSchema.safeParse(body);
      const invalidMemberIds = refusal.success ? invalidMemberIdsOf(refusal.data.errors.project_member_ids) : [];
      throw new OpenHumansError('bad-response', `Open Humans refused the project message: ${cleanText(JSON.stringify(body ?? {})) ?? 'no reason given'}.`, {
        status: 400,
        ...(invalidMemberIds.length > 0 ? { invalidMemberIds } : {}),
      });
    }
    await res.body?.cancel().catch(() => undefined);
    throw this.failure(res.status, 'the project message');
  }

  /**
   * Every member of the project now, with the master access token, following the list's pages
   * (the token travels in each page's query string, as the platform links them). Offsets can
   * shift while members leave mid-read, so a member missing here is only a candidate: ask with
   * their own token before acting on it.
   */
  async projectMemberIds(): Promise<Set<string>> {
    const master = this.options.masterAccessToken;
    if (!master) throw new OpenHumansError('client-rejected', 'The study has no Open Humans master access token configured (OH_MASTER_ACCESS_TOKEN).');
    const ids = new Set<string>();
    const seen = new Set<string>();
    let url: URL | undefined = this.projectUrl(PROJECT_MEMBERS_PATH, master);
    while (url) {
      if (seen.has(url.toString()) || seen.size >= MAX_MEMBER_PAGES * 10) throw new OpenHumansError('bad-response', 'Open Humans kept answering with more pages of project members than the study reads.');
      seen.add(url.toString());
      const res = await this.send(url, { method: 'GET', headers: { accept: 'application/json' } });
      if (res.status === 401 || res.status === 403) {
        const refusal = refusalDetailSchema.safeParse(await this.readJson(res, 'the project member list').catch(() => undefined));
        throw this.masterRefused(res.status, refusal.success ? cleanText(refusal.data.detail) : undefined);
      }
      const page = membersPageSchema.safeParse(await this.projectAnswer(res, 'the project member list', 'master'));
      if (!page.success) throw new OpenHumansError('bad-response', 'Open Humans answered a project member list the study cannot read.', { status: res.status });
      for (const member of page.data.results) ids.add(member.project_member_id);
      url = page.data.next ? this.nextPageUrl(page.data.next, master) : undefined;
    }
    return ids;
  }

  /** The master token refused: what it means and how the study team renews it. */
  private masterRefused(status: number, detail: string | undefined): OpenHumansError {
    return new OpenHumansError(
      'token-rejected',
      `Open Humans did not accept the project's master access token (OH_MASTER_ACCESS_TOKEN)${detail ? `: ${detail}` : '.'} ` +
        "It lasts 24 hours from when it is generated on the project's page on Open Humans, unless an Open Humans admin turns its expiry off: generate a new one there, set OH_MASTER_ACCESS_TOKEN to it and restart svc-participants.",
      { status, description: detail },
    );
  }

  /**
   * Sends a project message to the member behind `accessToken` with their own token: the
   * platform lets a member's token message that member only (its ProjMemberFormAPIMixin), so no
   * master token is needed. Answers 'not-a-member' when their token is refused (leaving deletes it).
   */
  async messageSelf(accessToken: string, message: { subject: string; message: string }): Promise<'sent' | 'not-a-member'> {
    const res = await this.send(this.projectUrl(PROJECT_MESSAGE_PATH, accessToken), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ subject: message.subject, message: message.message }),
    });
    if (res.status === 401 || res.status === 403) {
      await res.body?.cancel().catch(() => undefined);
      return 'not-a-member';
    }
    await this.projectAnswer(res, 'the project message', 'member');
    return 'sent';
  }

  private memberUrl(accessToken: string): URL {
    const url = new URL(`${this.apiBaseUrl}${EXCHANGE_MEMBER_PATH}`);
    url.searchParams.set('access_token', accessToken);
    return url;
  }

  /**
   * The `next` link's path and query, on the configured origin: the access token is only ever
   * sent to the platform the study is configured for, whatever host a link names.
   */
  private nextPageUrl(next: string, accessToken: string): URL {
    let parsed: URL;
    try {
      parsed = new URL(next, this.apiBaseUrl);
    } catch {
      throw new OpenHumansError('bad-response', 'Open Humans answered a next-page link the study cannot read.');
    }
    const url = new URL(`${parsed.pathname}${parsed.search}`, new URL(this.apiBaseUrl).origin);
    url.searchParams.set('access_token', accessToken);
    return url;
  }

  private async requestTokens(form: URLSearchParams, rejectedKind: 'code-rejected' | 'refresh-rejected'): Promise<OpenHumansTokens> {
    const issuedAt = this.now();
    const res = await this.send(new URL(`${this.apiBaseUrl}${TOKEN_PATH}`), {
      method: 'POST',
      headers: {
        authorization: this.basicAuth(),
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: form.toString(),
    });
    const body = await this.readJson(res, 'the token request');
    if (res.ok) {
      const answer = tokenAnswerSchema.safeParse(body);
      if (!answer.success) throw new OpenHumansError('bad-response', 'Open Humans answered a token the study cannot read.', { status: res.status });
      return {
        accessToken: answer.data.access_token,
        refreshToken: answer.data.refresh_token,
        expiresAt: expiryFrom(answer.data.expires_in, issuedAt),
      };
    }
    const oauth = oauthErrorSchema.safeParse(body);
    const details = { status: res.status, oauthError: oauth.success ? cleanText(oauth.data.error) : undefined, description: oauth.success ? cleanText(oauth.data.error_description) : undefined };
    // The error names the cause, whatever the status: the platform has answered invalid_grant
    // with 401 (its recorded answers) as well as 400 (oauthlib 3.2.2, pinned today).
    if ((res.status === 400 || res.status === 401) && details.oauthError === 'invalid_grant') {
      const what = rejectedKind === 'code-rejected' ? 'the authorization code' : 'the stored authorization';
      throw new OpenHumansError(rejectedKind, `Open Humans did not accept ${what} (invalid_grant).`, details);
    }
    if (res.status === 401 || details.oauthError === 'invalid_client') {
      throw new OpenHumansError('client-rejected', "Open Humans did not accept the study's client credentials.", details);
    }
    if (res.status >= 500) throw this.failure(res.status, 'the token request');
    throw new OpenHumansError('bad-response', `Open Humans refused the token request (${details.oauthError ?? `HTTP ${res.status}`}).`, details);
  }

  private basicAuth(): string {
    // RFC 6749 section 2.3.1: id and secret are form-encoded before the Basic encoding.
    const pair = `${encodeURIComponent(this.options.clientId)}:${encodeURIComponent(this.options.clientSecret)}`;
    return `Basic ${Buffer.from(pair, 'utf8').toString('base64')}`;
  }

  private failure(status: number, what: string): OpenHumansError {
    if (status >= 500) return new OpenHumansError('unavailable', `Open Humans failed to answer ${what} (HTTP ${status}).`, { status });
    return new OpenHumansError('bad-response', `Open Humans refused ${what} (HTTP ${status}).`, { status });
  }

  private async send(url: URL, init: RequestInit): Promise<Response> {
    let res: Response;
    try {
      // Redirects are not followed: a token or code must never be replayed to another address.
      res = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (err) {
      throw this.transportError(err);
    }
    if (res.status === 429) {
      await res.body?.cancel().catch(() => undefined);
      const retryAfterSeconds = retryAfterOf(res.headers.get('retry-after'), this.now());
      throw new OpenHumansError('unavailable', `Open Humans is limiting the study's calls for now (HTTP 429); it asked to wait ${retryAfterSeconds} s.`, { status: 429, retryAfterSeconds });
    }
    if (res.status >= 300 && res.status < 400) {
      await res.body?.cancel();
      throw new OpenHumansError('bad-response', `Open Humans answered with a redirect (HTTP ${res.status}); check that OH_BASE_URL is the platform's exact base URL.`, {
        status: res.status,
      });
    }
    return res;
  }

  private async readJson(res: Response, what: string): Promise<unknown> {
    let text: string;
    try {
      text = await res.text();
    } catch (err) {
      throw this.transportError(err);
    }
    if (text === '') return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      if (res.status >= 500) return undefined;
      throw new OpenHumansError('bad-response', `Open Humans answered ${what} with something other than JSON (HTTP ${res.status}).`, { status: res.status });
    }
  }

  /** Network failures and timeouts; the URL (which may carry a token) is never part of the message. */
  private transportError(err: unknown): OpenHumansError {
    const name = (err as { name?: string }).name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      return new OpenHumansError('unavailable', `Open Humans did not answer within ${Math.round(this.timeoutMs / 1000)} s.`);
    }
    const cause = (err as { cause?: { code?: string } }).cause?.code;
    return new OpenHumansError('unavailable', `Open Humans could not be reached${cause ? ` (${cause})` : ''}.`);
  }
}
