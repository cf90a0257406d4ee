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
// precompresses), for measuring the size as served before the gateway does this itself.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { participantClient, participantClientModule, sessionCookieOf } from './participant-sessions';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The pages the study is judged by. `as` names who is looking: a visitor with nothing stored, a
 * participant whose next survey is the Nardi survey (TypeFinder done), or one who finished it.
 * @typedef {{ path: string, as?: 'visitor' | 'dueForNardi' | 'nardiDone' }} PageSpec
 * @type {PageSpec[]}
 */
export const DEFAULT_PAGES = [
  { path: '/' },
  { path: '/consent' },
  { path: '/how-it-works' },
  { path: '/survey', as: 'dueForNardi' },
  { path: '/nardi', as: 'dueForNardi' },
  { path: '/nardi-report', as: 'nardiDone' },
  { path: '/mbti-load' },
];

/**
 * @typedef {object} PageFigures
 * @property {string} path
 * @property {number} jsBytesWire JavaScript response bodies as transferred (compressed when served so), bytes
 * @property {number} jsBytesRaw the same bodies decoded, bytes
 * @property {number} jsFiles how many JavaScript files the page loaded
 * @property {number} allBytesWire every response body as transferred (HTML, JSON, API answers too)
 * @property {number|null} lcpMs largest contentful paint after navigation start (null: none reported)
 * @property {string} lcpElement what the largest contentful paint was, e.g. "H1 Reveal Yourself!"
 * @property {number[]} lcpRunsMs each run's figure (the reported one is their median)
 */

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? null : sorted[Math.floor((sorted.length - 1) / 2)];
};

const TEXT_TYPES = /^(text\/|application\/(javascript|json|manifest\+json|xml)|image\/svg\+xml)/;

/**
 * A proxy that compresses text answers the way a server with precompressed files would.
 * Compressed bodies are kept (by content hash), so only the first request of a file pays for it.
 * @param {string} target origin to forward to
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function startCompressingProxy(target) {
  const cache = new Map();
  const upstream = new URL(target);
  const server = http.createServer((req, res) => {
    const headers = { ...req.headers, host: upstream.host, 'accept-encoding': 'identity' };
    const out = http.request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers }, (up) => {
      const type = String(up.headers['content-type'] ?? '');
      const accepts = String(req.headers['accept-encoding'] ?? '');
      const encoding = accepts.includes('br') ? 'br' : accepts.includes('gzip') ? 'gzip' : null;
      if (!encoding || !TEXT_TYPES.test(type) || up.headers['content-encoding'] || (up.statusCode ?? 0) >= 300) {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
        return;
      }
      const chunks = [];
      up.on('data', (c) => chunks.push(c));
      up.on('end', () => {
        const body = Buffer.concat(chunks);
        const key = `${encoding}:${createHash('sha1').update(body).digest('hex')}`;
        let packed = cache.get(key);
        if (!packed) {
          packed =
            encoding === 'br'
              ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
              : zlib.gzipSync(body, { level: 9 });
          cache.set(key, packed);
        }
        const h = { ...up.headers, 'content-encoding': encoding, 'content-length': String(packed.length), vary: 'Accept-Encoding' };
        delete h['transfer-encoding'];
        res.writeHead(up.statusCode ?? 200, h);
        res.end(packed);
      });
    });
    out.on('error', (err) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(String(err.message));
    });
    req.pipe(out);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

// ---- participants, made the way the outside parties would (as the browser tests do) ----

/**
 * A participant made through @study/participant-client: consented through the Open Humans
 * stand-in, TypeFinder taken; with `nardi`, the Nardi survey too.
 */
async function makeParticipant(baseUrl, typeFinderWidgetUrl, { nardi }) {
  const pc = await participantClientModule();
  const client = await participantClient({ baseUrl, typeFinderWidgetUrl, retry: { kind: 'busy' }, resultWaitMs: 30_000 });
  const { pgId } = await pc.join(client);
  await pc.takeTypeFinder(client, pgId, 'INTJ');
  if (nardi) await pc.answerNardi(client, pgId);
  return { pgId };
}

// ---- the browser ----

async function launch(chromiumPath) {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: chromiumPath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'],
  });
}

