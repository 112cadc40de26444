import { expect, type Locator } from '@playwright/test';

/**
 * Waits until an antd popup (a select's list, a dialog) has finished moving in: antd puts its
 * `-appear`/`-enter` motion classes on it meanwhile, and a click then can miss the moving target.
 */
export async function settled(popup: Locator) {
  await expect(popup).not.toHaveClass(/-(appear|enter)(\s|$)/);
}
