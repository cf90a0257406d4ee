// `node scripts/run.mjs scripts/record-how-it-works.ts`: records the how-it-works video the site ships
// (mf-consent/src/features/how-it-works/assets/): the real sign-up journey in Chromium against a
// whole stack on free ports (home page, consent form, Open Humans stand-in, dashboard), with
// captions written as WebVTT from the moments each step happens. Needs a build (`npm run build`),
// Chromium and ffmpeg (Debian: apt-get install chromium ffmpeg); playwright records the raw video
// with ffmpeg, which then shrinks it (VP9, 10 frames/s, 640x360, no sound) to well under 1 MB.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { root } from './lib/repo-root';
import { type Cue, webVtt } from './lib/webvtt';

const require = createRequire(import.meta.url);
const ASSETS = path.join(root, 'mf-consent/src/features/how-it-works/assets');
const say = (msg: string): void => console.log(`[record] ${msg}`);
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function findFfmpeg(): string {
  for (const candidate of [process.env.FFMPEG_PATH, '/usr/bin/ffmpeg', '/usr/local/bin/ffmpeg']) {
    if (candidate && fs.existsSync(candidate)) return candidate;
  }
  throw new Error('ffmpeg was not found: install it (Debian: apt-get install ffmpeg) or set FFMPEG_PATH.');
}

/**
 * Playwright records through its own ffmpeg build; point it at the system's instead (nothing is
 * downloaded): a browsers directory holding just ffmpeg-<revision>/ffmpeg-linux.
 */
function playwrightFfmpegDir(ffmpeg: string, workDir: string): string {
  // browsers.json is not among the package's exports: read it beside the package's entry point.
  const packageDir = path.dirname(require.resolve('playwright-core'));
  const revision = ffmpegRevision(JSON.parse(fs.readFileSync(path.join(packageDir, 'browsers.json'), 'utf8')));
  const dir = path.join(workDir, 'ms-playwright');
  fs.mkdirSync(path.join(dir, `ffmpeg-${revision}`), { recursive: true });
  fs.symlinkSync(ffmpeg, path.join(dir, `ffmpeg-${revision}`, 'ffmpeg-linux'));
  return dir;
}

/** The ffmpeg build's revision in playwright-core's browsers.json ({ browsers: [{ name, revision }, ...] }). */
function ffmpegRevision(browsersJson: unknown): string {
  const browsers = typeof browsersJson === 'object' && browsersJson !== null && 'browsers' in browsersJson ? browsersJson.browsers : undefined;
  const ffmpeg = Array.isArray(browsers) ? browsers.find((b: unknown) => typeof b === 'object' && b !== null && 'name' in b && b.name === 'ffmpeg') : undefined;
  const revision: unknown = typeof ffmpeg === 'object' && ffmpeg !== null && 'revision' in ffmpeg ? ffmpeg.revision : undefined;
  if (typeof revision !== 'string') throw new Error("playwright-core's browsers.json names no ffmpeg revision");
  return revision;
}

async function main(): Promise<void> {
  const ffmpeg = findFfmpeg();
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'how-it-works-'));
  process.env.PLAYWRIGHT_BROWSERS_PATH = playwrightFfmpegDir(ffmpeg, workDir);
  const { chromium } = await import('playwright-core');
  const { startStack } = await import('./lib/stack');
  const { freePort } = await import('./lib/local-services');
  const { findChromium } = await import('./lib/chromium');
  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium was not found (Debian: apt-get install chromium).');

  const suffix = `video_${process.pid}_${Date.now().toString(36)}`;
  say('starting the stack on free ports...');
  const stack = await startStack({
    root,
    port: await freePort(),
    freePorts: true,
    dataDir: path.join(workDir, 'ferretdb'),
    logDir: path.join(workDir, 'logs'),
    log: () => {},
    queuePrefix: `${suffix}.`,
    env: { EVENTS_EXCHANGE: `study.events.${suffix}`, LOG_LEVEL: 'warn' },
  });
  const browser = await chromium.launch({ executablePath, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  const cues: Cue[] = [];
  try {
    const context = await browser.newContext({
      baseURL: stack.url,
      viewport: { width: 960, height: 540 },
      recordVideo: { dir: path.join(workDir, 'raw'), size: { width: 960, height: 540 } },
    });
    const page = await context.newPage();
    const startedAt = Date.now();
    let open: { start: number; text: string } | null = null;
    /** Ends the caption shown, and shows `text` from now (null: none). */
    const caption = (text: string | null): void => {
      const now = Date.now() - startedAt;
      if (open) cues.push({ ...open, end: now });
      open = text === null ? null : { start: now, text };
    };

    await page.goto('/');
    await page.getByRole('heading', { name: 'Reveal Yourself!' }).waitFor();
    caption("On the home page, choose 'I'd Like to Participate'.");
    await pause(2500);
    await page.getByRole('link', { name: "I'd Like to Participate" }).first().click();
    await page.waitForURL('**/consent');
    caption('Read the consent form: the study, the risks, your data and how to withdraw.');
    await pause(1500);
    await page.mouse.wheel(0, 1800);
    await pause(1500);
    const certify = page.getByRole('checkbox', { name: /18 years of age or older/ });
    await certify.scrollIntoViewIfNeeded();
    caption('Tick the box to certify you are 18 or older and agree to take part.');
    await pause(1500);
    await certify.check();
    await pause(1000);
    caption("Choose 'Agree & Authorize Project': Open Humans opens in a new tab.");
    const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Agree & Authorize Project' }).click()]);
    await tab.waitForLoadState();
    const authorizeUrl = tab.url();
    await page.getByText('Waiting for OpenHumans Auth').scrollIntoViewIfNeeded();
    await pause(2000);
    // One recording: the new tab's page is shown in this one.
    await tab.close();
    await page.goto(authorizeUrl);
    caption('On Open Humans, sign in, share your genotyping data and authorize the project.');
    await pause(2500);
    await page.getByRole('button', { name: 'Authorize project' }).click();
    await page.waitForURL(/\/survey\/[0-9a-f-]{36}$/);
    await page.getByRole('region', { name: 'Your surveys' }).waitFor();
    caption('You come back with your study ID. Write it down: it is how you return later.');
    await pause(3000);
    await page.getByRole('region', { name: 'Your surveys' }).scrollIntoViewIfNeeded();
    caption('Take the assessments in order: TypeFinder, the Nardi indicator, then the self-assessment.');
    await pause(3500);
    caption(null);
    const video = page.video();
    if (!video) throw new Error('the page was not recorded');
    const raw = await video.path();
    await context.close();

    fs.mkdirSync(ASSETS, { recursive: true });
    const out = path.join(ASSETS, 'how-it-works.webm');
    say('encoding...');
    execFileSync(ffmpeg, ['-y', '-loglevel', 'error', '-i', raw, '-an', '-vf', 'fps=10,scale=640:360', '-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '42', '-row-mt', '1', '-deadline', 'good', out]);
    const vtt = webVtt(cues);
    fs.writeFileSync(path.join(ASSETS, 'how-it-works.en.vtt'), vtt);
    say(`wrote ${path.relative(root, out)} (${fs.statSync(out).size} bytes) and its captions (${cues.length} cues)`);
  } finally {
    await browser.close();
    await stack.stop();
    fs.rmSync(workDir, { recursive: true, force: true });
  }
  // The poster shown before the video plays, from the new recording's first frames.
  const { renderPoster } = await import('./render-how-it-works-poster');
  await renderPoster({ log: say });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
