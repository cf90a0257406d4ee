/**
 * The how-it-works video that ships with this remote (recorded by scripts/record-how-it-works.mjs)
 * and its captions. webpack emits both beside the remote's other files, so they are served from
 * the app itself, wherever the remote is deployed.
 */
export const HOW_IT_WORKS_VIDEO = {
  src: new URL('./assets/how-it-works.webm', import.meta.url).href,
  captions: new URL('./assets/how-it-works.en.vtt', import.meta.url).href,
};
