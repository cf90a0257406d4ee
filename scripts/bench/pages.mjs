// JavaScript on the wire and Largest Contentful Paint of app pages in Chromium, each page in a
// fresh browser context (cold cache), optionally with the CPU slowed down as on a slow phone.
// Bytes come from the DevTools protocol: encodedDataLength of every script response (what
// crossed the wire, headers included) and the decoded bytes received for it.
import { chromium } from 'playwright-core';
import { ensureChromium } from '../lib/chromium.mjs';

const LAUNCH_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'];

/** Records every largest-contentful-paint entry the page reports. */
const LCP_OBSERVER = () => {
  window.__lcp = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__lcp.push(entry.startTime);
  }).observe({ type: 'largest-contentful-paint', buffered: true });
};

async function measureOne(browser, url, cpuSlowdown) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (cpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    const scripts = new Map();
    cdp.on('Network.responseReceived', (e) => {
      if (e.type === 'Script') scripts.set(e.requestId, { url: e.response.url, wire: 0, raw: 0 });
    });
    cdp.on('Network.dataReceived', (e) => {
      const s = scripts.get(e.requestId);
      if (s) s.raw += e.dataLength;
    });
    cdp.on('Network.loadingFinished', (e) => {
      const s = scripts.get(e.requestId);
      if (s) s.wire = e.encodedDataLength;
    });
    await page.addInitScript(LCP_OBSERVER);
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => {});
    await page.waitForTimeout(300);
    const lcps = await page.evaluate(() => window.__lcp);
    // First contentful paint too: a page whose largest paint Chromium did not report still shows when it drew.
    const fcpMs = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime);
    const list = [...scripts.values()];
    return {
      finalUrl: page.url(),
      lcpMs: lcps.length ? lcps[lcps.length - 1] : undefined,
      fcpMs,
      jsBytesWire: list.reduce((a, s) => a + s.wire, 0),
      jsBytesRaw: list.reduce((a, s) => a + s.raw, 0),
      scripts: list.length,
    };
  } finally {
    await context.close();
  }
}

/**
 * @param {object} o
 * @param {string} o.baseUrl the app's origin
 * @param {string[]} o.pages paths, e.g. ['/', '/consent']
 * @param {number} [o.cpuSlowdown] 1 = no slowdown, 4 = four times slower
 * @returns {Promise<Record<string, {jsBytesWire: number, jsBytesRaw: number, lcpMs: number|undefined}>>}
 */
export async function measurePages({ baseUrl, pages, cpuSlowdown = 1 }) {
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: LAUNCH_ARGS });
  try {
    const out = {};
    for (const p of pages) out[p] = await measureOne(browser, new URL(p, baseUrl).href, cpuSlowdown);
    return out;
  } finally {
    await browser.close();
  }
}
