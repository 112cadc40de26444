import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './html.ts';

describe('sanitizeRichText', () => {
  it('drops scripts and handlers and keeps document markup', () => {
    expect(sanitizeRichText('<h3 onclick="x()">一、总则</h3><script>alert(1)</script><p>正文</p>')).toBe('<h3>一、总则</h3><p>正文</p>');
  });

  // app/lib/heading-outline.ts renumbers headings by matching tags in this output: it relies on
  // every `<` that is not a tag being escaped, in text and in attribute values alike.
  it('escapes every < that is not a tag', () => {
    const out = sanitizeRichText('<p title="<h1>x</h1>">a < b, 1<2 </p><a href="https://a.cn/?q=<h3>">链接</a>');
    const tags = out.match(/<[^>]*>/g) ?? [];
    for (const tag of tags) expect(tag).toMatch(/^<\/?(p|a|h[1-6])( [a-z]+="[^"<>]*")*>$/);
    expect(out).not.toMatch(/<h[1-6]/);
    expect(out).toContain('a &lt; b, 1&lt;2');
  });
});
