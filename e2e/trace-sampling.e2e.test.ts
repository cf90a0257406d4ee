/**
 * @slices shell gateway mf-admin svc-participants svc-scoring svc-reports standins/open-humans standins/typefinder
 */
// The browser's sampling rates as they reach the gateway (product.md section 9: errors always,
// performance traces at 0.05): on the study team's pages, with participants seeded through the
// study's API, a thousand navigations between the pages (each a Sentry navigation span with a
// sampling decision of its own) send transactions at a rate consistent with 0.05, and every one of
// twenty thrown errors is reported, and logged, exactly once. The figures go to
// .test-artifacts/trace-sampling.json and the test's output.
import fs from 'node:fs';
import path from 'node:path';
import type { Page, Request } from 'playwright-core';
import { routes } from '@study/contracts';
import { ERROR_SAMPLE_RATE, TRACES_SAMPLE_RATE } from '@study/error-reporting';
import { parseEnvelope } from '@study/error-reporting/envelope';
import { ParticipantClient } from '@study/participant-client';
import { seedParticipant } from '../scripts/lib/seed-participant';
import { seedParticipants } from '../scripts/lib/seed-plan';
import { baseUrl, browserPerFile } from './support/browser';
import { staffMember, withStaffSession } from './support/staff';
import { gatewayErrorReportLines } from './support/gateway-log';

jest.setTimeout(120_000);

const NAVIGATIONS = 1_000;
const ERRORS = 20;
const REPORTS_PATH = routes.reportErrors.path;
// The study team's pages in AdminNav's order: every click goes to another page than the one shown.
const ADMIN_ROUTES = ['/mbti-load', '/enrollment', '/ready-csv', '/consent-versions', '/audit-trail', '/reminders', '/analysis-export'] as const;
const ARTIFACT = path.resolve(__dirname, '..', '.test-artifacts', 'trace-sampling.json');

/**
 * The smallest and largest counts of successes in n independent trials of probability p that a
 * run accepts, each tail left out holding at most `tail` of the probability: the exact binomial
 * P(X = k) = C(n, k) p^k (1 - p)^(n - k), worked out from P(X = 0) = (1 - p)^n by
 * P(X = k + 1) = P(X = k) (n - k) / (k + 1) p / (1 - p), and summed from each end while the sum
 * stays within `tail`. With tail = 5e-7 on each side a correct SDK fails the test with probability
 * below 1e-6. For n = 1000, p = 0.05 (mean 50, sd 6.9): 20..87 transactions, P(X < 20) = 2.9e-7,
 * P(X > 87) = 3.5e-7. What the bounds catch: every trace kept or none (a rate of 1 or 0, or one
 * decision for the whole tab), and a rate of 0.1 nine times in ten.
 */
function binomialBounds(n: number, p: number, tail: number): { low: number; high: number } {
  const pmf = [(1 - p) ** n];
  for (let k = 0; k < n; k += 1) pmf.push(((pmf[k] as number) * (n - k) * p) / ((k + 1) * (1 - p)));
  let low = 0;
  for (let below = 0; below + (pmf[low] as number) <= tail; low += 1) below += pmf[low] as number;
  let high = n;
  for (let above = 0; above + (pmf[high] as number) <= tail; high -= 1) above += pmf[high] as number;
  return { low, high };
}

