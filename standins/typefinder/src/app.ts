import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { StandinConfig } from './config';
import { notSentPage, sentPage, widgetPage, type WidgetForm } from './pages';
import { QUIZ, scoreQuiz } from './quiz';
import { sendResult } from './webhook';

export interface TypeFinderStandin {
  app: express.Express;
  start(): Promise<{ url: string }>;
  stop(): Promise<void>;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * No scripts, inline styles only, forms post only to this stand-in, and only the study's
 * origin(s) may frame the widget (frame-ancestors; X-Frame-Options would forbid any framing).
 */
export function contentSecurityPolicy(config: StandinConfig): string {
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    "form-action 'self'",
    `frame-ancestors ${config.frameAncestors.join(' ')}`,
    "base-uri 'none'",
  ].join('; ');
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function formFrom(source: Record<string, unknown>): WidgetForm {
  const answers: WidgetForm['answers'] = {};
  for (const question of QUIZ) {
    const value = text(source[question.name]);
    if (value) answers[question.name] = value;
  }
  return { email: text(source.email).trim().slice(0, 254), answers };
}

export type LogLevel = 'info' | 'warn' | 'error';
export type StandinLog = (level: LogLevel, msg: string, extra?: Record<string, unknown>) => void;

/** One JSON line per event on stdout (info) or stderr. */
export const jsonLog: StandinLog = (level, msg, extra = {}) => {
  const line = JSON.stringify({ level, time: new Date().toISOString(), service: 'standin-typefinder', msg, ...extra });
  if (level === 'info') console.log(line);
  else console.error(line);
};

export interface StandinOptions {
  /** Where log lines go; JSON lines on the console by default. */
  log?: StandinLog;
}

/** The TypeFinder stand-in: the embeddable widget, which sends each result to the study's webhook. */
export function createTypeFinderStandin(config: StandinConfig, options: StandinOptions = {}): TypeFinderStandin {
  const log = options.log ?? jsonLog;
  const csp = contentSecurityPolicy(config);
  const action = `${config.publicUrl ?? ''}/widget`;
  const app = express();
  app.disable('x-powered-by');
  app.use((_req, res, next) => {
    res.set({ 'Content-Security-Policy': csp, 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'no-store' });
    next();
  });

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', service: 'standin-typefinder' });
  });
  app.get('/', (_req, res) => {
    res.redirect(302, '/widget');
  });

  /** GET /widget?email=...: the quiz, with the study email filled in when given. */
  app.get('/widget', (req, res) => {
    res.type('html').send(widgetPage({ action, form: formFrom({ email: req.query.email }) }));
  });

  /** POST /widget: scores the answers and sends {email, typeCode} to the study, signed. */
  app.post('/widget', express.urlencoded({ extended: false, limit: '10kb' }), async (req, res) => {
    const form = formFrom((req.body ?? {}) as Record<string, unknown>);
    const score = scoreQuiz(form.answers);
    const emailError = EMAIL.test(form.email) ? undefined : 'Enter your Study ID email address, e.g. your-study-id@study.example.org.';
    if (emailError || 'unanswered' in score) {
      const unanswered = 'unanswered' in score ? score.unanswered : [];
      res.status(400).type('html').send(widgetPage({ action, form, errors: { email: emailError, unanswered } }));
      return;
    }
    const outcome = await sendResult(config.studyWebhookUrl, { email: form.email, typeCode: score.typeCode }, config.webhookSecret);
    if (!outcome.delivered) {
      log('warn', 'the study webhook could not be reached', { url: config.studyWebhookUrl, error: outcome.error });
      res.status(502).type('html').send(notSentPage('The study could not be reached.'));
      return;
    }
    if (outcome.status < 200 || outcome.status >= 300) {
      log('warn', 'the study webhook refused the result', { url: config.studyWebhookUrl, status: outcome.status, body: outcome.body });
      res.status(502).type('html').send(notSentPage(`The study did not accept the results (status ${outcome.status}).`));
      return;
    }
    log('info', 'result sent', { typeCode: score.typeCode });
    res.type('html').send(sentPage(score.typeCode));
  });

  app.use((_req, res) => {
    res.status(404).type('text').send('Not found.');
  });
  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const status = (err as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      res.status(status).type('text').send('The request could not be read.');
      return;
    }
    log('error', 'request failed', { err: String((err as Error)?.stack ?? err) });
    res.status(500).type('text').send('Something went wrong.');
  });

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
