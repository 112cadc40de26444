import type { Rule } from '#contract/match-rules.ts';

/**
 * Texts of the enterprise-services demo data: other enterprises of the zone, declaration and
 * 免申即享 projects, and appeals with the bureau's replies. Amounts are in 万元 here.
 */

/** Enterprises besides the demo one: name, contact, phone. Their USCCs are computed (valid check digit). */
export const ZONE_ENTERPRISES = [
  ['上海浦江精密制造有限公司', '李国平', '13916200101'],
  ['上海临港国际物流有限公司', '张海燕', '13916200102'],
  ['上海申贸供应链管理有限公司', '刘建军', '13916200103'],
  ['上海绿洲生物医药科技有限公司', '赵晓雯', '13916200104'],
  ['上海恒信电子科技有限公司', '孙立新', '13916200105'],
  ['上海海汇跨境电子商务有限公司', '周婷婷', '13916200106'],
] as const;

export interface ProjectSeed {
  name: string;
  category: string;
  department: string;
  amount: [number | null, number | null];
  /** Window relative to "now", in days: [start, end]. */
  window: [number, number];
  conditions: string;
  content: string;
  materials: [name: string, required: boolean, template: string | null][];
  /** The machine-readable part of the conditions (政策找人); what no profile attribute can tell stays in the text only. */
  rules?: Rule;
}

const STANDARD_MATERIALS: ProjectSeed['materials'] = [
  ['项目申报书', true, 'declaration'],
  ['信用承诺书', true, 'commitment'],
  ['营业执照复印件', true, null],
  ['上年度财务报表', true, 'financial'],
];

const body = (intro: string, support: string) =>
  `<h3>一、支持对象</h3><p>${intro}</p><h3>二、支持标准</h3><p>${support}</p><h3>三、申报方式</h3><p>企业通过本平台“免申即享—申报项目”在线填报并上传材料，可先保存草稿，核对无误后提交。</p><h3>四、咨询电话</h3><p>企业服务中心：021-58880000（工作日 9:00-17:00）</p>`;

