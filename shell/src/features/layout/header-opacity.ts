/** Below this width the header is always solid: on phones it sits over content from the start. */
export const NARROW_SCREEN_MAX_WIDTH = 767;
/** Scrolling this far fades the header's background fully in. */
export const HEADER_FADE_DISTANCE = 50;
/** The faded-in background stays slightly see-through on wide screens. */
export const HEADER_MAX_TRANSLUCENT_ALPHA = 0.9;

/**
 * Alpha of the header's background for a scroll position and viewport width: 1 (opaque) under
 * 768 px wide; otherwise 0 at the top of the page rising linearly to HEADER_MAX_TRANSLUCENT_ALPHA
 * over the first 50 px of scroll.
 */
export function headerBackgroundAlpha(scrollY: number, viewportWidth: number): number {
  if (viewportWidth <= NARROW_SCREEN_MAX_WIDTH) return 1;
  const progress = Math.min(Math.max(scrollY, 0), HEADER_FADE_DISTANCE) / HEADER_FADE_DISTANCE;
  return Math.round(progress * HEADER_MAX_TRANSLUCENT_ALPHA * 1000) / 1000;
}
