// Page weight and paint speed in a real Chromium: for each page, on a cold cache, the JavaScript
// it downloads (bytes on the wire and decoded) and its largest contentful paint with the CPU
// slowed down. Used by `npm run bench`; also runs on its own:
//
//   node scripts/run.mjs scripts/bench/pages.ts                      starts the whole system on free ports
//   node scripts/run.mjs scripts/bench/pages.ts --frontend-root DIR  the same, serving the frontends built in DIR/<app>/dist
//   node scripts/run.mjs scripts/bench/pages.ts --base-url URL       measures a running system (needs the stand-ins for participant pages)
//   node scripts/run.mjs scripts/bench/pages.ts --compare A,B       one system, the frontends built in A, then in B
//   options: --cpu 4 (slowdown; 1 = none)  --runs 3 (median of)  --compress (see below)  --json
//
// `compress` puts a small proxy in front of the system that answers text files brotli- or
// gzip-compressed (what the browser accepts; brotli at the highest quality, as the build
// precompresses; compressing-proxy.ts), for measuring the size as served before the gateway does this itself.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { answerNardi, join, takeTypeFinder } from '@study/participant-client';
import type { Browser, BrowserContext } from 'playwright-core';
import { root } from '../lib/repo-root';
import { removeBrokerObjects as removeStackBrokerObjects } from './broker-objects';
import { startCompressingProxy } from './compressing-proxy';
import { DEFAULT_PAGES, formatFigures, lcpMarkOf, NetworkTally, parsePagesArgs, summarisePage, type PageFigures, type PageLoad, type PageSpec, type Viewer } from './page-figures';
import { participantClient, sessionCookieOf } from './participant-sessions';

export { DEFAULT_PAGES, formatFigures, startCompressingProxy, type PageFigures, type PageSpec };

// ---- participants, made the way the outside parties would (as the browser tests do) ----

/**
 * A participant made through @study/participant-client: consented through the Open Humans
 * stand-in, TypeFinder taken; with `nardi`, the Nardi survey too.
 */
async function makeParticipant(baseUrl: string, typeFinderWidgetUrl: string, { nardi }: { nardi: boolean }): Promise<{ pgId: string }> {
  const client = participantClient({ baseUrl, typeFinderWidgetUrl, retry: { kind: 'busy' }, resultWaitMs: 30_000 });
  const { pgId } = await join(client);
  await takeTypeFinder(client, pgId, 'INTJ');
  if (nardi) await answerNardi(client, pgId);
  return { pgId };
}

// ---- the browser ----

async function launch(chromiumPath: string | undefined): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: chromiumPath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'],
  });
}

const VIEWPORT = { width: 1280, height: 800 };

/** A browser's stored state (cookies, localStorage), as a new context takes it. */
type DeviceState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** The participant's device state (localStorage) after opening their dashboard once. */
async function deviceStateOf(browser: Browser, origin: string, pgId: string): Promise<DeviceState> {
  const context = await browser.newContext({ baseURL: origin, viewport: VIEWPORT });
  try {
    // The browser of a participant who consented: it holds their session.
    const cookie = sessionCookieOf(pgId);
    if (cookie) await context.addCookies([{ name: cookie.slice(0, cookie.indexOf('=')), value: cookie.slice(cookie.indexOf('=') + 1), url: origin, httpOnly: true, sameSite: 'Strict' }]);
    const page = await context.newPage();
    await page.goto(`/survey/${pgId}`);
    await page.getByRole('heading', { level: 1, name: 'Participant Dashboard' }).waitFor({ timeout: 60_000 });
    // The store writes to localStorage a moment after a change (debounced): wait for the study ID there.
    await page.waitForFunction((id) => Object.values<string>(window.localStorage).some((value) => value.includes(id)), pgId, { timeout: 30_000 });
    return await context.storageState();
  } finally {
    await context.close();
  }
}

const LCP_OBSERVER = `(() => {
  window.__bench = { lcp: null, element: '' };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const el = entry.element;
      window.__bench.lcp = entry.startTime;
      window.__bench.element = el ? (el.tagName + ' ' + (el.textContent || el.getAttribute('src') || '').trim().slice(0, 40)) : '';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
})();`;

interface LoadOptions {
  origin: string;
  pagePath: string;
  storageState: DeviceState | undefined;
  cpuSlowdown: number;
  /** Done once the network was quiet this long (and the page idle). */
  quietMs: number;
  timeoutMs: number;
}

