import { chromium, type Browser, type Page } from 'playwright-core';

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