const VIEWPORT = { width: 1280, height: 800 };

/** The participant's device state (localStorage) after opening their dashboard once. */
async function deviceStateOf(browser, origin, pgId) {
  const context = await browser.newContext({ baseURL: origin, viewport: VIEWPORT });
  try {
    // The browser of a participant who consented: it holds their session.
    const cookie = sessionCookieOf(pgId);
    if (cookie) await context.addCookies([{ name: cookie.slice(0, cookie.indexOf('=')), value: cookie.slice(cookie.indexOf('=') + 1), url: origin, httpOnly: true, sameSite: 'Strict' }]);
    const page = await context.newPage();
    await page.goto(`/survey/${pgId}`);
    await page.getByRole('heading', { level: 1, name: 'Participant Dashboard' }).waitFor({ timeout: 60_000 });
    // The store writes to localStorage a moment after a change (debounced): wait for the study ID there.
    await page.waitForFunction((id) => Object.values(window.localStorage).some((value) => value.includes(id)), pgId, { timeout: 30_000 });
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

/** One cold load of one page: a fresh browser context has an empty cache. */
async function loadOnce(browser, { origin, pagePath, storageState, cpuSlowdown, quietMs, timeoutMs }) {
  const context = await browser.newContext({ baseURL: origin, viewport: VIEWPORT, ...(storageState ? { storageState } : {}) });
  try {
    const page = await context.newPage();
    await page.addInitScript(LCP_OBSERVER);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    const requests = new Map();
    let inFlight = 0;
    let lastActivity = Date.now();
    cdp.on('Network.requestWillBeSent', ({ requestId }) => {
      if (!requests.has(requestId)) inFlight += 1;
      requests.set(requestId, requests.get(requestId) ?? { type: '', headerBytes: 0, wire: 0, raw: 0, done: false });
      lastActivity = Date.now();
    });
    cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
      const r = requests.get(requestId);
      if (!r) return;
      r.type = type === 'Script' || /javascript/.test(response.mimeType) ? 'js' : type;
      r.headerBytes = response.encodedDataLength ?? 0;
    });
    cdp.on('Network.dataReceived', ({ requestId, dataLength }) => {
      const r = requests.get(requestId);
      if (r) r.raw += dataLength;
      lastActivity = Date.now();
    });
    const finish = (requestId, wire) => {
      const r = requests.get(requestId);
      if (!r || r.done) return;
      r.done = true;
      r.wire = Math.max(0, wire - r.headerBytes);
      inFlight -= 1;
      lastActivity = Date.now();
    };
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => finish(requestId, encodedDataLength));
    cdp.on('Network.loadingFailed', ({ requestId }) => finish(requestId, 0));

    await page.goto(pagePath, { waitUntil: 'load', timeout: timeoutMs });
    // Done when the network has been quiet for a while and the page's main thread is idle with
    // nothing new requested meanwhile (remotes, their chunks and API answers arrive after 'load',
    // and a slowed-down CPU may still be running scripts when the network goes quiet).
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (Date.now() < deadline && !(inFlight <= 0 && Date.now() - lastActivity >= quietMs)) await new Promise((r) => setTimeout(r, 100));
      const before = lastActivity;
      await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestAnimationFrame(() => setTimeout(resolve, 0)), { timeout: 10_000 })));
      if (Date.now() >= deadline || (lastActivity === before && inFlight <= 0)) break;
    }
    const { lcp, element } = await page.evaluate(() => /** @type {any} */ (window).__bench);
    const all = [...requests.values()];
    const js = all.filter((r) => r.type === 'js');
    return {
      lcpMs: lcp === null ? null : Math.round(lcp),
      lcpElement: element,
      jsBytesWire: js.reduce((n, r) => n + r.wire, 0),
      jsBytesRaw: js.reduce((n, r) => n + r.raw, 0),
      jsFiles: js.length,
      allBytesWire: all.reduce((n, r) => n + r.wire, 0),
    };
  } finally {
    await context.close();
  }
}

