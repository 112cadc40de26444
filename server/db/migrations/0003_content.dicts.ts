/**
 * The dictionaries the product ships with (migration 0003). A frozen snapshot: later changes are
 * made by staff in the tables, or by a new migration, never by editing this list.
 */
export const DICTIONARIES: readonly { code: string; name: string; options: readonly (readonly [string, string])[] }[] = [
  {
    code: 'appeal_type',
    name: '诉求类型',
    options: [
      ['policy', '政策咨询'],
      ['financing', '融资需求'],
      ['employment', '用工需求'],
      ['approval', '审批服务'],
      ['logistics', '通关物流'],
      ['land', '用地用房'],
      ['other', '其他'],
    ],
  },
  {
    code: 'policy_category',
    name: '政策类别',
    options: [
      ['industry', '产业发展'],
      ['tech', '科技创新'],
      ['fiscal', '财税金融'],
      ['talent', '人才就业'],
      ['trade', '外贸通关'],
      ['business', '营商环境'],
      ['green', '绿色低碳'],
    ],
  },
  {
    code: 'policy_level',
    name: '政策级别',
    options: [
      ['national', '国家级'],
      ['provincial', '省级'],
      ['municipal', '市级'],
      ['district', '区级'],
    ],
  },
  {
    // GB/T 4754-2017 国民经济行业分类, the 20 sections (门类) with their letters.
    code: 'industry',
    name: '所属行业',
    options: [
      ['A', '农、林、牧、渔业'],
      ['B', '采矿业'],
      ['C', '制造业'],
      ['D', '电力、热力、燃气及水生产和供应业'],
      ['E', '建筑业'],
      ['F', '批发和零售业'],
      ['G', '交通运输、仓储和邮政业'],
      ['H', '住宿和餐饮业'],
      ['I', '信息传输、软件和信息技术服务业'],
      ['J', '金融业'],
      ['K', '房地产业'],
      ['L', '租赁和商务服务业'],
      ['M', '科学研究和技术服务业'],
      ['N', '水利、环境和公共设施管理业'],
      ['O', '居民服务、修理和其他服务业'],
      ['P', '教育'],
      ['Q', '卫生和社会工作'],
      ['R', '文化、体育和娱乐业'],
      ['S', '公共管理、社会保障和社会组织'],
      ['T', '国际组织'],
    ],
  },
  {
    code: 'enterprise_scale',
    name: '企业规模',
    options: [
      ['large', '大型'],
      ['medium', '中型'],
      ['small', '小型'],
      ['micro', '微型'],
    ],
  },
  {
    code: 'declare_category',
    name: '申报类别',
    options: [
      ['industry', '产业扶持'],
      ['tech', '科技创新'],
      ['talent', '人才发展'],
      ['trade', '外贸发展'],
      ['finance', '融资支持'],
      ['digital', '数字化转型'],
      ['green', '绿色低碳'],
    ],
  },
];
