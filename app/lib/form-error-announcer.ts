import { announce, errorSentence } from './announce.ts';

const ERROR = '.ant-form-item-explain-error';
/** Errors that appear within this window are said as one sentence (a submit shows them all at once). */
const GATHER_MS = 200;

let watchers = 0;
let observer: MutationObserver | null = null;

/**
 * Says every antd form error as it appears — on submit, while typing, from the server — through
 * the polite live region: antd 6 shows them without role or live region, so a screen reader would
 * hear nothing. One observer for the page however many forms (and dialogs) it has; an error that
 * stays on screen is not said again. Returns the function that stops watching.
 */
export function watchFormErrors(): () => void {
  watchers++;
  if (!observer && typeof MutationObserver !== 'undefined') {
    let gathered: Element[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    observer = new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          gathered.push(...(node.matches(ERROR) ? [node] : Array.from(node.querySelectorAll(ERROR))));
        }
      if (!gathered.length || timer) return;
      timer = setTimeout(() => {
        const sentence = errorSentence(gathered.filter((el) => el.isConnected).map((el) => el.textContent ?? ''));
        gathered = [];
        timer = undefined;
        if (sentence) announce(sentence);
      }, GATHER_MS);
    });
    observer.observe(document.body, { childList: true, subtree: true });
  }
  return () => {
    if (--watchers > 0) return;
    observer?.disconnect();
    observer = null;
  };
}
