import { appendFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { NodeResult } from 'axe-core';
import { expect, type Page } from '@playwright/test';

/**
 * axe-core over one rendered page (docs/decisions.md "Accessibility"): WCAG 2.x A/AA and axe's best practices. A serious or
 * critical finding fails, and so do the structure rules the portal holds itself to although axe
 * rates them "moderate": one main landmark, content inside landmarks, exactly one h1, and no
 * skipped heading level (staff bodies are renumbered by the server to fit, docs/decisions.md).
 */
const STRUCTURE_RULES = new Set(['landmark-one-main', 'region', 'page-has-heading-one', 'landmark-no-duplicate-main', 'landmark-unique', 'heading-order']);

/** A finding's element, with the colours and ratio axe measured for a contrast finding. */
function describe(node: NodeResult): string {
  const data = node.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
  const colours = data?.fgColor ? ` [${data.fgColor} / ${data.bgColor} = ${data.contrastRatio}]` : '';
  return `${node.target.join(' ')}${colours}`;
}

export async function expectAccessible(page: Page, label = page.url(), only?: string) {
  // Hydrated and idle: antd adds ARIA attributes on the client, and lists load after the first paint.
  // Idle is waited for 15 s at most: once in CI a page never went quiet on a busy machine (its
  // requests all finish when alone), and axe reads the page as it stands either way.
  await page.waitForLoadState('load');
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  // A navigation still under way (its progress bar, above every landmark, shows after 200 ms) is
  // not the page to read: a loaded machine once had axe read one mid-way.
  await page.locator('.progress-bar').waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined);
  // Violations only: axe then skips collecting the passes, most of its time on a long page.
  // The bar itself (labelled, role=progressbar) is left out: a navigation that starts while axe reads
  // (the journeys' next step on a busy machine) put it above the landmarks for a moment.
  const axe = new AxeBuilder({ page }).exclude('.progress-bar');
  // `only`: one part of the page (a selector), for a check of what one journey changed.
  if (only) axe.include(only);
  const results = await axe
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  const failing = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || STRUCTURE_RULES.has(v.id))
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.length} 处，如 ${v.nodes.slice(0, 3).map(describe).join(' | ')}`);
  if (process.env.A11Y_DUMP) appendFileSync(process.env.A11Y_DUMP, JSON.stringify({ label, v: results.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map(describe) })) }) + '\n');
  // Soft: one run lists the findings of every page, not only of the first that fails.
  expect.soft(failing, `${label} 的无障碍问题`).toEqual([]);
}
