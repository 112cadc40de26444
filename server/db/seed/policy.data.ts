/**
 * Demo policies (重点政策): realistic titles, 文号 and 发文机关 across every level and category.
 * `{y}` is the year of publication. `intent` decides the effective dates relative to "now".
 */
export type Intent = 'effective' | 'expired' | 'pending';

export interface PolicyTemplate {
  title: string;
  docNo: string;
  issuer: string;
  level: 'national' | 'provincial' | 'municipal' | 'district';
  category: 'industry' | 'tech' | 'fiscal' | 'talent' | 'trade' | 'business' | 'green';
  intent: Intent;
  /** What the policy sets out to do, for the opening paragraph. */
  goal: string;
  interpretation?: true;
}

export const POLICY_TEMPLATES: readonly PolicyTemplate[] = [
  { title: '国务院关于促进综合保税区高水平开放高质量发展的若干意见', docNo: '国发〔{y}〕3号', issuer: '国务院', level: 'national', category: 'trade', intent: 'effective', goal: '推动综合保税区发展成为具有全球影响力和竞争力的加工制造中心、研发设计中心、物流分拨中心、检测维修中心和销售服务中心', interpretation: true },
  { title: '国务院关于印发《推动大规模设备更新和消费品以旧换新行动方案》的通知', docNo: '国发〔{y}〕7号', issuer: '国务院', level: 'national', category: 'industry', intent: 'effective', goal: '推动先进产能比重持续提升，促进高质量耐用消费品更多进入居民生活' },
  { title: '国务院办公厅关于推动外贸稳规模优结构的意见', docNo: '国办发〔{y}〕10号', issuer: '国务院办公厅', level: 'national', category: 'trade', intent: 'effective', goal: '稳住外贸外资基本盘，推动外贸质升量稳' },
  { title: '财政部 海关总署 税务总局关于综合保税区内销货物选择性征收关税政策的公告', docNo: '财政部 海关总署 税务总局公告{y}年第13号', issuer: '财政部 海关总署 税务总局', level: 'national', category: 'fiscal', intent: 'effective', goal: '促进综合保税区内外贸一体化发展，降低企业内销成本', interpretation: true },
  { title: '财政部 税务总局关于进一步完善研发费用税前加计扣除政策的公告', docNo: '财政部 税务总局公告{y}年第7号', issuer: '财政部 税务总局', level: 'national', category: 'fiscal', intent: 'effective', goal: '进一步激励企业加大研发投入，支持科技创新', interpretation: true },
  { title: '财政部 税务总局关于延续实施小微企业和个体工商户所得税优惠政策的公告', docNo: '财政部 税务总局公告{y}年第6号', issuer: '财政部 税务总局', level: 'national', category: 'fiscal', intent: 'expired', goal: '支持小微企业和个体工商户发展，减轻经营主体税费负担' },
  { title: '人力资源社会保障部 财政部 国家税务总局关于延续实施失业保险援企稳岗政策的通知', docNo: '人社部发〔{y}〕40号', issuer: '人力资源社会保障部', level: 'national', category: 'talent', intent: 'effective', goal: '发挥失业保险保生活、防失业、促就业作用，稳定就业岗位' },
  { title: '海关总署关于修订《中华人民共和国海关综合保税区管理办法》的决定', docNo: '海关总署令第256号', issuer: '海关总署', level: 'national', category: 'trade', intent: 'effective', goal: '规范海关对综合保税区的管理，促进综合保税区高水平开放' },
  { title: '商务部等9部门关于拓展跨境电商出口推进海外仓建设的意见', docNo: '商贸发〔{y}〕125号', issuer: '商务部', level: 'national', category: 'trade', intent: 'effective', goal: '拓展跨境电商出口，优化海外仓布局，助力外贸稳规模优结构' },
  { title: '国家发展改革委关于印发《产业结构调整指导目录（{y}年本）》的决定', docNo: '国家发展改革委令第7号', issuer: '国家发展改革委', level: 'national', category: 'industry', intent: 'effective', goal: '引导社会投资方向，推动产业结构优化升级' },
  { title: '科技部 财政部 国家税务总局关于修订印发《高新技术企业认定管理办法》的通知', docNo: '国科发火〔{y}〕32号', issuer: '科技部', level: 'national', category: 'tech', intent: 'effective', goal: '扶持和鼓励高新技术企业发展，规范认定管理工作', interpretation: true },
  { title: '国家发展改革委等部门关于促进绿色消费实施方案的通知', docNo: '发改就业〔{y}〕107号', issuer: '国家发展改革委', level: 'national', category: 'green', intent: 'expired', goal: '加快形成简约适度、绿色低碳的生活方式和消费模式' },
  { title: '上海市人民政府关于印发《上海市加快推进绿色低碳转型行动方案》的通知', docNo: '沪府发〔{y}〕5号', issuer: '上海市人民政府', level: 'provincial', category: 'green', intent: 'effective', goal: '加快经济社会发展全面绿色转型，如期实现碳达峰目标' },
  { title: '上海市人民政府印发《关于进一步促进外资企业高质量发展的若干措施》的通知', docNo: '沪府规〔{y}〕12号', issuer: '上海市人民政府', level: 'provincial', category: 'business', intent: 'pending', goal: '更大力度吸引和利用外资，稳定外资企业发展预期', interpretation: true },
  { title: '上海市人民政府办公厅关于印发《上海市促进综合保税区高质量发展实施方案》的通知', docNo: '沪府办规〔{y}〕9号', issuer: '上海市人民政府办公厅', level: 'provincial', category: 'trade', intent: 'effective', goal: '提升综合保税区开放能级，打造具有国际竞争力的特殊经济功能区', interpretation: true },
  { title: '上海市人民政府办公厅印发《关于支持人工智能产业创新发展的若干措施》的通知', docNo: '沪府办发〔{y}〕15号', issuer: '上海市人民政府办公厅', level: 'provincial', category: 'tech', intent: 'effective', goal: '加快建设人工智能“上海高地”，培育具有国际竞争力的产业集群' },
  { title: '上海市人民政府关于印发《上海市全面深化国际一流营商环境建设实施方案》的通知', docNo: '沪府规〔{y}〕1号', issuer: '上海市人民政府', level: 'provincial', category: 'business', intent: 'effective', goal: '持续打造市场化、法治化、国际化一流营商环境' },
  { title: '上海市人民政府关于印发《上海市进一步推进新型基础设施建设行动方案》的通知', docNo: '沪府发〔{y}〕9号', issuer: '上海市人民政府', level: 'provincial', category: 'industry', intent: 'effective', goal: '加快新型基础设施建设，赋能城市数字化转型' },
  { title: '上海市人民政府办公厅关于印发《上海市促进外贸稳规模提质量的若干政策措施》的通知', docNo: '沪府办规〔{y}〕6号', issuer: '上海市人民政府办公厅', level: 'provincial', category: 'trade', intent: 'expired', goal: '帮助外贸企业稳订单、拓市场，促进外贸平稳发展' },
  { title: '上海市人民政府关于做好当前和今后一个时期促进就业工作的若干意见', docNo: '沪府规〔{y}〕5号', issuer: '上海市人民政府', level: 'provincial', category: 'talent', intent: 'effective', goal: '强化就业优先政策，促进高质量充分就业' },
  { title: '上海市商务委员会等关于印发《上海市支持跨境电子商务高质量发展的若干措施》的通知', docNo: '沪商规〔{y}〕3号', issuer: '上海市商务委员会', level: 'municipal', category: 'trade', intent: 'effective', goal: '培育跨境电商新业态新模式，打造跨境电商发展高地', interpretation: true },
  { title: '上海市财政局关于印发《上海市中小企业发展专项资金管理办法》的通知', docNo: '沪财规〔{y}〕8号', issuer: '上海市财政局', level: 'municipal', category: 'fiscal', intent: 'effective', goal: '规范中小企业发展专项资金管理，提高资金使用效益' },
  { title: '上海市人力资源和社会保障局关于做好{y}年度本市职业技能培训补贴工作的通知', docNo: '沪人社规〔{y}〕4号', issuer: '上海市人力资源和社会保障局', level: 'municipal', category: 'talent', intent: 'pending', goal: '提升劳动者职业技能水平，支持企业开展职工培训' },
  { title: '上海市科学技术委员会关于印发《上海市科技型中小企业技术创新资金管理办法》的通知', docNo: '沪科规〔{y}〕6号', issuer: '上海市科学技术委员会', level: 'municipal', category: 'tech', intent: 'effective', goal: '支持科技型中小企业开展技术创新活动' },
  { title: '上海市经济和信息化委员会关于印发《上海市专精特新中小企业认定管理办法》的通知', docNo: '沪经信规〔{y}〕2号', issuer: '上海市经济和信息化委员会', level: 'municipal', category: 'industry', intent: 'effective', goal: '引导中小企业走专业化、精细化、特色化、新颖化发展道路', interpretation: true },
  { title: '上海市地方金融监督管理局关于印发《上海市中小微企业政策性融资担保基金管理办法》的通知', docNo: '沪金规〔{y}〕3号', issuer: '上海市地方金融监督管理局', level: 'municipal', category: 'fiscal', intent: 'expired', goal: '缓解中小微企业融资难、融资贵问题' },
  { title: '上海市生态环境局关于印发《上海市碳排放配额分配方案》的通知', docNo: '沪环气〔{y}〕210号', issuer: '上海市生态环境局', level: 'municipal', category: 'green', intent: 'expired', goal: '做好碳排放配额分配工作，推进碳排放权交易市场建设' },
  { title: '上海海关关于进一步优化综合保税区货物监管作业模式的公告', docNo: '上海海关公告{y}年第15号', issuer: '上海海关', level: 'municipal', category: 'trade', intent: 'effective', goal: '提升综合保税区货物通关效率，降低企业物流成本' },
  { title: '浦东新区人民政府关于印发《浦东新区促进重点优势产业高质量发展若干政策》的通知', docNo: '浦府规〔{y}〕2号', issuer: '浦东新区人民政府', level: 'district', category: 'industry', intent: 'effective', goal: '做大做强重点优势产业，构建现代化产业体系', interpretation: true },
  { title: '综合保税区管理委员会关于印发《综合保税区企业扶持资金管理办法》的通知', docNo: '综保管规〔{y}〕1号', issuer: '综合保税区管理委员会', level: 'district', category: 'fiscal', intent: 'effective', goal: '规范区内企业扶持资金的申报、审核和拨付', interpretation: true },
  { title: '综合保税区管理委员会关于支持保税研发和保税维修业务发展的若干措施', docNo: '综保管规〔{y}〕3号', issuer: '综合保税区管理委员会', level: 'district', category: 'industry', intent: 'effective', goal: '培育保税研发、保税维修等新业态，拓展区内企业业务空间' },
  { title: '综合保税区管理委员会关于印发《综合保税区人才安居实施办法》的通知', docNo: '综保管规〔{y}〕5号', issuer: '综合保税区管理委员会', level: 'district', category: 'talent', intent: 'effective', goal: '解决区内企业人才住房困难，吸引和留住各类人才' },
  { title: '综合保税区企业服务局关于印发《企业诉求快速响应工作机制》的通知', docNo: '综保企服〔{y}〕6号', issuer: '综合保税区企业服务局', level: 'district', category: 'business', intent: 'effective', goal: '建立企业诉求“接诉即办”机制，提升服务企业效能' },
  { title: '浦东新区科技和经济委员会关于印发《浦东新区科技发展基金管理办法》的通知', docNo: '浦科经委规〔{y}〕1号', issuer: '浦东新区科技和经济委员会', level: 'district', category: 'tech', intent: 'effective', goal: '发挥财政资金引导作用，支持区内科技创新和成果转化' },
  { title: '综合保税区管理委员会关于开展绿色工厂创建工作的实施意见', docNo: '综保管发〔{y}〕2号', issuer: '综合保税区管理委员会', level: 'district', category: 'green', intent: 'pending', goal: '推动区内制造企业节能降碳，创建一批绿色工厂' },
  { title: '浦东新区人力资源和社会保障局关于落实重点群体创业就业税收优惠政策的通知', docNo: '浦人社规〔{y}〕3号', issuer: '浦东新区人力资源和社会保障局', level: 'district', category: 'talent', intent: 'expired', goal: '支持重点群体创业就业，落实税收优惠政策' },
];