/**
 * Loads each page on a cold cache in Chromium and reports its JavaScript weight and largest
 * contentful paint (median of `runs`). Participant pages get participants made through the
 * Open Humans and TypeFinder stand-ins.
 *
 * @param {object} o
 * @param {string} o.baseUrl the system's origin (the gateway)
 * @param {PageSpec[]} [o.pages] default DEFAULT_PAGES
 * @param {number} [o.cpuSlowdown] CDP CPU throttling rate: 4 = a mid-range phone, 1 = none (default 4)
 * @param {number} [o.runs] cold loads per page; LCP is their median (default 3)
 * @param {boolean} [o.compress] measure through a proxy that compresses text files (default false)
 * @param {string} [o.typeFinderWidgetUrl] the TypeFinder stand-in's widget, needed for participant pages
 * @param {string} [o.chromiumPath] default $CHROMIUM_PATH or /usr/bin/chromium
 * @param {(msg: string) => void} [o.log]
 * @returns {Promise<PageFigures[]>}
 */
export async function measurePages({ baseUrl, pages = DEFAULT_PAGES, cpuSlowdown = 4, runs = 3, compress = false, typeFinderWidgetUrl, chromiumPath, log = () => {} }) {
  const proxy = compress ? await startCompressingProxy(baseUrl) : null;
  const origin = proxy ? proxy.url : baseUrl;
  const browser = await launch(chromiumPath);
  try {
    /** @type {Record<string, unknown>} */
    const states = {};
    const needs = new Set(pages.map((p) => p.as ?? 'visitor'));
    if (needs.has('dueForNardi') || needs.has('nardiDone')) {
      if (!typeFinderWidgetUrl) throw new Error('measurePages needs typeFinderWidgetUrl to make participants');
      log('making participants through the stand-ins...');
      for (const kind of ['dueForNardi', 'nardiDone']) {
        if (!needs.has(kind)) continue;
        const participant = await makeParticipant(baseUrl, typeFinderWidgetUrl, { nardi: kind === 'nardiDone' });
        states[kind] = await deviceStateOf(browser, origin, participant.pgId);
      }
    }
    // One unmeasured pass fills the proxy's compression cache and wakes every service up.
    for (const spec of pages) {
      await loadOnce(browser, { origin, pagePath: spec.path, storageState: states[spec.as ?? 'visitor'], cpuSlowdown: 1, quietMs: 500, timeoutMs: 60_000 });
    }
    /** @type {PageFigures[]} */
    const figures = [];
    for (const spec of pages) {
      const loads = [];
      for (let i = 0; i < runs; i++) {
        loads.push(await loadOnce(browser, { origin, pagePath: spec.path, storageState: states[spec.as ?? 'visitor'], cpuSlowdown, quietMs: 1500, timeoutMs: 60_000 }));
      }
      const lcps = loads.map((l) => l.lcpMs).filter((v) => v !== null);
      const mid = loads[loads.findIndex((l) => l.lcpMs === median(lcps))] ?? loads[0];
      figures.push({ path: spec.path, jsBytesWire: mid.jsBytesWire, jsBytesRaw: mid.jsBytesRaw, jsFiles: mid.jsFiles, allBytesWire: mid.allBytesWire, lcpMs: median(lcps), lcpElement: mid.lcpElement, lcpRunsMs: lcps });
      log(`${spec.path}: ${(mid.jsBytesWire / 1024).toFixed(0)} KB JS on the wire, LCP ${median(lcps)} ms`);
    }
    return figures;
  } finally {
    await browser.close();
    await proxy?.close();
  }
}

/** A table for the console. */
export function formatFigures(figures, { cpuSlowdown, compress } = {}) {
  const kb = (n) => (n / 1024).toFixed(1);
  const lines = [
    `pages (cold cache, CPU slowdown ${cpuSlowdown ?? '?'}x${compress ? ', text compressed as served' : ''})`,
    `${'page'.padEnd(16)} ${'JS wire KB'.padStart(10)} ${'JS raw KB'.padStart(10)} ${'files'.padStart(5)} ${'LCP ms'.padStart(7)}  runs / LCP element`,
  ];
  for (const f of figures) {
    lines.push(`${f.path.padEnd(16)} ${kb(f.jsBytesWire).padStart(10)} ${kb(f.jsBytesRaw).padStart(10)} ${String(f.jsFiles).padStart(5)} ${String(f.lcpMs ?? '-').padStart(7)}  ${f.lcpRunsMs.join('/')} ${f.lcpElement}`);
  }
  return lines.join('\n');
}