export const DECLARE_PROJECTS: ProjectSeed[] = [
  {
    name: '2026年度综合保税区企业研发投入补助',
    category: 'tech',
    department: '经济发展局',
    amount: [10, 200],
    window: [-20, 25],
    conditions: '1. 注册在本综合保税区且实际经营满一年；\n2. 上年度研发费用占营业收入比例不低于 3%；\n3. 近三年无重大违法违规记录。',
    rules: { all: [{ attr: 'foundedOn', op: 'yearsAtLeast', value: 1 }, { attr: 'rdRatio', op: 'gte', value: 3 }] },
    content: body('区内开展研发活动、研发投入持续增长的企业。', '按上年度研发费用增量的 10% 给予补助，单个企业最高 200 万元。'),
    materials: [...STANDARD_MATERIALS, ['研发费用专项审计报告', false, null]],
  },
  {
    name: '保税维修业务试点企业扶持',
    category: 'industry',
    department: '海关监管处',
    amount: [50, 50],
    window: [-10, 40],
    conditions: '1. 已取得保税维修业务试点资格；\n2. 上年度保税维修业务收入不低于 1000 万元。',
    rules: { all: [{ attr: 'qualifications', op: 'has', value: 'bonded-repair' }] },
    content: body('区内开展保税维修业务的试点企业。', '对符合条件的企业一次性给予 50 万元扶持。'),
    materials: [['项目申报书', true, 'declaration'], ['信用承诺书', true, 'commitment'], ['保税维修业务试点批复文件', true, null]],
  },
  {
    name: '跨境电商海外仓建设补贴',
    category: 'trade',
    department: '经济发展局',
    amount: [null, null],
    window: [-5, 55],
    conditions: '1. 区内跨境电商企业；\n2. 自建或租用海外仓面积不少于 2000 平方米。',
    rules: { all: [{ attr: 'industry', op: 'in', value: ['F', 'G', 'L'] }, { attr: 'importExport', op: 'gte', value: 1 }] },
    content: body('在境外建设或租用海外仓、服务区内跨境电商出口的企业。', '按海外仓建设或租赁实际投入给予补贴，具体金额根据评审结果确定。'),
    materials: [['项目申报书', true, 'declaration'], ['海外仓租赁合同或产权证明', true, null], ['信用承诺书', true, 'commitment']],
  },
  {
    name: '企业数字化转型项目补助',
    category: 'digital',
    department: '经济发展局',
    amount: [5, 100],
    window: [-30, 14],
    conditions: '1. 实施生产、仓储或管理环节数字化改造；\n2. 项目已完成并通过验收。',
    rules: { all: [{ attr: 'industry', op: 'in', value: ['C', 'F', 'G'] }, { attr: 'scale', op: 'in', value: ['medium', 'small', 'micro'] }] },
    content: body('实施数字化、智能化改造的区内企业。', '按项目软硬件实际投入的 20% 给予补助，最高 100 万元。'),
    materials: [...STANDARD_MATERIALS, ['项目验收报告', true, null]],
  },
  {
    name: '2027年度绿色低碳示范项目奖励',
    category: 'green',
    department: '经济发展局',
    amount: [20, 80],
    window: [20, 80],
    conditions: '1. 实施节能降碳改造，年节约标准煤 200 吨以上；\n2. 项目已投入运行满半年。',
    rules: { all: [{ attr: 'industry', op: 'eq', value: 'C' }] },
    content: body('实施节能降碳改造成效显著的区内企业。', '按年节能量给予每吨标准煤 500 元奖励，最高 80 万元。'),
    materials: [['项目申报书', true, 'declaration'], ['节能量审核报告', true, null], ['信用承诺书', true, 'commitment']],
  },
  {
    name: '2026年度人才安居补贴（第一批）',
    category: 'talent',
    department: '人力资源和社会保障局',
    amount: [1, 10],
    window: [-75, -30],
    conditions: '1. 在区内企业全职工作并缴纳社会保险满一年；\n2. 本科及以上学历或中级及以上职称。',
    content: body('区内企业引进的各类紧缺人才。', '按人才层次给予每人每年 1 万元至 10 万元安居补贴。'),
    materials: [['人才名单汇总表', true, 'financial'], ['信用承诺书', true, 'commitment']],
  },
  {
    name: '重点产业链企业融资贴息',
    category: 'finance',
    department: '财政局',
    amount: [0, 30],
    window: [-100, -45],
    conditions: '1. 属于区重点产业链企业；\n2. 上年度新增银行贷款用于生产经营。',
    rules: { any: [{ attr: 'qualifications', op: 'has', value: 'hnte' }, { attr: 'qualifications', op: 'has', value: 'srdi' }, { attr: 'qualifications', op: 'has', value: 'little-giant' }] },
    content: body('重点产业链上获得银行贷款的区内企业。', '按贷款实际付息额的 50% 给予贴息，最高 30 万元。'),
    materials: [['项目申报书', true, 'declaration'], ['借款合同及付息凭证', true, null], ['信用承诺书', true, 'commitment']],
  },
  {
    name: '2026年度外贸稳增长奖励',
    category: 'trade',
    department: '经济发展局',
    amount: [5, 50],
    window: [-60, -12],
    conditions: '1. 上年度进出口额不低于 1000 万美元；\n2. 进出口额同比增长。',
    rules: { all: [{ attr: 'importExport', op: 'gte', value: 1000 }] },
    content: body('进出口实绩增长的区内外贸企业。', '按进出口增量分档给予 5 万元至 50 万元奖励。'),
    materials: [['项目申报书', true, 'declaration'], ['海关进出口数据证明', true, null], ['信用承诺书', true, 'commitment']],
  },
];

export interface FreeProjectSeed {
  name: string;
  category: string;
  department: string;
  amount: [number | null, number | null];
  daysAgo: number;
  conditions: string;
  reasons: [condition: string, source: string][];
  rules?: Rule;
}

