import type { Locator, Page } from '@playwright/test';
import { settled } from './antd-motion.ts';

/**
 * Presses `button` in an antd dialog once it has finished zooming in, as `choose` waits for a
 * select's list. Under load a click on a dialog that was still moving missed its OK button: the
 * dialog stayed open and nothing was sent (the 下线 reason and the 确定提交 confirmation,
 * 2026-11-25 and 2026-11-26). The motion classes are on the element with the dialog role.
 */
export async function pressInDialog(dialog: Locator, button: string) {
  await settled(dialog);
  await dialog.getByRole('button', { name: button }).click();
}

/** Presses `button` in the open confirmation of `confirm()` (app/lib/feedback.ts), once it has zoomed in. */
export async function confirmDialog(page: Page, button: string) {
  await pressInDialog(page.locator('.ant-modal-confirm'), button);
}
