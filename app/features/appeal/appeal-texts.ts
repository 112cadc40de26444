import { APPEAL_ACCEPT_WORKING_DAYS, APPEAL_REPLY_WORKING_DAYS } from '#contract/appeal.ts';

/** The words of the appeal pages, in one place. */
export const PUBLIC_EXPLANATION =
  '选择“公开”后，诉求的标题、内容、办理状态和答复会显示在“企业诉求”栏目，企业名称隐去字号（如 上海**科技有限公司）；联系人、联系电话和附件始终不公开。选择“不公开”则只有贵企业和办理人员可以看到。';

export const DEADLINE_RULE = `我们在提交后 ${APPEAL_ACCEPT_WORKING_DAYS} 个工作日内受理，受理后 ${APPEAL_REPLY_WORKING_DAYS} 个工作日内答复（工作日为周一至周五）。`;

export const REOPEN_EXPLANATION = '评价为“不满意”或“非常不满意”时，诉求将重新进入办理，工作人员会再次跟进并答复。';

export const APPEAL_STEPS = [
  { title: '提交诉求', content: '填写诉求内容并提交' },
  { title: '受理', content: `${APPEAL_ACCEPT_WORKING_DAYS} 个工作日内` },
  { title: '办理答复', content: `受理后 ${APPEAL_REPLY_WORKING_DAYS} 个工作日内` },
  { title: '评价', content: '对办理结果作出评价' },
];
