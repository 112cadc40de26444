import type { Db } from '../database.ts';
import { insertChunked, type Random } from './random.ts';

const SOURCES = ['综合保税区管委会办公室', '企业服务局', '经济发展局', '海关监管科', '财政局', '人力资源和社会保障局', '税务分局', '市场监督管理局'];
const TOPICS = [
  ['关于开展2026年度高新技术企业认定申报工作的通知', '为做好本年度高新技术企业认定工作，现将有关事项通知如下。'],
  ['关于综合保税区企业开展加工贸易手册核销工作的通知', '请区内加工贸易企业按期完成手册核销，逾期将影响后续业务办理。'],
  ['关于举办跨境电商政策宣讲会的通知', '为帮助企业用好跨境电商零售进口政策，定于近期举办专题宣讲会。'],
  ['关于做好春节期间安全生产工作的通知', '各企业要落实安全生产主体责任，做好节日期间值班值守。'],
  ['关于公布第一批区级专精特新企业名单的公告', '经企业申报、材料审核和专家评审，现将名单予以公布。'],
  ['关于开展企业统计数据报送工作的提醒', '请各企业于每月10日前完成统计数据报送，确保数据真实准确。'],
  ['关于调整综合保税区卡口通行时间的公告', '因业务量增加，即日起调整卡口通行时间，请企业合理安排车辆。'],
  ['关于开展保税维修业务试点申报的通知', '符合条件的企业可申报开展保税维修业务试点，详见附件。'],
  ['关于举办2026年区内企业招聘会的通知', '为帮助企业解决用工需求，将于下月举办专场招聘会。'],
  ['关于征集企业发展困难和意见建议的公告', '为精准服务企业，现面向区内企业征集发展中遇到的困难和建议。'],
  ['关于开展外贸企业出口信用保险补贴申报的通知', '对投保出口信用保险的企业给予保费补贴，请按要求申报。'],
  ['关于做好2026年度企业年报公示工作的通知', '请各企业于6月30日前通过国家企业信用信息公示系统报送年度报告。'],
] as const;

function contentOf(title: string, summary: string, source: string): string {
  return [
    `<p>各有关企业：</p>`,
    `<p>${summary}</p>`,
    `<h3>一、工作目标</h3><p>坚持服务企业、优化营商环境，切实提高政策的知晓度和兑现效率。</p>`,
    `<h3>二、办理方式</h3><p>企业可通过本平台在线提交材料，也可到企业服务中心窗口现场办理。</p>`,
    `<h3>三、联系方式</h3><p>联系人：企业服务中心　电话：021-58880000</p>`,
    `<p style="text-align:right">${source}</p>`,
    `<p>（《${title}》）</p>`,
  ].join('');
}

export async function seedNotices(db: Db, rnd: Random, now: Date, count: number): Promise<void> {
  const rows = Array.from({ length: count }, (_, i) => {
    const [title, summary] = TOPICS[i % TOPICS.length];
    const source = rnd.pick(SOURCES);
    const round = Math.floor(i / TOPICS.length);
    const fullTitle = round ? `${title}（第${round + 1}批）` : title;
    return {
      title: fullTitle,
      summary,
      content: contentOf(fullTitle, summary, source),
      source,
      publishAt: rnd.pastIso(now, 0, 730),
      isTop: i < 2 ? 1 : 0,
      viewCount: rnd.int(20, 3000),
      attachments: i % 3 === 0 ? JSON.stringify([{ name: '申报指南.pdf', path: 'public/notice-guide.pdf' }]) : '[]',
    };
  });
  await insertChunked(rows, 500, (chunk) => db.insertInto('notice').values(chunk).execute());
}
