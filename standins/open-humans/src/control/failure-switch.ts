import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import { DELETE_PATH } from '../members/delete-route';
import { UPLOAD_PATH } from '../members/upload-route';
import { REMOVE_MEMBERS_PATH } from '../project/remove-members-route';
import { CONTROL_PREFIX } from './control-routes';

/** Which platform calls a test can make fail. */
const TARGETS = {
  files: [UPLOAD_PATH, DELETE_PATH],
  upload: [UPLOAD_PATH],
  'remove-members': [REMOVE_MEMBERS_PATH],
} as const;
type Target = keyof typeof TARGETS;

const failBody = z.object({
  target: z.enum(Object.keys(TARGETS) as [Target, ...Target[]]),
  /** How many of the next calls fail (0 ends a failure set before). */
  count: z.number().int().min(0).max(1000),
  status: z.number().int().min(500).max(599).default(503),
});

/**
 * A test control: the next `count` calls to a platform endpoint answer a server error, as the
 * platform does when it is down or overloaded, so a test can see the study retry. Each failed
 * call is counted, so a test can tell that a retry happened.
 */
export class FailureSwitch {
  private readonly pending = new Map<Target, { remaining: number; status: number }>();
  private readonly failed = new Map<Target, number>();

  set(target: Target, count: number, status: number): void {
    if (count === 0) this.pending.delete(target);
    else this.pending.set(target, { remaining: count, status });
  }

  view(): Record<string, { remaining: number; status: number | null; failed: number }> {
    return Object.fromEntries(
      (Object.keys(TARGETS) as Target[]).map((t) => [t, { remaining: this.pending.get(t)?.remaining ?? 0, status: this.pending.get(t)?.status ?? null, failed: this.failed.get(t) ?? 0 }]),
    );
  }

  /** Answers the next calls of a failing target with its error; lets everything else through. */
  middleware() {
    return (req: Request, res: Response, next: NextFunction): void => {
      // Targets overlap ('upload' is part of 'files'): the first one set to fail for this path answers.
      const target =
        req.method === 'POST' ? (Object.keys(TARGETS) as Target[]).find((t) => (TARGETS[t] as readonly string[]).includes(req.path) && this.pending.has(t)) : undefined;
      const failing = target ? this.pending.get(target) : undefined;
      if (!target || !failing) return next();
      failing.remaining -= 1;
      if (failing.remaining <= 0) this.pending.delete(target);
      this.failed.set(target, (this.failed.get(target) ?? 0) + 1);
      // Drain the request first: a client cut off mid-upload sees a reset, not the answer.
      req.resume();
      req.once('end', () => res.status(failing.status).json({ detail: 'A server error occurred.' }));
    };
  }

  /** GET/POST /_standin/failures. */
  routes(): Router {
    const router = Router();
    router.get(`${CONTROL_PREFIX}/failures`, (_req, res) => {
      res.json(this.view());
    });
    router.post(`${CONTROL_PREFIX}/failures`, express.json(), (req, res) => {
      const parsed = failBody.safeParse(req.body ?? {});
      if (!parsed.success) {
        res.status(400).json({ error: 'Invalid request body.', issues: parsed.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`) });
        return;
      }
      this.set(parsed.data.target, parsed.data.count, parsed.data.status);
      res.json(this.view());
    });
    return router;
  }
}
