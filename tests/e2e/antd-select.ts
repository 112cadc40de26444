import { expect, type Page } from '@playwright/test';
import { settled } from './antd-motion.ts';

/**
 * Picks `option` in the antd select labelled `label`, as a person does: opens it, waits until the
 * list has finished sliding in, clicks the option in the open list (a list closed earlier stays in
 * the page, hidden), and sees the field show it. Twice in CI the field stayed empty after a click
 * that landed while the list was still moving in (2026-11-23, 2026-11-25).
 */
export async function choose(page: Page, label: string, option: string) {
  const combobox = page.getByRole('combobox', { name: label });
  await combobox.click();
  const list = page.locator('.ant-select-dropdown:visible');
  await settled(list);
  await list.locator('.ant-select-item-option', { hasText: option }).first().click();
  await expect(page.locator('.ant-select', { has: combobox })).toContainText(option);
}