export const FREE_PROJECTS: FreeProjectSeed[] = [
  {
    name: '高新技术企业认定奖励（免申即享）',
    category: 'tech',
    department: '经济发展局',
    amount: [20, 20],
    daysAgo: 12,
    conditions: '2025 年度新认定的高新技术企业，注册地和税收户管地均在本综合保税区。',
    rules: { all: [{ attr: 'qualifications', op: 'has', value: 'hnte' }] },
    reasons: [
      ['2025 年度新认定为高新技术企业', '市科委高新技术企业认定名单（2025 年第二批）'],
      ['注册地和税收户管地在本区', '区市场监管局企业登记信息、区税务分局征管数据'],
    ],
  },
  {
    name: '外贸企业出口信用保险保费补贴',
    category: 'trade',
    department: '经济发展局',
    amount: [0.5, 50],
    daysAgo: 30,
    conditions: '上年度投保短期出口信用保险的区内外贸企业，按实缴保费的 50% 补贴。',
    rules: { all: [{ attr: 'importExport', op: 'gte', value: 1 }] },
    reasons: [
      ['上年度投保短期出口信用保险并足额缴纳保费', '中国出口信用保险公司上海分公司保单数据'],
      ['上年度有出口实绩', '海关进出口统计数据'],
    ],
  },
  {
    name: '稳岗就业补贴',
    category: 'talent',
    department: '人力资源和社会保障局',
    amount: [null, null],
    daysAgo: 45,
    conditions: '上年度未裁员或裁员率低于全市城镇调查失业率控制目标的参保企业，按上年度实缴失业保险费的 60% 返还。',
    rules: { all: [{ attr: 'employees', op: 'gte', value: 1 }] },
    reasons: [
      ['上年度裁员率低于控制目标', '市社保中心参保缴费数据'],
      ['依法足额缴纳失业保险费满 12 个月', '市社保中心参保缴费数据'],
    ],
  },
  {
    name: '跨境电商企业物流费用补贴',
    category: 'trade',
    department: '经济发展局',
    amount: [1, 30],
    daysAgo: 60,
    conditions: '通过区内跨境电商监管中心出口的企业，按上年度出口单量给予物流费用补贴。',
    rules: { all: [{ attr: 'industry', op: 'in', value: ['F', 'G'] }, { attr: 'importExport', op: 'gte', value: 1 }] },
    reasons: [['上年度经区跨境电商监管中心出口 10 万单以上', '区跨境电商公共服务平台数据']],
  },
  {
    name: '企业首次上规入统奖励',
    category: 'industry',
    department: '经济发展局',
    amount: [10, 10],
    daysAgo: 90,
    conditions: '上年度首次纳入规模以上工业或限额以上批零住餐统计的企业，一次性奖励 10 万元。',
    reasons: [['2025 年度首次纳入规模以上统计', '区统计局联网直报名录']],
  },
];

export interface AppealSeed {
  title: string;
  type: string;
  content: string;
  reply: string;
}

