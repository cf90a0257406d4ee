import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BrowserContext } from "playwright-core";
import {
  ADMIN_KEY_HEADER,
  addStaffResponseSchema,
  routes,
  STAFF_CSRF_HEADER,
  staffSessionSchema,
  staffSetupStartResponseSchema,
  type StaffRoleName,
  type StaffSessionView,
} from "@study/contracts";
import {
  STAFF_COOKIE_PATH,
  STAFF_SESSION_COOKIE,
  totpCode,
} from "@study/staff-auth";
import { masterKey } from "./admin";
import { baseUrl } from "./browser";

/** A person of the study team with a session: the cookie's value and what the session answered. */
export interface StaffMemberSession {
  email: string;
  password: string;
  /** The authenticator app's secret: a test signs in through the page with codes made from it. */
  totpSecret: string;
  cookie: string;
  view: StaffSessionView;
}

function cookieFrom(res: Response): string {
  const line = res.headers
    .getSetCookie()
    .find((value) => value.startsWith(`${STAFF_SESSION_COOKIE}=`));
  const value = line?.split(";")[0]?.slice(STAFF_SESSION_COOKIE.length + 1);
  if (!value)
    throw new Error(`no staff session cookie in the answer (${res.status})`);
  return value;
}

async function post(
  pathname: string,
  body: unknown,
  headers: Record<string, string> = {}
): Promise<Response> {
  return fetch(new URL(pathname, baseUrl()), {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

/** Sets an account up as its set-up page does (e-mail, code, password, a first code from the app): answers it signed in. */
async function setUp(
  email: string,
  setupCode: string
): Promise<StaffMemberSession> {
  const started = await post(routes.staffSetupStart.path, { email, setupCode });
  if (!started.ok)
    throw new Error(
      `set-up of ${email} refused: ${started.status} ${await started.text()}`
    );
  const { secret } = staffSetupStartResponseSchema.parse(await started.json());
  const password = `e2e ${randomBytes(9).toString("base64url")} pass`;
  const done = await post(routes.staffSetupComplete.path, {
    email,
    setupCode,
    password,
    code: totpCode(secret, new Date()),
  });
  if (!done.ok)
    throw new Error(
      `set-up of ${email} could not finish: ${done.status} ${await done.text()}`
    );
  return {
    email,
    password,
    totpSecret: secret,
    cookie: cookieFrom(done),
    view: staffSessionSchema.parse(await done.json()),
  };
}

/** Where this stack's first owner's session is kept between test files (the master key adds the first owner only once). */
function ownerFile(): string {
  return path.join(
    os.tmpdir(),
    `e2e-staff-owner-${createHash("sha256")
      .update(baseUrl())
      .digest("hex")
      .slice(0, 16)}.json`
  );
}

/** The stack's first owner, added once with the master key (the break-glass's one way to make an account). */
async function owner(): Promise<StaffMemberSession> {
  const file = ownerFile();
  if (fs.existsSync(file))
    return JSON.parse(fs.readFileSync(file, "utf8")) as StaffMemberSession;
  const email = "owner@e2e.example.org";
  const res = await post(
    routes.addStaff.path,
    { email, name: "Olive Owner", role: "owner" },
    { [ADMIN_KEY_HEADER]: masterKey() }
  );
  if (res.status !== 201)
    throw new Error(
      `the first owner could not be added: ${res.status} ${await res.text()}`
    );
  const session = await setUp(
    email,
    addStaffResponseSchema.parse(await res.json()).setupCode
  );
  fs.writeFileSync(file, JSON.stringify(session), { mode: 0o600 });
  return session;
}

/**
 * A new person of the study team with this role, added by the stack's owner and set up through the
 * set-up calls: a fresh account each time, so no two sign-ins share an authenticator code.
 */
export async function staffMember(
  role: StaffRoleName,
  name = `E2E ${role} ${randomBytes(3).toString("hex")}`
): Promise<StaffMemberSession> {
  let by = await owner();
  const email = `${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ".")}@e2e.example.org`;
  const add = (as: StaffMemberSession) =>
    post(
      routes.addStaff.path,
      { email, name, role },
      {
        cookie: `${STAFF_SESSION_COOKIE}=${as.cookie}`,
        [STAFF_CSRF_HEADER]: as.view.csrfToken,
      }
    );
  let res = await add(by);
  if (res.status === 401) {
    // The owner's session ended (30 minutes unused): sign in again with this time step's code.
    by = await signInByCalls(by);
    fs.writeFileSync(ownerFile(), JSON.stringify(by), { mode: 0o600 });
    res = await add(by);
  }
  if (res.status !== 201)
    throw new Error(
      `${name} could not be added: ${res.status} ${await res.text()}`
    );
  return setUp(email, addStaffResponseSchema.parse(await res.json()).setupCode);
}

/** Signs a person in through the sign-in call, with the code their app shows now. */
async function signInByCalls(
  member: StaffMemberSession
): Promise<StaffMemberSession> {
  const res = await post(routes.staffSignIn.path, {
    email: member.email,
    password: member.password,
    code: totpCode(member.totpSecret, new Date()),
  });
  if (!res.ok)
    throw new Error(
      `${member.email} could not sign in again: ${
        res.status
      } ${await res.text()}`
    );
  return {
    ...member,
    cookie: cookieFrom(res),
    view: staffSessionSchema.parse(await res.json()),
  };
}

/** Gives a browser context a person's session, as signing in on the page would (at `origin`, the stack's by default). */
export async function withStaffSession(
  context: BrowserContext,
  member: StaffMemberSession,
  origin = baseUrl()
): Promise<void> {
  // The server's own path, so the server's sign-out and sign-in replace this cookie rather than add a second one.
  await context.addCookies([
    {
      name: STAFF_SESSION_COOKIE,
      value: member.cookie,
      domain: new URL(origin).hostname,
      path: STAFF_COOKIE_PATH,
      httpOnly: true,
      sameSite: "Strict",
    },
  ]);
}

/** The stack's address by host name: where passkeys work (browsers take no IP address as a passkey's relying party). */
export function passkeyBaseUrl(): string {
  const url = new URL(baseUrl());
  url.hostname = "localhost";
  return url.origin;
}

/** The code the person's authenticator app shows a time step from now (a step not used by the set-up's). */
export function nextTotpCode(member: StaffMemberSession): string {
  return totpCode(member.totpSecret, new Date(Date.now() + 30_000));
}
