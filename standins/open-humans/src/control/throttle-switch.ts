import express, { Router } from 'express';
import { z } from 'zod';

export const THROTTLE_PATH = '/_standin/throttle';

const throttleBody = z.object({
  /** How long the project API answers 429 from now; 0 ends it. */
  seconds: z.number().int().min(0).max(86_400),
  /** At most this many calls are throttled (default: every call until the time is up). */
  count: z.number().int().min(1).max(100_000).optional(),
});

/**
 * A test control: for a while, every authenticated project API call answers as DRF does when a
 * throttle refuses it (429, `Expected available in N seconds.`, Retry-After). The platform sets no
 * DRF throttle classes, so this is only for testing how the study copes should it ever happen.
 */
export class ThrottleSwitch {
  private until: number | null = null;
  private remaining: number | null = null;
  private throttled = 0;

  constructor(private readonly now: () => number) {}

  set(seconds: number, count?: number): void {
    this.until = seconds > 0 ? this.now() + seconds * 1000 : null;
    this.remaining = seconds > 0 ? (count ?? null) : null;
  }

  /** Seconds the caller should wait when this call is throttled (DRF rounds up), else undefined. Counts the call. */
  take(): number | undefined {
    if (this.until === null) return undefined;
    const left = this.until - this.now();
    if (left <= 0 || this.remaining === 0) {
      this.until = null;
      this.remaining = null;
      return undefined;
    }
    if (this.remaining !== null) this.remaining -= 1;
    this.throttled += 1;
    return Math.ceil(left / 1000);
  }

  view(): { active: boolean; until: string | null; remaining_calls: number | null; throttled: number } {
    const active = this.until !== null && this.until > this.now() && this.remaining !== 0;
    return { active, until: active ? new Date(this.until!).toISOString() : null, remaining_calls: active ? this.remaining : null, throttled: this.throttled };
  }

  /** GET/POST /_standin/throttle. */
  routes(): Router {
    const router = Router();
    router.get(THROTTLE_PATH, (_req, res) => {
      res.json(this.view());
    });
    router.post(THROTTLE_PATH, express.json(), (req, res) => {
      const parsed = throttleBody.safeParse(req.body ?? {});
      if (!parsed.success) {
        res.status(400).json({ error: 'Invalid request body.', issues: parsed.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`) });
        return;
      }
      this.set(parsed.data.seconds, parsed.data.count);
      res.json(this.view());
    });
    return router;
  }
}

/** DRF's Throttled exception as its exception handler answers it. */
export function throttledBody(wait: number): { detail: string } {
  return { detail: `Request was throttled. Expected available in ${wait} second${wait === 1 ? '' : 's'}.` };
}
