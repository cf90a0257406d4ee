import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Wait for the page to lay out (and the header to settle) before jumping to a section. */
export const ANCHOR_SCROLL_DELAY_MS = 100;
/** Leave this much room above the section so the fixed header does not cover its heading. */
export const ANCHOR_SCROLL_OFFSET_PX = 50;

/** Document scroll position that puts an element ANCHOR_SCROLL_OFFSET_PX below the top of the window. */
export function anchorScrollTop(elementViewportTop: number, scrollY: number): number {
  return Math.max(0, elementViewportTop + scrollY - ANCHOR_SCROLL_OFFSET_PX);
}

/** Scrolls to the section named in the URL hash (e.g. /#howitworks), also when the same link is followed again. */
export function useAnchorScroll(): void {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const timer = window.setTimeout(() => {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (!target) return;
      window.scrollTo({ top: anchorScrollTop(target.getBoundingClientRect().top, window.scrollY), behavior: 'smooth' });
      // Move keyboard focus along with the view.
      target.focus({ preventScroll: true });
    }, ANCHOR_SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [hash, key]);
}