export const APPEALS: AppealSeed[] = [
  {
    title: '申请协调保税仓库扩容用地',
    type: 'land',
    content: '我司保税仓储业务量同比增长 40%，现有仓库已满负荷运行，希望管委会协调区内约 5000 平方米的闲置仓储用地。',
    reply: '经协调，临港片区二期仓库有约 6000 平方米可租赁，已将贵司需求转招商服务科，请与招商服务科（021-58880301）对接。',
  },
  {
    title: '咨询高新技术企业认定奖励政策',
    type: 'policy',
    content: '我司今年通过高新技术企业认定，想了解区级配套奖励的申请条件、金额和兑现方式，是否需要另行提交申请材料。',
    reply: '该奖励已纳入“免申即享”，系统将根据认定名单自动匹配，贵司可在用户中心“我的申报”中确认收款账户，无需另行提交材料。',
  },
  {
    title: '反映卡口通行高峰期排队时间过长',
    type: 'logistics',
    content: '近一个月每天 9 点至 11 点卡口车辆排队超过 1 小时，影响我司集装箱按时提离，建议增开通道或错峰通行。',
    reply: '自下月 1 日起，二号卡口早高峰时段增开 2 条通道，并试行预约通行，预计可缩短排队时间一半以上。',
  },
  {
    title: '希望对接银行开展知识产权质押融资',
    type: 'financing',
    content: '我司拥有发明专利 12 项，目前流动资金紧张，希望区里帮助对接开展知识产权质押融资的银行。',
    reply: '已将贵司需求推送至区内 3 家合作银行，其中两家银行客户经理将在 3 个工作日内与贵司联系。',
  },
  {
    title: '招聘一线操作工困难，请求协助',
    type: 'employment',
    content: '我司新增两条生产线，需招聘一线操作工 80 名，通过网络渠道招聘效果不理想，希望区里协助组织专场招聘。',
    reply: '区人社局将于本月下旬举办区内企业专场招聘会，已为贵司预留展位，并将岗位信息推送至周边 5 所职业院校。',
  },
  {
    title: '加工贸易手册核销流程咨询',
    type: 'approval',
    content: '我司加工贸易手册即将到期，对核销时需要准备的材料和办理时限不太清楚，希望得到具体指导。',
    reply: '保税监管科已安排专人上门辅导，核销材料清单及办理流程已通过邮件发送至贵司联系人。',
  },
  {
    title: '建议增设区内公交接驳线路',
    type: 'other',
    content: '区内企业员工上下班主要依靠地铁，地铁站到园区步行超过 20 分钟，建议开通地铁站至园区的接驳公交。',
    reply: '经与区交通部门协商，已开通地铁站至园区的早晚高峰接驳线路，每 10 分钟一班。',
  },
  {
    title: '申请办理保税维修业务试点资格',
    type: 'approval',
    content: '我司拟开展精密仪器保税维修业务，希望了解试点资格的申请条件和所需材料，并申请预约辅导。',
    reply: '已将试点申请指南发送至贵司，海关监管处将于下周二上午组织辅导，请携带相关材料参加。',
  },
  {
    title: '研发楼租金补贴申请进度查询',
    type: 'policy',
    content: '我司于三个月前提交了研发用房租金补贴申请，至今未收到审核结果，请协助查询办理进度。',
    reply: '经查，贵司申请已通过审核，补贴资金已进入拨付流程，预计 10 个工作日内到账。',
  },
  {
    title: '出口退税办理时间较长',
    type: 'policy',
    content: '我司近期出口退税平均办理时间超过 15 个工作日，影响资金周转，希望相关部门加快办理。',
    reply: '区税务分局已将贵司纳入出口退税一类企业管理，后续正常退税平均办理时间将压缩至 3 个工作日以内。',
  },
  {
    title: '园区道路照明不足存在安全隐患',
    type: 'other',
    content: '园区东侧道路夜间照明不足，多次发生货车与行人险些相撞的情况，建议尽快增设路灯。',
    reply: '市政养护单位已完成东侧道路 18 盏路灯的增设和修复，夜间照度已达到标准。',
  },
  {
    title: '咨询跨境电商零售进口清单商品范围',
    type: 'logistics',
    content: '我司拟开展跨境电商零售进口业务，想了解最新的正面清单商品范围及通关监管要求。',
    reply: '已将最新版跨境电商零售进口商品清单及监管要求发送至贵司，如需进一步辅导可预约对外贸易科。',
  },
];

/** Reasons the bureau gives when it does not accept an appeal. */
export const REJECT_REASONS = [
  '该事项属于企业间合同纠纷，不属于本局受理范围，建议通过协商或司法途径解决。',
  '该诉求与贵司前期提交的诉求内容重复，已合并至原诉求办理。',
];

export const EVALUATION_COMMENTS = ['答复及时，问题得到解决，非常感谢！', '工作人员态度很好，办理效率高。', '问题基本解决，希望后续继续跟进。'];

/** 一企一档 of the zone's enterprises (in ZONE_ENTERPRISES order), verified from the departments' data; the demo enterprise declares its own. */
export const ZONE_PROFILES: { department: string; attributes: Record<string, unknown> }[] = [
  { department: '市场监管局', attributes: { industry: 'C', scale: 'medium', foundedOn: '2012-05-18', employees: 320, revenue: 26_000, rdRatio: 4.2, importExport: 1800, qualifications: ['hnte', 'srdi', 'general-taxpayer'] } },
  { department: '市场监管局', attributes: { industry: 'G', scale: 'medium', foundedOn: '2015-09-01', employees: 210, revenue: 18_500, importExport: 3200, qualifications: ['aeo', 'general-taxpayer'] } },
  { department: '商务发展局', attributes: { industry: 'L', scale: 'small', foundedOn: '2019-03-12', employees: 45, revenue: 6200, importExport: 950, qualifications: ['general-taxpayer'] } },
  { department: '科技创新局', attributes: { industry: 'M', scale: 'small', foundedOn: '2021-07-20', employees: 68, revenue: 3100, rdRatio: 18.5, qualifications: ['tech-sme', 'hnte'] } },
  { department: '市场监管局', attributes: { industry: 'C', scale: 'small', foundedOn: '2017-11-02', employees: 96, revenue: 8800, rdRatio: 3.6, importExport: 640, qualifications: ['bonded-repair', 'general-taxpayer'] } },
  { department: '商务发展局', attributes: { industry: 'F', scale: 'micro', foundedOn: '2023-02-15', employees: 12, revenue: 420 } },
];
