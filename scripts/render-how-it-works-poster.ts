// `node scripts/run.mjs scripts/render-how-it-works-poster.ts [seconds]`: the how-it-works video's poster, the
// picture shown before it plays (instead of an empty box): a frame from the start of the video
// the site ships (mf-consent/src/features/how-it-works/assets/how-it-works.webm): by default the
// first frame that shows something (the recording opens on a blank page while the site loads)
// plus a second for the page to finish painting, or the frame at `seconds`. The system's
// Chromium decodes the video and draws the frame (no ffmpeg needed); it is saved as
// how-it-works-poster.png beside the video. Run it again after recording the video anew.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { byteRange } from './lib/byte-range';
import { root } from './lib/repo-root';

const ASSETS = path.join(root, 'mf-consent/src/features/how-it-works/assets');
const VIDEO = path.join(ASSETS, 'how-it-works.webm');
export const POSTER = path.join(ASSETS, 'how-it-works-poster.png');

/** How long after the first frame that is not blank the poster is taken: the page has painted by then. */
const SETTLE_SECONDS = 1;

export interface RenderPosterOptions {
  /** The frame's time in the video; by default the first that shows something, plus SETTLE_SECONDS. */
  seconds?: number;
  log?: (msg: string) => void;
}

/** Draws a frame of the shipped video into POSTER (PNG, the video's own size): at `seconds`, or the first that shows something. */
export async function renderPoster({ seconds, log = console.log }: RenderPosterOptions = {}): Promise<void> {
  const { chromium } = await import('playwright-core');
  const { findChromium } = await import('./lib/chromium');
  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium was not found (Debian: apt-get install chromium).');
  // The video from a loopback server: a file:// page could not read a frame back from its canvas.
  const server = http.createServer((req, res) => {
    if (req.url === '/video.webm') {
      // Byte ranges, as a real server answers them: without them the browser cannot seek.
      const size = fs.statSync(VIDEO).size;
      const range = byteRange(req.headers.range, size);
      if (!range) {
        res.writeHead(200, { 'content-type': 'video/webm', 'content-length': size, 'accept-ranges': 'bytes' });
        fs.createReadStream(VIDEO).pipe(res);
        return;
      }
      const { start, end } = range;
      res.writeHead(206, { 'content-type': 'video/webm', 'content-length': end - start + 1, 'content-range': `bytes ${start}-${end}/${size}`, 'accept-ranges': 'bytes' });
      fs.createReadStream(VIDEO, { start, end }).pipe(res);
    } else {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><video id="v" muted preload="auto" src="/video.webm"></video><canvas id="c"></canvas>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the video server has no TCP port');
  const browser = await chromium.launch({ executablePath, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    // tsx compiles this file keeping function names: the function given to page.evaluate below then
    // calls esbuild's __name helper, which exists only in this process; the page gets a stand-in.
    await page.addInitScript({ content: 'globalThis.__name = (target) => target;' });
    await page.goto(`http://127.0.0.1:${address.port}/`);
    // Runs in the page: the one video and canvas of the page above.
    const { dataUrl, at } = await page.evaluate(
      ({ wanted, settle }) =>
        new Promise<{ dataUrl: string; at: number }>((resolve, reject) => {
          const video = document.querySelector('video');
          const canvas = document.querySelector('canvas');
          if (!video || !canvas) throw new Error('the page has no video or no canvas');
          video.addEventListener('error', () => reject(new Error('the video could not be decoded')));
          const frameAt = (time: number) =>
            new Promise<void>((done) => {
              video.addEventListener('seeked', () => requestAnimationFrame(() => done()), { once: true });
              video.currentTime = Math.min(time, video.duration);
            });
          const draw = () => {
            canvas.width = video.videoWidth;
            canvas.height = video.videoHeight;
            const context = canvas.getContext('2d', { willReadFrequently: true });
            if (!context) throw new Error('the canvas has no 2d context');
            context.drawImage(video, 0, 0);
            return context;
          };
          // Share of pixels that are not (nearly) white: a blank page is close to 0.
          const inked = (context: CanvasRenderingContext2D) => {
            const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
            let dark = 0;
            for (let i = 0; i < data.length; i += 16) if ((data[i] ?? 0) + (data[i + 1] ?? 0) + (data[i + 2] ?? 0) < 690) dark += 1;
            return dark / (data.length / 16);
          };
          const run = async () => {
            let at = wanted;
            if (at === undefined) {
              at = 0;
              while (at < video.duration) {
                await frameAt(at);
                if (inked(draw()) > 0.02) break;
                at += 0.5;
              }
              at = Math.min(at + settle, video.duration);
            }
            await frameAt(at);
            draw();
            resolve({ dataUrl: canvas.toDataURL('image/png'), at });
          };
          const start = () => run().catch(reject);
          if (video.readyState >= 2) start();
          else video.addEventListener('loadeddata', start, { once: true });
        }),
      { wanted: seconds, settle: SETTLE_SECONDS },
    );
    fs.writeFileSync(POSTER, Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'));
    log(`[poster] ${path.relative(root, POSTER)}: the frame at ${at} s (${fs.statSync(POSTER).size} bytes)`);
  } finally {
    await browser.close();
    server.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  renderPoster({ seconds: process.argv[2] === undefined ? undefined : Number(process.argv[2]) }).catch((err) => {
    console.error(`[poster] ${err.message}`);
    process.exit(1);
  });
}
