import { expect, it } from 'vitest';
import { createMatchPush } from '#server/modules/match/match-push.service.ts';
import type { MessageService } from '#server/modules/message/message.service.ts';
import { signUpAndLogin, type SignedUp } from '#tests/helpers/auth.ts';
import { consoleCall, consoleGet, freeProject, profileGet, profileSave, publishedDeclare } from '#tests/helpers/match.ts';
import { staffLogin } from '#tests/helpers/staff.ts';
import { describeEachDb, type TestApp } from '#tests/helpers/test-app.ts';

/** The SMS a push sent to an enterprise's account about a project (by the project name in its text). */
async function smsAbout(t: TestApp, who: SignedUp, project: string) {
  const rows = await t.db.selectFrom('smsDelivery').select(['phone', 'template', 'content', 'status']).where('phone', '=', who.phone).execute();
  return rows.filter((r) => r.content.includes(`“${project}”`));
}

/** The test plays the processes itself: the app's own push every few seconds would race it. */
async function withoutBackgroundPush(t: TestApp) {
  t.app.jobs.stop();
  await t.app.jobs.settled();
}

describeEachDb('政策推送短信：只发给订阅的企业，每个项目至多一条', (t) => {
  it('saves the SMS opt-in through the profile call, and refuses a value that is not yes or no without saving anything', async () => {
    const ent = await signUpAndLogin(t());
    const on = await profileSave(t(), ent.headers, { pushSms: true, industry: 'C' });
    expect([on.status, on.body.data.pushSms, on.body.data.pushSmsPhone]).toEqual([200, true, `${ent.phone.slice(0, 3)}****${ent.phone.slice(7)}`]);

    const bad = await profileSave(t(), ent.headers, { pushSms: 'yes', industry: 'F' });
    expect([bad.status, bad.body.data?.fields?.pushSms]).toEqual([400, '接收政策推送短信请选择开启或关闭']);
    const kept = (await profileGet(t(), ent.headers)).body.data;
    expect([kept.pushSms, kept.attributes.industry.value]).toEqual([true, 'C']);

    // Left out keeps it; false switches it off.
    expect((await profileSave(t(), ent.headers, { revenue: 10 })).body.data.pushSms).toBe(true);
    expect((await profileSave(t(), ent.headers, { pushSms: false })).body.data).toMatchObject({ pushSms: false, pushSmsPhone: null });
  });

  it('texts only the eligible enterprises that opted in, once per project, and the console says who got one', async () => {
    const reviewer = await staffLogin(t(), 'reviewer');
    const [subscribed, quiet, unsure] = await Promise.all([0, 1, 2].map(() => signUpAndLogin(t())));
    await profileSave(t(), subscribed.headers, { importExport: 5000, pushSms: true });
    await profileSave(t(), quiet.headers, { importExport: 6000 });
    await profileSave(t(), unsure.headers, { industry: 'G', pushSms: true });
    const name = '保税物流短信推送';
    const rules = { all: [{ attr: 'importExport', op: 'gte', value: 3000 }, { attr: 'industry', op: 'ne', value: 'K' }] };
    const rulesOnlyFigure = { attr: 'importExport', op: 'gte', value: 3000 };
    const id = (await consoleCall(t(), reviewer, 'free-project/save', freeProject(name, rulesOnlyFigure))).body.data.id;
    await consoleCall(t(), reviewer, 'free-project/publish', { id });
    await t().app.services.match.push.run();
    await t().app.services.match.push.run();
    await t().app.services.message.settled();

    const sms = await smsAbout(t(), subscribed, name);
    expect(sms).toEqual([{ phone: subscribed.phone, template: 'match_push_free', content: `【${t().app.config.site.platformName}】贵企业符合免申即享“${name}”的条件，无需申请，请登录平台查看。`, status: 'sent' }]);
    expect(await smsAbout(t(), quiet, name)).toEqual([]);
    // A `maybe` is asked in-site to complete its profile, never by SMS.
    expect(await smsAbout(t(), unsure, name)).toEqual([]);

    // Rules changed while public: pushed again, but nobody is texted twice about the project.
    await consoleCall(t(), reviewer, 'free-project/save', { ...freeProject(name, rules), id });
    await t().app.services.match.push.run();
    await t().app.services.message.settled();
    expect(await smsAbout(t(), subscribed, name)).toHaveLength(1);

    // The `maybe` one completes its profile and matches: one SMS now, with the eligible notice.
    await profileSave(t(), unsure.headers, { importExport: 3500 });
    await t().app.services.match.push.run();
    await t().app.services.match.push.run();
    await t().app.services.message.settled();
    expect((await smsAbout(t(), unsure, name)).map((s) => s.status)).toEqual(['sent']);

    const told = await consoleGet(t(), reviewer, `match/pushes?kind=free-project&id=${id}`);
    expect(told.status, told.body.msg).toBe(200);
    const byName = new Map(told.body.data.records.map((r: any) => [r.uscc, r.sms]));
    const usccOf = async (e: SignedUp) => (await t().db.selectFrom('enterprise').select('uscc').where('id', '=', e.enterpriseId).executeTakeFirstOrThrow()).uscc;
    expect([byName.get(await usccOf(subscribed)), byName.get(await usccOf(quiet)), byName.get(await usccOf(unsure))]).toEqual(['sent', null, 'sent']);
    expect(told.body.data.sms).toBe(2);
  });

  it('after a restart mid-way, texts each opted-in enterprise once per project: none lost with a committed batch, none doubled', async () => {
    await withoutBackgroundPush(t());
    const reviewer = await staffLogin(t(), 'reviewer');
    const ent = await signUpAndLogin(t());
    await profileSave(t(), ent.headers, { employees: 900, rdRatio: 12, pushSms: true });
    const first = '稳岗扩产（重启短信）';
    const second = '研发加计（重启短信）';
    await publishedDeclare(t(), reviewer, first, { attr: 'employees', op: 'gte', value: 800 });
    await publishedDeclare(t(), reviewer, second, { attr: 'rdRatio', op: 'gte', value: 10 });

    // The process dies while telling the second project: its transaction never commits.
    const { profile, openProjects } = t().app.services.match;
    const real = t().app.services.message;
    let told = 0;
    const dying: MessageService = {
      ...real,
      recordMany: async (trx, notices) => {
        if (notices.some((n) => n.title.includes(second))) throw new Error('进程在推送中途退出');
        told += notices.length;
        return real.recordMany(trx, notices);
      },
    };
    await expect(createMatchPush({ db: t().db } as never, { profile, message: dying, openProjects }).run()).rejects.toThrow('进程在推送中途退出');
    expect(told).toBeGreaterThan(0);
    await real.settled();
    expect(await smsAbout(t(), ent, first)).toHaveLength(1);
    expect(await smsAbout(t(), ent, second)).toHaveLength(0);

    // A new process: a push service with nothing in memory, run twice.
    const restarted = createMatchPush({ db: t().db } as never, { profile, message: real, openProjects });
    await restarted.run();
    await restarted.run();
    await real.settled();
    expect((await smsAbout(t(), ent, first)).map((s) => s.status)).toEqual(['sent']);
    expect((await smsAbout(t(), ent, second)).map((s) => s.status)).toEqual(['sent']);
  });
});
