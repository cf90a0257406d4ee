import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const SCREENS = path.resolve(__dirname, '..', '..', '.test-artifacts', 'screens');

export const baseUrl = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the browser tests through jest --selectProjects e2e');
  return url;
};

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'],
  });
}

export async function newPage(browser: Browser, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport });
  return context.newPage();
}

/** Asks the test stack to stop/start a service or hide/restore a remote's files. */
export async function control(path: string): Promise<void> {
  const res = await fetch(`${process.env.E2E_CONTROL_URL}${path}`, { method: 'POST' });
  if (!res.ok) throw new Error(`control ${path} failed: ${res.status} ${await res.text()}`);
}

/**
 * One Chromium for a test file, started before its tests and closed after them with every page
 * it opened. Pages get their own context (downloads allowed); screenshots go to
 * .test-artifacts/screens as `<prefix>-<name>-<width>.png`.
 */
export function browserPerFile(screenshotPrefix: string): { newPage(width?: number): Promise<Page>; shoot(page: Page, name: string): Promise<void> } {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
    fs.mkdirSync(SCREENS, { recursive: true });
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
  });
  return {
    async newPage(width = 1280) {
      if (!browser) throw new Error('the browser starts in beforeAll: open pages inside a test or a hook');
      const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width, height: 900 }, acceptDownloads: true });
      contexts.push(context);
      return context.newPage();
    },
    async shoot(page, name) {
      await page.screenshot({ path: path.join(SCREENS, `${screenshotPrefix}-${name}-${page.viewportSize()?.width}.png`), fullPage: true });
    },
  };
}
