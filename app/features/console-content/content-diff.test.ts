import { describe, expect, it } from 'vitest';
import type { Notice } from '#contract/notice.ts';
import { contentChanges, diffParagraphs, diffText, paragraphsOf } from './content-diff.ts';

const notice = (over: Partial<Notice>): Notice => ({
  id: 1,
  title: '关于开展企业服务月活动的通知',
  publishAt: '2026-11-01T02:00:00.000Z',
  viewCount: 0,
  content: '<p>第一段。</p><p>活动时间为 11 月。</p><p>联系电话 12345。</p>',
  attachments: [],
  summary: null,
  source: '企业服务局',
  isTop: false,
  ...over,
});

/** The review's comparison (docs/console.md "Content"): what a publisher reads as 新增 and 删除. */
describe('content-diff', () => {
  it('marks the characters added and removed in a field', () => {
    expect(diffText('活动时间为 11 月', '活动时间为 12 月')).toEqual([
      { kind: 'same', text: '活动时间为 1' },
      { kind: 'removed', text: '1' },
      { kind: 'added', text: '2' },
      { kind: 'same', text: ' 月' },
    ]);
    expect(diffText('', '新')).toEqual([{ kind: 'added', text: '新' }]);
  });

  it('reads rich text as paragraphs, without tags and with entities read', () => {
    expect(paragraphsOf('<h2>标题</h2><p>A &amp; B<br>第二行</p><ul><li>一</li></ul>')).toEqual(['标题', 'A & B', '第二行', '一']);
  });

  it('compares the body paragraph by paragraph, and a replaced one within', () => {
    expect(diffParagraphs(['一', '二', '三'], ['一', '二改', '三', '四'])).toEqual([
      { kind: 'same', text: '一' },
      { kind: 'changed', pieces: [{ kind: 'same', text: '二' }, { kind: 'added', text: '改' }] },
      { kind: 'same', text: '三' },
      { kind: 'added', text: '四' },
    ]);
  });

  it('lists only the fields that changed, in the page order', () => {
    const changes = contentChanges(notice({}), notice({ title: '关于开展企业服务月活动的补充通知', isTop: true, content: '<p>第一段。</p><p>活动时间为 12 月。</p>' }));
    expect(changes.fields.map((f) => f.label)).toEqual(['标题', '置顶']);
    expect(changes.body.map((p) => p.kind)).toEqual(['same', 'changed', 'removed']);
  });
});
