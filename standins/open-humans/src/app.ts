import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { StandinConfig } from './config';
import { controlRoutes } from './control/control-routes';
import { FailureSwitch } from './control/failure-switch';
import { memberFilesRoutes } from './control/member-files-routes';
import { deleteRoute } from './members/delete-route';
import { messageControls } from './control/message-controls';
import { downloadRoute } from './members/download-route';
import { exchangeMemberRoute } from './members/exchange-member-route';
import { Members } from './members/members';
import { uploadRoute } from './members/upload-route';
import { messageRoute } from './messages/message-route';
import { ProjectMessages } from './messages/project-messages';
import { authorizeRoutes } from './oauth/authorize-routes';
import { Grants } from './oauth/grants';
import { tokenRoute } from './oauth/token-route';
import { projectMemberRoutes } from './project/remove-members-route';
import { StandinStore } from './state/store';

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

  const app = express();
  app.disable('x-powered-by');
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', service: 'standin-open-humans' });
  });
  const failures = new FailureSwitch();
  app.use(failures.middleware());
  app.use(authorizeRoutes(config, members, grants));
  app.use(tokenRoute(config, grants));
  app.use(exchangeMemberRoute(config, grants, members));
  app.use(uploadRoute(grants, members));
  app.use(deleteRoute(grants, members));
  app.use(projectMemberRoutes(config.masterAccessToken, grants, members));
  app.use(downloadRoute(members));
  app.use(messageRoute(config.masterAccessToken, members, messages, (token) => grants.authenticate(token)?.member.projectMemberId));
  app.use(messageControls(members, messages));
  app.use(controlRoutes(config, members, grants, now));
  app.use(memberFilesRoutes(config, members));
  app.use(failures.routes());
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
