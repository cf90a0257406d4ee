import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import { CODE_CHALLENGE_METHODS } from '../oauth/pkce';

const fileSchema = z.object({
  id: z.number().int(),
  basename: z.string(),
  created: z.string(),
  datatypes: z.array(z.string()),
  metadata: z.object({ tags: z.array(z.string()), description: z.string() }),
  source: z.string(),
  contentType: z.string(),
  /** File bytes, base64. */
  content: z.string(),
  /** Secret part of the download URL, standing in for a signed storage URL. */
  downloadKey: z.string(),
});
export type StoredFile = z.infer<typeof fileSchema>;

const memberSchema = z.object({
  projectMemberId: z.string().regex(/^\d{8}$/),
  username: z.string(),
  created: z.string(),
  /** False once the member has left the project; re-authorizing sets it again. */
  authorized: z.boolean(),
  sourcesShared: z.array(z.string()),
  /** Every file in the member's account; only shared sources and the project's own files are exchanged. */
  files: z.array(fileSchema),
});
export type StoredMember = z.infer<typeof memberSchema>;

const codeSchema = z.object({
  code: z.string(),
  projectMemberId: z.string(),
  /** The redirect_uri given on the authorize request, if any; the token request must repeat it. */
  redirectUri: z.string().nullable(),
  expiresAt: z.number(),
  used: z.boolean(),
  /**
   * The PKCE code_challenge and its method from the authorize request; null when it had none.
   * Defaulted so state files written before PKCE existed still load.
   */
  codeChallenge: z.string().nullable().default(null),
  codeChallengeMethod: z.enum(CODE_CHALLENGE_METHODS).nullable().default(null),
});
export type StoredCode = z.infer<typeof codeSchema>;

const accessTokenSchema = z.object({
  token: z.string(),
  projectMemberId: z.string(),
  refreshToken: z.string(),
  scope: z.string(),
  expiresAt: z.number(),
});
export type StoredAccessToken = z.infer<typeof accessTokenSchema>;

const refreshTokenSchema = z.object({
  token: z.string(),
  projectMemberId: z.string(),
  accessToken: z.string(),
});
export type StoredRefreshToken = z.infer<typeof refreshTokenSchema>;

const stateSchema = z.object({
  version: z.literal(1),
  nextFileId: z.number().int().min(1),
  members: z.array(memberSchema),
  codes: z.array(codeSchema),
  accessTokens: z.array(accessTokenSchema),
  refreshTokens: z.array(refreshTokenSchema),
});

/**
 * The platform's whole state. Maps (not plain objects) so that a caller-supplied token such as
 * "constructor" can never hit an inherited property. Optionally mirrored to a JSON file so a
 * restarted stand-in keeps its members and tokens.
 */
export class StandinStore {
  readonly members = new Map<string, StoredMember>();
  readonly codes = new Map<string, StoredCode>();
  readonly accessTokens = new Map<string, StoredAccessToken>();
  readonly refreshTokens = new Map<string, StoredRefreshToken>();
  private nextFileId = 1001;

  constructor(
    private readonly stateFile: string | undefined,
    private readonly now: () => number,
  ) {
    if (stateFile && existsSync(stateFile)) this.load(stateFile);
  }

  allocateFileId(): number {
    return this.nextFileId++;
  }

  /** Writes the state file (when configured). Call after every change. */
  save(): void {
    if (!this.stateFile) return;
    this.pruneExpired();
    const state: z.input<typeof stateSchema> = {
      version: 1,
      nextFileId: this.nextFileId,
      members: [...this.members.values()],
      codes: [...this.codes.values()],
      accessTokens: [...this.accessTokens.values()],
      refreshTokens: [...this.refreshTokens.values()],
    };
    // Write then rename, so a crash mid-write never leaves a truncated file behind.
    const tmp = `${this.stateFile}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(state));
    renameSync(tmp, this.stateFile);
  }

  private load(path: string): void {
    let parsed: z.output<typeof stateSchema>;
    try {
      parsed = stateSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
    } catch (err) {
      throw new Error(`STATE_FILE ${path} is not a state file this stand-in wrote (${(err as Error).message.split('\n')[0]}); move it away to start fresh`);
    }
    this.nextFileId = parsed.nextFileId;
    for (const m of parsed.members) this.members.set(m.projectMemberId, m);
    for (const c of parsed.codes) this.codes.set(c.code, c);
    for (const t of parsed.accessTokens) this.accessTokens.set(t.token, t);
    for (const t of parsed.refreshTokens) this.refreshTokens.set(t.token, t);
  }

  /** Drops codes that can no longer be redeemed so the state file does not grow without bound. */
  private pruneExpired(): void {
    const now = this.now();
    for (const [key, code] of this.codes) if (code.expiresAt <= now) this.codes.delete(key);
  }
}
