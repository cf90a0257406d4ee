import { useEffect, useState } from 'react';
import { headerBackgroundAlpha } from './header-opacity';

function current(): number {
  return headerBackgroundAlpha(window.scrollY, window.innerWidth);
}

/** Tracks the header background alpha as the page scrolls and the window resizes. */
export function useHeaderAlpha(): number {
  const [alpha, setAlpha] = useState(current);
  useEffect(() => {
    const update = () => setAlpha(current());
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);
  return alpha;
}
