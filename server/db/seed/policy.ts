import { formatDate, shanghaiDayEnd, shanghaiDayStart } from '#contract/format.ts';
import type { Db } from '../database.ts';
import { MEASURES, POLICY_TEMPLATES, type PolicyTemplate } from './policy.data.ts';
import { insertChunked, type Random } from './random.ts';

const DAY = 86_400_000;
const NUMERALS = ['一', '二', '三', '四', '五', '六'];

/** The start (00:00) or end (23:59:59.999) of the Shanghai day that holds `t`. */
const shanghaiDay = (t: number, end = false) => (end ? shanghaiDayEnd(t) : shanghaiDayStart(t)).toISOString();

function dates(tpl: PolicyTemplate, rnd: Random, now: Date) {
  const t = now.getTime();
  const publish = (min: number, max: number) => new Date(rnd.pastIso(now, min, max));
  if (tpl.intent === 'pending') {
    const publishAt = publish(1, 20);
    return { publishAt, from: shanghaiDay(t + rnd.int(5, 60) * DAY), to: rnd.chance(0.5) ? null : shanghaiDay(t + rnd.int(3, 5) * 365 * DAY, true) };
  }
  if (tpl.intent === 'expired') {
    const publishAt = publish(400, 730);
    return { publishAt, from: shanghaiDay(publishAt.getTime() + rnd.int(0, 10) * DAY), to: shanghaiDay(t - rnd.int(5, 300) * DAY, true) };
  }
  const publishAt = publish(15, 700);
  const from = publishAt.getTime() + rnd.int(0, 10) * DAY;
  return { publishAt, from: shanghaiDay(from), to: rnd.chance(0.5) ? null : shanghaiDay(from + rnd.int(2, 5) * 365 * DAY, true) };
}

function contentOf(tpl: PolicyTemplate, title: string, from: string, to: string | null): string {
  const measures = MEASURES[tpl.category];
  return [
    `<p>为${tpl.goal}，根据国家和本市有关规定，结合实际，制定本文件。</p>`,
    `<h3>一、适用范围</h3><p>本文件适用于在综合保税区内依法登记注册、具有独立法人资格、生产经营正常且信用状况良好的企业。</p>`,
    `<h3>二、主要措施</h3><ol>${measures.map((m) => `<li>${m}。</li>`).join('')}</ol>`,
    `<h3>三、申报与兑现</h3><p>符合条件的企业可通过本平台“项目申报”栏目在线提交申请材料；主管部门自受理之日起20个工作日内完成审核，审核结果在本平台公示5个工作日。</p>`,
    `<h3>四、监督管理</h3><p>企业应对申报材料的真实性负责。对弄虚作假、骗取扶持资金的，依法追回资金并纳入公共信用信息服务平台。</p>`,
    `<h3>五、附则</h3><p>本文件自${formatDate(from)}起施行${to ? `，有效期至${formatDate(to)}` : ''}。具体解释工作由${tpl.issuer}负责。</p>`,
    `<p style="text-align:right">${tpl.issuer}</p>`,
    `<p>（《${title}》）</p>`,
  ].join('');
}

function interpretationOf(tpl: PolicyTemplate): string {
  const measures = MEASURES[tpl.category];
  return [
    `<h3>一、出台背景</h3><p>为${tpl.goal}，${tpl.issuer}在深入调研、广泛听取企业意见的基础上研究制定了本文件。</p>`,
    `<h3>二、主要内容</h3>${measures.slice(0, 3).map((m, i) => `<p>（${NUMERALS[i]}）${m}。</p>`).join('')}`,
    `<h3>三、适用对象</h3><p>综合保税区内依法设立、正常经营的各类企业，具体条件以政策原文为准。</p>`,
    `<h3>四、咨询方式</h3><p>企业服务中心政策咨询窗口，电话：021-58880000。</p>`,
  ].join('');
}

/** `count` policies: the templates in turn, each pass with its own dates (scale for benchmarks). */
export async function seedPolicies(db: Db, rnd: Random, now: Date, count: number): Promise<void> {
  const rows = Array.from({ length: count }, (_, i) => {
    const tpl = POLICY_TEMPLATES[i % POLICY_TEMPLATES.length];
    const { publishAt, from, to } = dates(tpl, rnd, now);
    const year = formatDate(publishAt).slice(0, 4);
    const title = tpl.title.replaceAll('{y}', year);
    return {
      title,
      docNo: tpl.docNo.replaceAll('{y}', year),
      issuer: tpl.issuer,
      level: tpl.level,
      category: tpl.category,
      publishAt: publishAt.toISOString(),
      effectiveFrom: from,
      effectiveTo: to,
      content: contentOf(tpl, title, from, to),
      interpretation: tpl.interpretation ? interpretationOf(tpl) : null,
      attachments:
        i % 3 === 0
          ? JSON.stringify([
              { name: `${title.slice(0, 40)}.pdf`, path: 'public/policy-text.pdf' },
              { name: '申报指南.pdf', path: 'public/declare-guide.pdf' },
            ])
          : '[]',
      viewCount: rnd.int(50, 5000),
    };
  });
  await insertChunked(rows, 200, (chunk) => db.insertInto('policy').values(chunk).execute());
}
