import { Alert, Button, Form, Input, Radio, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { appealInputSchema, type AppealDetail, type AppealInput } from '#contract/appeal.ts';
import type { DictOption } from '#contract/dict.ts';
import { formatDateTime, trimDeep } from '#contract/format.ts';
import { confirm, notify } from '#app/lib/feedback.ts';
import { useFormDraft } from '#app/lib/form-draft.ts';
import { reportFormError } from '#app/lib/form-errors.ts';
import { onlyFields, zodRule } from '#app/lib/form-rules.ts';
import { http } from '#app/lib/http.ts';
import { loginUrl } from '#app/lib/redirect.ts';
import { UploadField, useUploadsBusy } from '#app/components/upload/upload-field.tsx';
import { PUBLIC_EXPLANATION } from './appeal-texts.ts';

/** The form as it is filled in: the contract's appeal, each field possibly still empty. */
export type AppealFormValues = Partial<AppealInput>;

const FIELDS = ['type', 'title', 'content', 'contactName', 'contactPhone', 'attachments', 'isPublic'] as const;
const shape = appealInputSchema.shape;

export interface AppealFormProps {
  types: DictOption[];
  loggedIn: boolean;
  /** The enterprise's contact, for a new appeal. */
  contact: { contactName: string | null; contactPhone: string | null } | null;
  /** Set when changing an appeal still 待受理. */
  editing?: AppealDetail;
  /** Called with the saved appeal (re-read, for the receipt). */
  onSaved: (appeal: AppealDetail) => void;
  /**
   * Put the focus on the first field when the form appears: set when it replaces the receipt
   * (继续提交诉求), whose button is gone with it and would leave the focus at the top of the page.
   */
  focusFirst?: boolean;
}

/**
 * The appeal form. Anyone may fill it; what is typed is kept in the browser as it is typed, so a
 * visitor sent to the login page (or a user whose session ran out) comes back to the same form.
 */
export function AppealForm({ types, loggedIn, contact, editing, onSaved, focusFirst }: AppealFormProps) {
  const [form] = Form.useForm<AppealFormValues>();
  const navigate = useNavigate();
  const location = useLocation();
  const uploads = useUploadsBusy();
  const [submitting, setSubmitting] = useState(false);
  // A visitor's draft survives the trip through the login page; its empty fields leave the contact prefill.
  const draft = useFormDraft(form, editing ? `appeal-form:${editing.id}` : 'appeal-form', { fields: FIELDS, onlyFilled: true });
  useEffect(() => {
    if (focusFirst) form.focusField('type');
  }, [focusFirst, form]);

  const initialValues: AppealFormValues = editing
    ? {
        type: editing.type,
        title: editing.title,
        content: editing.content,
        contactName: editing.contactName ?? undefined,
        contactPhone: editing.contactPhone ?? undefined,
        attachments: editing.attachments,
        isPublic: editing.isPublic,
      }
    : { isPublic: false, attachments: [], contactName: contact?.contactName ?? undefined, contactPhone: contact?.contactPhone ?? undefined };

  async function submit(values: AppealFormValues) {
    draft.save(values);
    if (!loggedIn) {
      const go = await confirm('提交诉求需要先登录。您填写的内容已保存在本机，登录后会回到本页并自动恢复，再点“提交”即可。', {
        okText: '去登录',
        cancelText: '稍后再说',
        type: 'info',
      });
      if (go) navigate(loginUrl(location.pathname + location.search));
      return;
    }
    if (uploads.busy()) {
      notify('warning', '附件还在上传，请等上传完成后再提交');
      return;
    }
    const body = trimDeep({ ...values, attachments: values.attachments ?? [], isPublic: values.isPublic ?? false });
    setSubmitting(true);
    try {
      let id: number;
      if (editing) {
        await http.post('/admin/appeal/update', { ...body, id: editing.id }, { silent: true });
        id = editing.id;
      } else {
        id = (await http.post<{ id: number }>('/api/appeal/save', body, { silent: true })).id;
      }
      draft.clear();
      onSaved(await http.get<AppealDetail>('/admin/appeal', { id }));
    } catch (err) {
      reportFormError(form, err, onlyFields(FIELDS));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Form<AppealFormValues>
      form={form}
      layout="vertical"
      requiredMark
      initialValues={initialValues}
      onValuesChange={draft.keep}
      onFinish={submit}
      onFinishFailed={({ errorFields }) => errorFields[0] && form.scrollToField(errorFields[0].name, { block: 'center' })}
      scrollToFirstError={false}
      className="ent-form"
    >
      {draft.restoredAt && (
        <Alert
          className="ent-form__restored"
          type="info"
          showIcon
          title={`已恢复您 ${formatDateTime(draft.restoredAt)} 填写的内容`}
          action={
            <Button size="small" type="link" onClick={draft.discard}>
              清空重填
            </Button>
          }
        />
      )}
      {!loggedIn && (
        <Alert
          className="ent-form__restored"
          type="warning"
          showIcon
          title="您尚未登录：可以先填写，提交时需要登录。填写的内容会保存在本机，登录后不会丢失。"
        />
      )}
      <Form.Item name="type" label="诉求类型" rules={[zodRule(shape.type)]}>
        <Select placeholder="请选择诉求类型" options={types.map((t) => ({ label: t.text, value: t.id }))} />
      </Form.Item>
      <Form.Item name="title" label="诉求标题" rules={[zodRule(shape.title)]}>
        <Input placeholder="一句话概括您的诉求，如：申请协调解决园区夜间通勤班车" maxLength={100} showCount />
      </Form.Item>
      <Form.Item name="content" label="诉求内容" rules={[zodRule(shape.content)]} extra="请写明具体情况、已做过的努力和希望得到的帮助，便于我们尽快办理。">
        <Input.TextArea rows={7} maxLength={2000} showCount placeholder="请详细描述您的诉求（至少 10 个字）" />
      </Form.Item>
      <div className="ent-form__row">
        <Form.Item name="contactName" label="联系人" rules={[zodRule(shape.contactName)]}>
          <Input placeholder="请输入联系人姓名" maxLength={50} autoComplete="name" />
        </Form.Item>
        <Form.Item name="contactPhone" label="联系电话" rules={[zodRule(shape.contactPhone)]}>
          <Input placeholder="手机号或固定电话" maxLength={20} autoComplete="tel" />
        </Form.Item>
      </div>
      <Form.Item name="attachments" label="附件" extra="可上传相关证明材料，如合同、票据、现场照片等（选填）">
        <UploadField disabled={!loggedIn} disabledHint="登录后可上传附件" onBusyChange={uploads.track('attachments')} />
      </Form.Item>
      <Form.Item name="isPublic" label="是否公开" extra={PUBLIC_EXPLANATION}>
        <Radio.Group
          options={[
            { label: '不公开', value: false },
            { label: '公开', value: true },
          ]}
        />
      </Form.Item>
      <Form.Item>
        <Space size="middle">
          <Button type="primary" htmlType="submit" size="large" loading={submitting}>
            {editing ? '保存修改' : '提交'}
          </Button>
          <Button size="large" onClick={() => navigate(editing ? `/user/appeal/${editing.id}` : '/appeal')}>
            {editing ? '取消' : '返回诉求列表'}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
