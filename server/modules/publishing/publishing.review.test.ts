import { expect, it } from 'vitest';
import { staffLogin, type StaffSession } from '#tests/helpers/staff.ts';
import { describeEachDb } from '#tests/helpers/test-app.ts';

/**
 * 审核 (docs/console.md "Content"): the publisher sees the row as the public will, and the version
 * the public saw last, to compare: kept at publication, or (for a row published before copies
 * were kept) before an offline row's first change.
 */
describeEachDb('审核：成稿与已发布版本', (t) => {
  const post = (who: StaffSession, url: string, payload: object) => t().call({ method: 'POST', url: `/console/api/${url}`, payload, headers: who.headers });
  const review = (who: StaffSession, id: number) => t().call({ method: 'GET', url: `/console/api/notice/review?id=${id}`, headers: who.headers });

  it('compares a changed notice with what was published', async () => {
    const editor = await staffLogin(t(), 'editor');
    const publisher = await staffLogin(t(), 'publisher');
    const first = { title: '关于开展企业服务月活动的通知', content: '<p>活动时间为 11 月。</p>', summary: '服务月', isTop: false };
    const id = (await post(editor, 'notice/save', first)).body.data.id as number;
    expect((await post(editor, 'notice/submit', { id })).status).toBe(200);
    // Never published: nothing to compare with.
    const fresh = await review(publisher, id);
    expect(fresh.status, fresh.body.msg).toBe(200);
    expect(fresh.body.data).toMatchObject({ current: { title: first.title }, published: null });

    expect((await post(publisher, 'notice/publish', { id })).status).toBe(200);
    expect((await post(publisher, 'notice/offline', { id, reason: '活动时间调整' })).status).toBe(200);
    expect((await post(editor, 'notice/save', { ...first, id, title: '关于开展企业服务月活动的补充通知', content: '<p>活动时间为 12 月。</p>' })).status).toBe(200);
    expect((await post(editor, 'notice/submit', { id })).status).toBe(200);
    const changed = (await review(publisher, id)).body.data;
    expect(changed.current).toMatchObject({ title: '关于开展企业服务月活动的补充通知', content: expect.stringContaining('12 月') });
    expect(changed.published).toMatchObject({ title: first.title, content: expect.stringContaining('11 月'), summary: '服务月' });
  });

  it('keeps the published version of a row published before copies were kept, at its first change', async () => {
    const editor = await staffLogin(t(), 'editor');
    const publisher = await staffLogin(t(), 'publisher');
    const at = new Date().toISOString();
    const { id } = await t()
      .db.insertInto('notice')
      .values({ title: '早已发布的通知', content: '<p>原文。</p>', summary: null, source: '企业服务局', isTop: 0, status: 'offline', publishAt: at, attachments: '[]', createdAt: at, updatedAt: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await post(editor, 'notice/save', { id, title: '早已发布的通知（修订）', content: '<p>修订后的正文。</p>', isTop: false })).status).toBe(200);
    expect((await post(editor, 'notice/submit', { id })).status).toBe(200);
    expect((await review(publisher, id)).body.data.published).toMatchObject({ title: '早已发布的通知', content: expect.stringContaining('原文') });
    // A second change of the draft does not replace what the public saw.
    expect((await post(publisher, 'notice/reject', { id, reason: '请补充联系方式' })).status).toBe(200);
    expect((await post(editor, 'notice/save', { id, title: '早已发布的通知（再修订）', content: '<p>再修订。</p>', isTop: false })).status).toBe(200);
    expect((await post(editor, 'notice/submit', { id })).status).toBe(200);
    expect((await review(publisher, id)).body.data.published.title).toBe('早已发布的通知');
    // Only content staff read it.
    const payer = await staffLogin(t(), 'payer');
    expect((await review(payer, id)).status).toBe(403);
  });
});
