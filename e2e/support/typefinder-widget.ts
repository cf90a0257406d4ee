import type { FrameLocator, Page } from 'playwright-core';

/** The TypeFinder stand-in's widget, framed on /typefinder. */
export const typeFinderWidget = (page: Page): FrameLocator => page.frameLocator('iframe[title="TypeFinder personality test"]');

/**
 * Takes the widget's quiz as an INTJ answers it and sends the result; answers the type the widget
 * shows. The study email is pasted in from the page's own field, as the page asks.
 */
export async function takeTypeFinderAsIntj(page: Page): Promise<string> {
  const widget = typeFinderWidget(page);
  // The page shows the address read-only (an <output>), as the participant copies it.
  await widget.getByLabel('Study ID email').fill(((await page.getByLabel('Your study email').textContent()) ?? '').trim());
  await widget.getByLabel('A quiet evening on my own').check();
  await widget.getByLabel('The big idea and where it could lead').check();
  await widget.getByLabel('What makes the most sense on paper').check();
  await widget.locator('input[name="lifestyle"][value="J"]').check();
  await widget.getByRole('button', { name: 'Send my results' }).click();
  await widget.getByText('Your results have been sent.').waitFor();
  return (await widget.locator('#type-code').textContent()) ?? '';
}