// ---- on its own: start the system (or use --base-url) and print the figures ----

function argValue(name) {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
}

const FRONTENDS = ['shell', 'mf-consent', 'mf-dashboard', 'mf-nardi', 'mf-admin'];

/** Points <linkRoot>/<app>/dist at <from>/<app>/dist for every frontend (the gateway reads files per request). */
function linkFrontends(linkRoot, from) {
  for (const app of FRONTENDS) {
    const link = path.join(linkRoot, app, 'dist');
    fs.mkdirSync(path.dirname(link), { recursive: true });
    fs.rmSync(link, { recursive: true, force: true });
    fs.symlinkSync(path.join(from, app, 'dist'), link, 'dir');
  }
}

async function main() {
  const say = (msg) => console.error(`[bench:pages] ${msg}`);
  const cpuSlowdown = Number(argValue('--cpu') ?? 4);
  const runs = Number(argValue('--runs') ?? 3);
  const compress = process.argv.includes('--compress');
  // --compare A,B: one system, the frontends built in A then those in B, side by side.
  const compare = argValue('--compare')?.split(',').map((dir) => path.resolve(dir));
  const { findChromium } = await import('../lib/chromium');
  const chromiumPath = findChromium();
  let baseUrl = argValue('--base-url');
  let typeFinderWidgetUrl = argValue('--typefinder-widget-url') ?? process.env.TYPEFINDER_WIDGET_URL;
  let stop = async () => {};
  const runDir = path.join(root, '.test-artifacts', `bench-pages-${process.pid}`);
  const linkRoot = path.join(runDir, 'frontends');
  if (!baseUrl) {
    let frontendRoot = argValue('--frontend-root') ? path.resolve(argValue('--frontend-root')) : root;
    if (compare) {
      linkFrontends(linkRoot, compare[0]);
      frontendRoot = linkRoot;
    } else if (!argValue('--frontend-root')) await (await import('../build')).buildAll({ log: say });
    if (!process.env.MONGO_URL) (await import('../lib/ferretdb')).ensureFerretInstalled(say);
    const { startStack, ONE_ADDRESS_LIMITS } = await import('../lib/stack');
    const { freePort } = await import('../lib/local-services');
    let stack;
    let suffix = '';
    // A busy machine may keep a service from answering within the stack's start deadline: try again.
    for (let attempt = 1; !stack; attempt++) {
      suffix = `benchpages_${process.pid}_${Date.now().toString(36)}`;
      try {
        stack = await startStack({
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
        });
      } catch (err) {
        await removeBrokerObjects(`study.events.${suffix}`, `${suffix}.`).catch(() => {});
        if (attempt >= 3) throw err;
        say(`the system did not start (${err.message.split('\n')[0]}); trying again`);
      }
    }
    baseUrl = stack.url;
    typeFinderWidgetUrl = stack.typeFinder.widgetUrl;
    stop = async () => {
      await stack.stop();
      await removeBrokerObjects(`study.events.${suffix}`, `${suffix}.`).catch((err) => say(`could not remove queues: ${err.message}`));
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
      console.log(process.argv.includes('--json') ? JSON.stringify(figures, null, 2) : formatFigures(figures, { cpuSlowdown, compress }));
    }
  } finally {
    await stop();
  }
}

async function removeBrokerObjects(exchange, queuePrefix) {
  const amqp = (await import('amqplib')).default;
  const connection = await amqp.connect(process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672');
  try {
    const channel = await connection.createChannel();
    for (const service of ['participants', 'scoring', 'reports']) {
      const queue = `${queuePrefix}svc-${service}`;
      for (const name of [queue, `${queue}.dlq`, ...[1_000, 5_000, 15_000, 60_000].map((ms) => `${queue}.retry.${ms}ms`)]) await channel.deleteQueue(name);
    }
    await channel.deleteExchange(exchange);
    await channel.deleteExchange(`${exchange}.dlx`);
    await channel.close();
  } finally {
    await connection.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().then(
    () => process.exit(0),
    (err) => {
      console.error(`[bench:pages] ${err.stack ?? err.message}`);
      process.exit(1);
    },
  );
}
