/**
 * Status changes said aloud (WCAG 4.1.3): one polite live region per page, rendered empty by the
 * server in root.tsx so that screen readers are already watching it when the first sentence
 * arrives. Polite: a sentence waits for the reader to finish what it is saying. Toasts (antd
 * message) and role="alert" speak for themselves; do not announce them here as well.
 */
export const LIVE_REGION_ID = 'live-status';

let timer: ReturnType<typeof setTimeout> | undefined;

export function announce(text: string): void {
  if (typeof document === 'undefined') return;
  const region = document.getElementById(LIVE_REGION_ID);
  if (!region) return;
  clearTimeout(timer);
  region.textContent = '';
  // Emptied first and filled a moment later, so that the same sentence twice is said twice;
  // emptied again afterwards, so that it is not found by reading the page later.
  timer = setTimeout(() => {
    region.textContent = text;
    timer = setTimeout(() => (region.textContent = ''), 10_000);
  }, 120);
}

/** One sentence for the errors a form shows at once. */
export function errorSentence(errors: readonly string[]): string {
  const unique = [...new Set(errors.map((e) => e.trim()).filter(Boolean))];
  if (unique.length <= 1) return unique[0] ?? '';
  return `有 ${unique.length} 项需要修改：${unique.join('；')}`;
}