/** What the page sent to POST /api/error-reports, read as the gateway reads it, and the gateway's answer once it came. */
function recordReports(page: Page) {
  const sent: { request: Request; items: { type: string; op?: unknown; redirects: number }[]; status?: number }[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'POST' || new URL(request.url()).pathname !== REPORTS_PATH) return;
    const envelope = parseEnvelope(request.postDataBuffer() ?? Buffer.alloc(0));
    const items = envelope.items.map((item) => ({
      type: item.type,
      op: (item.payload?.contexts as { trace?: { op?: unknown } } | undefined)?.trace?.op,
      // A navigation the SDK takes for a redirect is a child span of the trace before, not a trace of its own.
      redirects: ((item.payload?.spans ?? []) as { op?: unknown }[]).filter((span) => span.op === 'navigation.redirect').length,
    }));
    const entry: (typeof sent)[number] = { request, items };
    sent.push(entry);
    void request.response().then((response) => {
      entry.status = response?.status() ?? 0;
    });
  });
  const taken = () => sent.filter((entry) => entry.status === 200).flatMap((entry) => entry.items);
  return {
    sent,
    pending: () => sent.filter((entry) => entry.status === undefined).length,
    redirects: () => taken().reduce((sum, item) => sum + item.redirects, 0),
    /** How many transactions the gateway took, by their root span's op (pageload, navigation). */
    transactionsByOp: (): Record<string, number> => {
      const counts: Record<string, number> = {};
      for (const item of taken()) if (item.type === 'transaction') counts[String(item.op)] = (counts[String(item.op)] ?? 0) + 1;
      return counts;
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const { newPage } = browserPerFile('trace-sampling');

let seeded: string[];
let seedSeconds: number;
beforeAll(async () => {
  // The seed tool's plan and steps, through the study's API: with four participants one after
  // TypeFinder, one done with Nardi, a finished one and a withdrawn one, so the pages have rows.
  const client = new ParticipantClient({ baseUrl: baseUrl(), typeFinderWidgetUrl: process.env.E2E_TYPEFINDER_WIDGET_URL, retry: { kind: 'busy' }, resultWaitMs: 20_000 });
  const started = Date.now();
  seeded = await Promise.all(seedParticipants(4).map((participant) => seedParticipant(client, participant)));
  seedSeconds = (Date.now() - started) / 1000;
});

test(`${NAVIGATIONS} navigations between the study team's pages send transactions at ${TRACES_SAMPLE_RATE}; each of ${ERRORS} thrown errors is reported once`, async () => {
  const started = Date.now();
  const page = await newPage();
  await withStaffSession(page.context(), await staffMember('owner'));
  const reports = recordReports(page);
  // A page load of the enrollment page, which shows the seeded participants at once to a signed-in owner.
  await page.goto('/enrollment');
  await page.getByText(/participants enrolled/).waitFor();
  // The tracing code is fetched after the page starts (error-reporting's tracing.ts); a navigation
  // before it runs would start no span. It is running once the SDK has wrapped history.pushState.
  await page.waitForFunction(() => '__sentry_original__' in window.history.pushState);

  // Clicks on AdminNav's links inside the page: each a real client-side navigation (React Router's
  // pushState), preceded by a click so the SDK takes it for a navigation, not a redirect.
  const navigating = Date.now();
  const navigations = await page.evaluate(
    async ({ pages, count }) => {
      // A task later: React renders in tasks of its own, not in animation frames.
      const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
      const shows = (to: string) => document.querySelector(`nav[aria-label="Study team tools"] a[href="${to}"][aria-current="page"]`) !== null;
      let moved = 0;
      const from = pages.indexOf(location.pathname);
      for (let i = 1; i <= count; i += 1) {
        const to = pages[(from + i) % pages.length] as string;
        const link = document.querySelector<HTMLAnchorElement>(`nav[aria-label="Study team tools"] a[href="${to}"]`);
        if (!link) throw new Error(`no link to ${to} on ${location.pathname}`);
        link.click();
        if (location.pathname !== to) throw new Error(`the click on ${to} left the page at ${location.pathname}`);
        moved += 1;
        // The next click once the page shows the route it went to.
        for (let tasks = 0; !shows(to); tasks += 1) {
          if (tasks > 10_000) throw new Error(`${to} was not shown`);
          await nextTask();
        }
      }
      return moved;
    },
    { pages: ADMIN_ROUTES as readonly string[], count: NAVIGATIONS },
  );
  const navigated = Date.now();

  // Errors as the page meets them: thrown from a timer, uncaught; each message its own (the SDK drops a repeat of the last one).
  const marker = `trace-sampling-${process.pid}-${Date.now().toString(36)}`;
  await page.evaluate(
    ({ count, tag }) => {
      for (let i = 0; i < count; i += 1)
        setTimeout(() => {
          throw new Error(`${tag} error ${i}`);
        }, i * 10);
    },
    { count: ERRORS, tag: marker },
  );
  const ours = () => gatewayErrorReportLines().filter((line) => line.errorReport?.message?.includes(marker));
  for (let waited = 0; ours().length < ERRORS && waited < 15_000; waited += 250) await sleep(250);
  // The last navigation's span ends a second after its page went quiet (the SDK's idle timeout);
  // anything sent twice would have arrived by then too.
  await sleep(2_500);
  for (let waited = 0; reports.pending() > 0 && waited < 10_000; waited += 100) await sleep(100);

  const byOp = reports.transactionsByOp();
  const transactions = byOp.navigation ?? 0;
  const { low, high } = binomialBounds(navigations, TRACES_SAMPLE_RATE, 5e-7);
  const perError = Array.from({ length: ERRORS }, (_, i) => ours().filter((line) => line.errorReport?.message?.endsWith(`${marker} error ${i}`)).length);
  const figures = {
    seededParticipants: seeded.length,
    seedSeconds,
    navigations,
    navigationTransactions: transactions,
    traceRate: transactions / navigations,
    expectedTraceRate: TRACES_SAMPLE_RATE,
    acceptedTransactions: { low, high },
    // The page load's own trace is one more decision at the same rate, not one of the navigations.
    transactionsByOp: byOp,
    redirectSpans: reports.redirects(),
    errorsThrown: ERRORS,
    errorsReportedOnce: perError.filter((times) => times === 1).length,
    errorRate: perError.filter((times) => times > 0).length / ERRORS,
    expectedErrorRate: ERROR_SAMPLE_RATE,
    envelopes: reports.sent.length,
    envelopesRefused: reports.sent.filter((entry) => entry.status !== 200).length,
    navigationSeconds: (navigated - navigating) / 1000,
    testSeconds: (Date.now() - started) / 1000,
  };
  fs.mkdirSync(path.dirname(ARTIFACT), { recursive: true });
  fs.writeFileSync(ARTIFACT, `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`trace sampling: ${JSON.stringify(figures)}`);

  expect(navigations).toBe(NAVIGATIONS);
  // Every envelope reached the gateway and was taken: none refused by a rate limit (the test stack's are raised) or a size limit.
  expect(figures.envelopesRefused).toBe(0);
  // Every trace is a page load's or a navigation's, and no navigation was folded into another as a redirect.
  expect(Object.keys(byOp).filter((op) => op !== 'navigation' && op !== 'pageload')).toEqual([]);
  expect(figures.redirectSpans).toBe(0);
  expect(transactions).toBeGreaterThanOrEqual(low);
  expect(transactions).toBeLessThanOrEqual(high);
  expect(perError).toEqual(Array.from({ length: ERRORS }, () => 1));
  await page.context().close();
});
