/**
 * Fits the headings of staff-written rich text into the page's outline (WCAG 1.3.1, Lighthouse
 * `heading-order`). Staff pick h1–h6 as they like (the seed's bodies start at h3); on the page the
 * body sits under a heading of its own, so its headings are renumbered at render: the levels the
 * body uses, in order, become `top`, `top + 1`, … (at most h6), and no heading goes more than one
 * level deeper than the one before it. Only the tag names change.
 *
 * The input is the sanitiser's output (server/platform/http/html.ts): there every `<` that is not a
 * tag is escaped, text and attribute values alike, so a match below is always a real heading tag.
 */
const HEADING_TAG = /<(\/?)h([1-6])(?=[\s>/])/gi;

export function nestHeadings(html: string, top: number): string {
  const used = [...new Set(Array.from(html.matchAll(HEADING_TAG), (m) => (m[1] ? 0 : Number(m[2]))))].filter(Boolean).sort();
  if (!used.length) return html;
  let previous = top - 1;
  let open = top;
  return html.replace(HEADING_TAG, (_tag, close: string, digit: string) => {
    if (close) return `</h${open}`;
    open = Math.min(top + used.indexOf(Number(digit)), previous + 1, 6);
    previous = open;
    return `<h${open}`;
  });
}