/** One cold load of one page: a fresh browser context has an empty cache. */
async function loadOnce(browser: Browser, { origin, pagePath, storageState, cpuSlowdown, quietMs, timeoutMs }: LoadOptions): Promise<PageLoad> {
  const context = await browser.newContext({ baseURL: origin, viewport: VIEWPORT, ...(storageState ? { storageState } : {}) });
  try {
    const page = await context.newPage();
    await page.addInitScript(LCP_OBSERVER);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    const network = new NetworkTally();
    cdp.on('Network.requestWillBeSent', ({ requestId }) => network.requestWillBeSent(requestId));
    cdp.on('Network.responseReceived', ({ requestId, type, response }) => network.responseReceived(requestId, type, response.mimeType, response.encodedDataLength));
    cdp.on('Network.dataReceived', ({ requestId, dataLength }) => network.dataReceived(requestId, dataLength));
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => network.finished(requestId, encodedDataLength));
    cdp.on('Network.loadingFailed', ({ requestId }) => network.finished(requestId, 0));

    await page.goto(pagePath, { waitUntil: 'load', timeout: timeoutMs });
    // Done when the network has been quiet for a while and the page's main thread is idle with
    // nothing new requested meanwhile (remotes, their chunks and API answers arrive after 'load',
    // and a slowed-down CPU may still be running scripts when the network goes quiet).
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (Date.now() < deadline && !network.quietFor(quietMs)) await new Promise((r) => setTimeout(r, 100));
      const before = network.lastActivity;
      await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestAnimationFrame(() => setTimeout(resolve, 0)), { timeout: 10_000 })));
      if (Date.now() >= deadline || (network.lastActivity === before && network.inFlight <= 0)) break;
    }
    const { lcp, element } = lcpMarkOf(await page.evaluate('window.__bench'));
    return { lcpMs: lcp === null ? null : Math.round(lcp), lcpElement: element, ...network.totals() };
  } finally {
    await context.close();
  }
}

export interface MeasurePagesOptions {
  /** The system's origin (the gateway). */
  baseUrl: string;
  /** Default DEFAULT_PAGES. */
  pages?: readonly PageSpec[];
  /** CDP CPU throttling rate: 4 = a mid-range phone, 1 = none (default 4). */
  cpuSlowdown?: number;
  /** Cold loads per page; LCP is their median (default 3). */
  runs?: number;
  /** Measure through a proxy that compresses text files (default false). */
  compress?: boolean;
  /** The TypeFinder stand-in's widget, needed for participant pages. */
  typeFinderWidgetUrl?: string | undefined;
  /** Default $CHROMIUM_PATH or /usr/bin/chromium. */
  chromiumPath?: string | undefined;
  log?: (msg: string) => void;
}

/**
 * Loads each page on a cold cache in Chromium and reports its JavaScript weight and largest
 * contentful paint (median of `runs`). Participant pages get participants made through the
 * Open Humans and TypeFinder stand-ins.
 */
export async function measurePages({ baseUrl, pages = DEFAULT_PAGES, cpuSlowdown = 4, runs = 3, compress = false, typeFinderWidgetUrl, chromiumPath, log = () => {} }: MeasurePagesOptions): Promise<PageFigures[]> {
  const proxy = compress ? await startCompressingProxy(baseUrl) : null;
  const origin = proxy ? proxy.url : baseUrl;
  const browser = await launch(chromiumPath);
  try {
    const states: Partial<Record<Viewer, DeviceState>> = {};
    const needs = new Set(pages.map((p) => p.as ?? 'visitor'));
    if (needs.has('dueForNardi') || needs.has('nardiDone')) {
      if (!typeFinderWidgetUrl) throw new Error('measurePages needs typeFinderWidgetUrl to make participants');
      log('making participants through the stand-ins...');
      for (const kind of ['dueForNardi', 'nardiDone'] as const) {
        if (!needs.has(kind)) continue;
        const participant = await makeParticipant(baseUrl, typeFinderWidgetUrl, { nardi: kind === 'nardiDone' });
        states[kind] = await deviceStateOf(browser, origin, participant.pgId);
      }
    }
    // One unmeasured pass fills the proxy's compression cache and wakes every service up.
    for (const spec of pages) {
      await loadOnce(browser, { origin, pagePath: spec.path, storageState: states[spec.as ?? 'visitor'], cpuSlowdown: 1, quietMs: 500, timeoutMs: 60_000 });
    }
    const figures: PageFigures[] = [];
    for (const spec of pages) {
      const loads: PageLoad[] = [];
      for (let i = 0; i < runs; i++) {
        loads.push(await loadOnce(browser, { origin, pagePath: spec.path, storageState: states[spec.as ?? 'visitor'], cpuSlowdown, quietMs: 1500, timeoutMs: 60_000 }));
      }
      const page = summarisePage(spec.path, loads);
      figures.push(page);
      log(`${spec.path}: ${(page.jsBytesWire / 1024).toFixed(0)} KB JS on the wire, LCP ${page.lcpMs} ms`);
    }
    return figures;
  } finally {
    await browser.close();
    await proxy?.close();
  }
}

