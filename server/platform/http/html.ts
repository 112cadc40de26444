import sanitizeHtml from 'sanitize-html';

/**
 * Rich text from staff is shown as HTML: only document markup survives (no scripts, styles,
 * event handlers or foreign frames); links open safely.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'span', 'div', 'blockquote',
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'a', 'img', 'hr',
    'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'colgroup', 'col', 'pre', 'code',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan', 'align'],
    th: ['colspan', 'rowspan', 'align'],
    p: ['align'],
  },
  // The editor (StarterKit and Image) writes a class only on a code block's language. Any other
  // class would borrow the site's own styles (a fake notice banner, hidden text): dropped.
  allowedClasses: { code: ['language-*'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }),
  },
};

/**
 * Staff HTML made safe to show. `headingsFrom` fits its headings into the page that shows it: the
 * level its top headings take there (2 right under the sheet's h1, 3 inside a section with an h2).
 */
export function sanitizeRichText(html: string | null | undefined, { headingsFrom }: { headingsFrom?: 2 | 3 } = {}): string {
  if (!html) return '';
  const safe = sanitizeHtml(html, options);
  return headingsFrom ? nestHeadings(safe, headingsFrom) : safe;
}

/**
 * Fits the headings of staff-written rich text into the page's outline (WCAG 1.3.1, Lighthouse
 * `heading-order`). Staff pick h1–h6 as they like (the seed's bodies start at h3); on the page the
 * body sits under a heading of its own, so its headings are renumbered on the way out: the levels
 * the body uses, in order, become `top`, `top + 1`, … (at most h6), and no heading goes more than
 * one level deeper than the one before it. Only the tag names change; what is stored stays as
 * staff wrote it. Done here rather than in the page's component: public pages carry no more script.
 *
 * The input is the sanitiser's output: there every `<` that is not a tag is escaped, text and
 * attribute values alike, so a match below is always a real heading tag.
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