/** Measures per category, for the body text. */
export const MEASURES: Record<PolicyTemplate['category'], readonly string[]> = {
  industry: ['对新引进的重点产业项目，按实际固定资产投资额给予一定比例补贴', '支持企业实施智能化、数字化技术改造，择优给予项目资助', '鼓励企业建设高水平研发机构，对认定的国家级、市级平台给予奖励', '对首台（套）装备、首批次材料推广应用给予保险补偿'],
  tech: ['对企业研发投入增量部分给予一定比例奖励', '支持企业与高校、科研院所共建联合实验室', '对获得发明专利授权的企业给予资助', '鼓励企业参与国际标准、国家标准制定'],
  fiscal: ['对符合条件的企业按规定享受税收减免和加计扣除优惠', '设立专项资金，采用贷款贴息、担保费补贴等方式支持企业融资', '对首次获得银行贷款的中小微企业给予贴息支持', '简化资金拨付流程，实行“免申即享”直接兑现'],
  talent: ['对企业引进的高层次人才给予安家补贴和租房补贴', '支持企业开展职工技能培训，按规定给予培训补贴', '对吸纳重点群体就业的企业给予一次性吸纳就业补贴', '优化人才落户、子女入学、医疗保障等服务'],
  trade: ['支持区内企业开展保税研发、保税维修、跨境电商等新业态', '推行“两步申报”“提前申报”等便利化通关措施', '对企业参加境外展会给予展位费补贴', '支持企业建设海外仓和跨境物流分拨中心'],
  business: ['推行企业开办“一网通办”，全流程一个工作日内办结', '建立涉企政策“一口发布、精准推送”机制', '建立企业诉求快速响应和闭环办理机制', '加强知识产权保护，营造公平竞争的市场环境'],
  green: ['对企业实施节能降碳技术改造给予项目补贴', '支持企业建设分布式光伏等可再生能源设施', '对获评国家级、市级绿色工厂的企业给予奖励', '推动企业开展清洁生产审核和碳排放核算'],
};