// ---- on its own: start the system (or use --base-url) and print the figures ----

const FRONTENDS = ['shell', 'mf-consent', 'mf-dashboard', 'mf-nardi', 'mf-admin'];

/** Points <linkRoot>/<app>/dist at <from>/<app>/dist for every frontend (the gateway reads files per request). */
function linkFrontends(linkRoot: string, from: string): void {
  for (const app of FRONTENDS) {
    const link = path.join(linkRoot, app, 'dist');
    fs.mkdirSync(path.dirname(link), { recursive: true });
    fs.rmSync(link, { recursive: true, force: true });
    fs.symlinkSync(path.join(from, app, 'dist'), link, 'dir');
  }
}

const firstLine = (err: unknown): string => (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '';

async function main(): Promise<void> {
  const say = (msg: string): void => console.error(`[bench:pages] ${msg}`);
  const args = parsePagesArgs(process.argv.slice(2));
  const { cpuSlowdown, runs, compress } = args;
  // --compare A,B: one system, the frontends built in A then those in B, side by side.
  const compare = args.compare?.map((dir) => path.resolve(dir));
  const { findChromium } = await import('../lib/chromium');
  const chromiumPath = findChromium();
  let baseUrl = args.baseUrl;
  let typeFinderWidgetUrl = args.typeFinderWidgetUrl ?? process.env.TYPEFINDER_WIDGET_URL;
  let stop = async (): Promise<void> => {};
  const runDir = path.join(root, '.test-artifacts', `bench-pages-${process.pid}`);
  const linkRoot = path.join(runDir, 'frontends');
  if (!baseUrl) {
    let frontendRoot = args.frontendRoot ? path.resolve(args.frontendRoot) : root;
    if (compare?.[0]) {
      linkFrontends(linkRoot, compare[0]);
      frontendRoot = linkRoot;
    } else if (!args.frontendRoot) await (await import('../build')).buildAll({ log: say });
    if (!process.env.MONGO_URL) (await import('../lib/ferretdb')).ensureFerretInstalled(say);
    const { startStack, ONE_ADDRESS_LIMITS } = await import('../lib/stack');
    const { freePort } = await import('../lib/local-services');
    const suffix = `benchpages_${process.pid}_${Date.now().toString(36)}`;
    const started = await startStack({
      root,
      port: await freePort(),
      freePorts: true,
      dataDir: path.join(runDir, 'ferretdb'),
      logDir: path.join(runDir, 'logs'),
      log: say,
      queuePrefix: `${suffix}.`,
      // A FerretDB of its own needs no unique database names; a shared MONGO_URL does.
      ...(process.env.MONGO_URL ? { dbPrefix: `${suffix}_` } : {}),
      frontendRoot,
      env: { EVENTS_EXCHANGE: `study.events.${suffix}`, LOG_LEVEL: 'info', ...ONE_ADDRESS_LIMITS },
      attempts: 3,
    }).catch(async (err: unknown) => {
      await removeBrokerObjects(`study.events.${suffix}`, `${suffix}.`).catch(() => {});
      throw err;
    });
    baseUrl = started.url;
    typeFinderWidgetUrl = started.typeFinder.widgetUrl;
    stop = async () => {
      await started.stop();
      await removeBrokerObjects(`study.events.${suffix}`, `${suffix}.`).catch((err: unknown) => say(`could not remove queues: ${firstLine(err)}`));
      fs.rmSync(path.join(runDir, 'ferretdb'), { recursive: true, force: true });
    };
  }
  try {
    for (const frontends of compare ?? [null]) {
      if (frontends) {
        linkFrontends(linkRoot, frontends);
        say(`frontends from ${path.relative(root, frontends) || '.'}`);
      }
      const figures = await measurePages({ baseUrl, cpuSlowdown, runs, compress, typeFinderWidgetUrl, chromiumPath, log: say });
      if (frontends) console.log(`\n${path.relative(root, frontends) || '.'}:`);
      console.log(args.json ? JSON.stringify(figures, null, 2) : formatFigures(figures, { cpuSlowdown, compress }));
    }
  } finally {
    await stop();
  }
}

/** The bench's stack's queues and exchanges, on the broker AMQP_URL names (default the local one). */
function removeBrokerObjects(exchange: string, queuePrefix: string): Promise<void> {
  return removeStackBrokerObjects(process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672', exchange, queuePrefix);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(`[bench:pages] ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      process.exit(1);
    },
  );
}
