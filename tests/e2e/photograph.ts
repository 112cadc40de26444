import type { Page } from '@playwright/test';

/**
 * A screenshot to be looked at, taken at rest: Playwright first finishes what is moving (antd's
 * dialogs, drawers and messages), so a dialog that is closing is gone and one that is opening is
 * whole (docs/decisions.md "Journeys photograph the page at rest"). A dialog in its first frame
 * is not moving yet: wait for it with `settled()` before.
 */
export function photograph(page: Page, path: string, options: { fullPage?: boolean } = {}) {
  return page.screenshot({ path, fullPage: options.fullPage ?? false, animations: 'disabled' });
}
