/**
 * The how-it-works video that ships with this remote (recorded by scripts/record-how-it-works.ts),
 * its captions and its poster (a frame from its start, scripts/render-how-it-works-poster.ts).
 * webpack emits them beside the remote's other files, so they are served from the app itself,
 * wherever the remote is deployed.
 */
export const HOW_IT_WORKS_VIDEO = {
  src: new URL('./assets/how-it-works.webm', import.meta.url).href,
  captions: new URL('./assets/how-it-works.en.vtt', import.meta.url).href,
  poster: new URL('./assets/how-it-works-poster.png', import.meta.url).href,
};
