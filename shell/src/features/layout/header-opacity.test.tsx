import { headerBackgroundAlpha, HEADER_MAX_TRANSLUCENT_ALPHA } from './header-opacity';

describe('headerBackgroundAlpha', () => {
  it('is transparent at the top of the page on wide screens', () => {
    expect(headerBackgroundAlpha(0, 1280)).toBe(0);
  });

  it('fades in linearly over the first 50 px of scroll', () => {
    expect(headerBackgroundAlpha(10, 1280)).toBeCloseTo(HEADER_MAX_TRANSLUCENT_ALPHA * 0.2);
    expect(headerBackgroundAlpha(25, 1280)).toBeCloseTo(HEADER_MAX_TRANSLUCENT_ALPHA * 0.5);
    expect(headerBackgroundAlpha(50, 1280)).toBeCloseTo(HEADER_MAX_TRANSLUCENT_ALPHA);
  });

  it('stays at the translucent maximum after 50 px', () => {
    expect(headerBackgroundAlpha(51, 1280)).toBe(headerBackgroundAlpha(50, 1280));
    expect(headerBackgroundAlpha(4000, 768)).toBeCloseTo(HEADER_MAX_TRANSLUCENT_ALPHA);
    expect(HEADER_MAX_TRANSLUCENT_ALPHA).toBeLessThan(1);
  });

  it('treats overscroll above the page as the top', () => {
    expect(headerBackgroundAlpha(-30, 1280)).toBe(0);
  });

  it('is always opaque under 768 px wide', () => {
    expect(headerBackgroundAlpha(0, 767)).toBe(1);
    expect(headerBackgroundAlpha(0, 375)).toBe(1);
    expect(headerBackgroundAlpha(25, 375)).toBe(1);
    expect(headerBackgroundAlpha(0, 768)).toBe(0);
  });
});
