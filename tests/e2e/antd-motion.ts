import { expect, type Locator } from '@playwright/test';

/**
 * Waits until an antd popup (a select's list, a dialog) is shown and has finished moving in: antd
 * puts its `-appear`/`-enter` motion classes on it meanwhile, and a click then can miss the moving
 * target. The popup is awaited first: a popup not yet in the page has no motion class either, and
 * the second check alone would pass before it opened.
 */
export async function settled(popup: Locator) {
  await expect(popup).toBeVisible();
  await expect(popup).not.toHaveClass(/-(appear|enter)(\s|$)/);
}
