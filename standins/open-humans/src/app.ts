import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import { appendSlash } from './append-slash';
import type { StandinConfig } from './config';
import { controlRoutes } from './control/control-routes';
import { FailureSwitch } from './control/failure-switch';
import { memberFilesRoutes } from './control/member-files-routes';
import { platformControls } from './control/platform-controls';
import { ThrottleSwitch } from './control/throttle-switch';
import { DELETE_PATH, deleteRoute } from './members/delete-route';
import { messageControls } from './control/message-controls';
import { downloadRoute } from './members/download-route';
import { EXCHANGE_MEMBER_PATH, exchangeMemberRoute } from './members/exchange-member-route';
import { ProjectLeaving } from './members/leave-project';
import { Members } from './members/members';
import { UPLOAD_PATH, uploadRoute } from './members/upload-route';
import { MESSAGE_PATH, messageRoute } from './messages/message-route';
import { ProjectMessages } from './messages/project-messages';
import { authorizeRoutes } from './oauth/authorize-routes';
import { Grants } from './oauth/grants';
import { TOKEN_PATH, tokenRoute } from './oauth/token-route';
import { AUTHORIZE_PATH } from './pages/authorize-page';
import type { ProjectApiDeps } from './project/api-auth';
import { MasterToken } from './project/master-token';
import { PROJECT_MEMBERS_PATH, projectMemberRoutes, REMOVE_MEMBERS_PATH } from './project/remove-members-route';
import { StandinStore } from './state/store';
import { WebhookLog } from './webhooks/deauth-webhook';

/** The platform's own paths (not the test controls), each with its trailing slash. */
const PLATFORM_PATHS = [AUTHORIZE_PATH, TOKEN_PATH, EXCHANGE_MEMBER_PATH, UPLOAD_PATH, DELETE_PATH, MESSAGE_PATH, REMOVE_MEMBERS_PATH, PROJECT_MEMBERS_PATH];

export interface StandinOptions {
  /** Clock in epoch milliseconds; tests move it to expire codes and tokens. */
  now?: () => number;
}

export interface OpenHumansStandin {
  app: express.Express;
  start(): Promise<{ url: string }>;
  stop(): Promise<void>;
}

function errorHandler(err: unknown, _req: Request, res: Response, _next: NextFunction): void {
  const status = (err as { status?: unknown }).status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // Body-parser errors: malformed JSON or form, too large a body.
    res.status(status).json({ detail: (err as Error).message });
    return;
  }
  console.error(JSON.stringify({ level: 'error', service: 'standin-open-humans', msg: 'request failed', err: String((err as Error)?.stack ?? err) }));
  res.status(500).json({ detail: 'A server error occurred.' });
}

/** The Open Humans stand-in: the platform's OAuth2 and project API, plus test controls under /_standin. */
export function createOpenHumansStandin(config: StandinConfig, options: StandinOptions = {}): OpenHumansStandin {
  const now = options.now ?? Date.now;
  const store = new StandinStore(config.stateFile, now);
  const grants = new Grants(store, config.tokenTtlSeconds, now);
  const members = new Members(store, config.projectIdLabel, now);
  const messages = new ProjectMessages(config.projectName, now);
  const masterToken = new MasterToken(config.masterAccessToken, config.masterTokenTtlSeconds, now);
  const throttle = new ThrottleSwitch(now);
  const api: ProjectApiDeps = { grants, masterToken, throttle };
  const webhooks = new WebhookLog();
  const leaving = new ProjectLeaving(config, grants, members, webhooks, { timestampBug: config.deauthTimestampBug }, now);

  const app = express();
  app.disable('x-powered-by');
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', service: 'standin-open-humans' });
  });
  app.use(appendSlash(PLATFORM_PATHS));
  const failures = new FailureSwitch();
  app.use(failures.middleware());
  app.use(authorizeRoutes(config, members, grants));
  app.use(tokenRoute(config, grants));
  app.use(exchangeMemberRoute(config, api, members));
  app.use(uploadRoute(api, members, config.uploadMaxBytes));
  app.use(deleteRoute(api, members));
  app.use(projectMemberRoutes(config, api, members, leaving));
  app.use(downloadRoute(members));
  app.use(messageRoute(api, members, messages));
  app.use(messageControls(members, messages));
  app.use(controlRoutes(config, members, grants, leaving));
  app.use(memberFilesRoutes(config, members));
  app.use(platformControls(masterToken, webhooks, leaving.settings));
  app.use(failures.routes());
  app.use(throttle.routes());
  app.use((_req, res) => {
    res.status(404).json({ detail: 'Not found.' });
  });
  app.use(errorHandler);

  let server: Server | undefined;

  return {
    app,
    start: () =>
      new Promise((resolve, reject) => {
        const s = app.listen(config.port, config.host);
        s.once('error', reject);
        s.once('listening', () => {
          server = s;
          const { address, port } = s.address() as AddressInfo;
          const host = address.includes(':') ? `[${address}]` : address;
          resolve({ url: `http://${host}:${port}` });
        });
      }),
    stop: () =>
      new Promise((resolve, reject) => {
        if (!server) return resolve();
        const s = server;
        server = undefined;
        s.close((err) => (err ? reject(err) : resolve()));
        s.closeAllConnections();
      }),
  };
}
