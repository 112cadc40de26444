import type { ServiceIcon } from '#contract/service-item.ts';
import type { Db } from '../database.ts';

/** The home page's quick links: site sections first, then the national service systems. */
const SERVICES: readonly { name: string; icon: ServiceIcon; url: string; description: string }[] = [
  { name: '企业开办', icon: 'company', url: 'https://zwdt.sh.gov.cn/', description: '设立登记、公章刻制、申领发票、社保登记一网通办' },
  { name: '项目申报', icon: 'declare', url: '/free-apply', description: '在线申报各类企业扶持项目，进度实时可查' },
  { name: '政策兑现', icon: 'finance', url: '/user/free-apply', description: '免申即享，符合条件的扶持资金直接兑付' },
  { name: '政策查询', icon: 'policy', url: '/important-policy', description: '国家、市、区各级惠企政策一站查询' },
  { name: '诉求办理', icon: 'appeal', url: '/appeal/components/appeal-form', description: '企业诉求在线提交，限时受理、全程留痕' },
  { name: '通关服务', icon: 'customs', url: 'https://www.singlewindow.cn/', description: '国际贸易“单一窗口”申报与通关查询' },
  { name: '人才服务', icon: 'talent', url: '/important-policy?category=talent', description: '人才引进、落户、安居与职业技能培训' },
  { name: '办税服务', icon: 'tax', url: 'https://etax.chinatax.gov.cn/', description: '电子税务局在线办税、出口退税申报' },
  { name: '用地用房', icon: 'land', url: '/appeal/components/appeal-form', description: '厂房、办公用房及产业用地需求对接' },
  { name: '咨询服务', icon: 'consult', url: '/address-book', description: '各部门联系电话与办公地址' },
];

export async function seedServiceItems(db: Db): Promise<void> {
  await db
    .insertInto('serviceItem')
    .values(SERVICES.map((s, i) => ({ ...s, sort: (i + 1) * 10 })))
    .execute();
}
