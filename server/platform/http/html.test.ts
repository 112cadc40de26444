import { describe, expect, it } from 'vitest';
import { nestHeadings, sanitizeRichText } from './html.ts';

describe('sanitizeRichText', () => {
  it('drops scripts and handlers and keeps document markup', () => {
    expect(sanitizeRichText('<h3 onclick="x()">一、总则</h3><script>alert(1)</script><p>正文</p>')).toBe('<h3>一、总则</h3><p>正文</p>');
  });

  // nestHeadings renumbers headings by matching tags in this output: it relies on
  // every `<` that is not a tag being escaped, in text and in attribute values alike.
  it('fits the headings under the page heading it is given', () => {
    expect(sanitizeRichText('<h3>一、总则</h3><h4>（一）</h4>', { headingsFrom: 2 })).toBe('<h2>一、总则</h2><h3>（一）</h3>');
    expect(sanitizeRichText('<h3>一、总则</h3>', { headingsFrom: 3 })).toBe('<h3>一、总则</h3>');
    expect(sanitizeRichText('<h3>一、总则</h3>')).toBe('<h3>一、总则</h3>');
  });

  it('escapes every < that is not a tag', () => {
    const out = sanitizeRichText('<p title="<h1>x</h1>">a < b, 1<2 </p><a href="https://a.cn/?q=<h3>">链接</a>');
    const tags = out.match(/<[^>]*>/g) ?? [];
    for (const tag of tags) expect(tag).toMatch(/^<\/?(p|a|h[1-6])( [a-z]+="[^"<>]*")*>$/);
    expect(out).not.toMatch(/<h[1-6]/);
    expect(out).toContain('a &lt; b, 1&lt;2');
  });
});

describe('nestHeadings', () => {
  it('lifts a body that starts at h3 to sit under the page h1', () => {
    expect(nestHeadings('<h3>一、总则</h3><p>正文</p><h4>（一）</h4><h3>二、附则</h3>', 2)).toBe('<h2>一、总则</h2><p>正文</p><h3>（一）</h3><h2>二、附则</h2>');
  });

  it('puts a body under a section heading one level lower', () => {
    expect(nestHeadings('<h2 class="x">解读</h2><h3>要点</h3>', 3)).toBe('<h3 class="x">解读</h3><h4>要点</h4>');
  });

  it('closes the gaps between the levels used, and never jumps more than one level', () => {
    expect(nestHeadings('<h2>a</h2><h5>b</h5><h6>c</h6>', 2)).toBe('<h2>a</h2><h3>b</h3><h4>c</h4>');
    // A body that opens on its deepest level still starts at the top.
    expect(nestHeadings('<h4>a</h4><h2>b</h2><h4>c</h4>', 2)).toBe('<h2>a</h2><h2>b</h2><h3>c</h3>');
  });

  it('takes a staff h1 down, so the page keeps one h1', () => {
    expect(nestHeadings('<h1>标题</h1><p>x</p>', 2)).toBe('<h2>标题</h2><p>x</p>');
  });

  it('stops at h6', () => {
    expect(nestHeadings('<h1>a</h1><h2>b</h2><h3>c</h3><h4>d</h4><h5>e</h5>', 3)).toBe('<h3>a</h3><h4>b</h4><h5>c</h5><h6>d</h6><h6>e</h6>');
  });

  it('leaves text without headings, rules and escaped text alone', () => {
    expect(nestHeadings('<p>a</p><hr /><p>b</p>', 2)).toBe('<p>a</p><hr /><p>b</p>');
    // What the sanitiser makes of `<p title="<h1>">&lt;h1&gt; 不是标题</p>`: no bare `<` but tags.
    expect(nestHeadings('<p title="&lt;h1&gt;">&lt;h1&gt; 不是标题</p><h4>真标题</h4>', 2)).toBe('<p title="&lt;h1&gt;">&lt;h1&gt; 不是标题</p><h2>真标题</h2>');
  });
});
