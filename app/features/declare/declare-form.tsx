import { Alert, Button, Form, Input, InputNumber, Steps } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { declareSubmitSchema, MAX_FILES_PER_MATERIAL, REGION_MESSAGE, type DeclareDetail, type PreEnInfo } from '#contract/declare-ent.ts';
import { wanSchema, type ProjectDetail } from '#contract/declare-project.ts';
import { formatDateTime } from '#contract/format.ts';
import { confirm, notify } from '#app/lib/feedback.ts';
import { useFormDraft } from '#app/lib/form-draft.ts';
import { showFieldErrors, zodRule } from '#app/lib/form-rules.ts';
import { http, HttpError } from '#app/lib/http.ts';
import { DoneResult } from '#app/components/done-result.tsx';
import { UploadField, useUploadsBusy } from '#app/components/upload/upload-field.tsx';
import { DeclareReview } from './declare-review.tsx';
import { formFieldOf, toDeclarePayload, valuesFromDetail, valuesFromProfile, type DeclareValues } from './declare-values.ts';
import { MaterialLabel } from './material-label.tsx';
import { RegionCascader } from '../../components/region/region-cascader.tsx';
import { labelsOf, type RegionOption } from '../../components/region/region-options.ts';

const s = declareSubmitSchema.shape;

export interface DeclareFormProps {
  project: ProjectDetail;
  /** The saved declaration being continued (draft or 退回修改), or null for a new one. */
  saved: DeclareDetail | null;
  profile: PreEnInfo | null;
  regionOptions: RegionOption[];
}

/**
 * The declaration form: fill in (prefilled from the enterprise profile), save as a draft at any
 * time, check everything on one page, then submit. Typing is also kept in the browser, so an
 * expired session or a closed tab loses nothing.
 */
export function DeclareForm({ project, saved, profile, regionOptions }: DeclareFormProps) {
  const [form] = Form.useForm<DeclareValues>();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const uploads = useUploadsBusy();
  const [step, setStep] = useState(0);
  const [busy, setBusy] = useState<'draft' | 'submit' | null>(null);
  const initial = useMemo(() => (saved ? valuesFromDetail(saved) : valuesFromProfile(profile)), [saved, profile]);
  const [regionLabels, setRegionLabels] = useState<string[]>(() => labelsOf(regionOptions, initial.region ?? []));
  const [review, setReview] = useState<DeclareValues | null>(null);
  // Only a local copy newer than the saved declaration (typed after the last 保存草稿) wins.
  const draft = useFormDraft(form, saved ? `declare:${saved.id}` : `declare:project:${project.id}`, {
    staleBefore: saved?.updatedAt,
    onRestore: (value) => setRegionLabels(labelsOf(regionOptions, value.region ?? [])),
  });

  function showServerErrors(err: HttpError) {
    setStep(0);
    // After the fields are back on screen.
    setTimeout(() => {
      if (!showFieldErrors(form, err.fields, (k) => formFieldOf(k, project.materials))) notify('error', err.message);
    }, 0);
  }

  async function send(submit: boolean): Promise<number | null> {
    const values = form.getFieldsValue(true) as DeclareValues;
    draft.save(values);
    const body = toDeclarePayload(values, project.id, project.materials, submit, saved?.id);
    try {
      const { id } = saved
        ? { id: (await http.post<{ id: number } | null>('/uaa/api/customer/declare-ent/edit', body, { silent: true }))?.id ?? saved.id }
        : await http.post<{ id: number }>('/uaa/api/customer/declare-ent/add', body, { silent: true });
      draft.clear();
      return id;
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      showServerErrors(err);
      return null;
    }
  }

  async function saveDraft() {
    if (uploads.busy()) return notify('warning', '材料还在上传，请等上传完成后再保存');
    setBusy('draft');
    const id = await send(false).finally(() => setBusy(null));
    if (id === null) return;
    notify('success', '草稿已保存，可随时在“我的申报”中继续填写');
    if (!saved) navigate(`/free-apply/components/apply-form?id=${id}`, { replace: true, preventScrollReset: true });
    else revalidator.revalidate();
  }

  async function toReview() {
    if (uploads.busy()) return notify('warning', '材料还在上传，请等上传完成后再继续');
    const ok = await form.validateFields({ validateOnly: false }).then(
      () => true,
      (e: { errorFields?: { name: (string | number)[] }[] }) => {
        const first = e.errorFields?.[0];
        // The focus too, so that the keyboard is where the first thing to correct is.
        if (first) form.scrollToField(first.name, { block: 'center', focus: true });
        return false;
      },
    );
    if (!ok) return;
    setReview(form.getFieldsValue(true) as DeclareValues);
    setStep(1);
    window.scrollTo({ top: 0 });
  }

  /** 返回修改: the button goes with the check, so the focus goes to the form's first field. */
  function backToForm() {
    setStep(0);
    // After the fields are back on screen.
    setTimeout(() => form.focusField('enterpriseName'), 0);
  }

  async function submit() {
    const sure = await confirm('提交后，审核完成前不能再修改。确定提交申报吗？', { okText: '确定提交' });
    if (!sure) return;
    setBusy('submit');
    const id = await send(true).finally(() => setBusy(null));
    if (id === null) return;
    setStep(2);
    window.scrollTo({ top: 0 });
  }

  return (
    <div className="declare-form">
      <Steps className="declare-form__steps" current={step} items={[{ title: '填写申报信息' }, { title: '核对信息' }, { title: '提交完成' }]} />
      {saved?.status === 'returned' && saved.reviewNote && step < 2 && (
        <Alert
          type="warning"
          showIcon
          className="ent-form__restored"
          title="审核意见：退回修改"
          description={<span className="ent-pre">{saved.reviewNote}</span>}
        />
      )}
      {step === 2 ? (
        <DoneResult
          title="申报已提交"
          subTitle={`“${project.name}”的申报已提交，请等待审核。审核结果会在“我的申报与免申即享”中显示。`}
          extra={[
            <Button key="mine" type="primary" onClick={() => navigate('/user/free-apply')}>
              查看我的申报
            </Button>,
            <Button key="project" onClick={() => navigate(`/free-apply/declare-project/detail?id=${project.id}`)}>
              返回项目详情
            </Button>,
          ]}
        />
      ) : null}
      {step === 1 && review ? (
        <DeclareReview
          project={project}
          values={review}
          regionText={regionLabels.join(' / ')}
          busy={busy === 'submit'}
          onBack={backToForm}
          onSubmit={submit}
        />
      ) : null}
      <div hidden={step !== 0}>
        {draft.restoredAt && (
          <Alert
            type="info"
            showIcon
            className="ent-form__restored"
            title={`已恢复您 ${formatDateTime(draft.restoredAt)} 在本机填写、尚未保存的内容`}
            action={
              <Button size="small" type="link" onClick={draft.discard}>
                放弃这些内容
              </Button>
            }
          />
        )}
        <Form<DeclareValues> form={form} layout="vertical" initialValues={initial} onValuesChange={draft.keep} className="ent-form">
          <h2 className="ent-form__section">企业信息</h2>
          <Form.Item name="enterpriseName" label="企业名称" rules={[zodRule(s.enterpriseName)]}>
            <Input maxLength={100} />
          </Form.Item>
          <div className="ent-form__row">
            <Form.Item name="uscc" label="统一社会信用代码" rules={[zodRule(s.uscc)]}>
              <Input maxLength={18} />
            </Form.Item>
            <Form.Item name="legalPerson" label="法定代表人" rules={[zodRule(s.legalPerson)]}>
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item name="contactName" label="联系人" rules={[zodRule(s.contactName)]}>
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item name="contactPhone" label="联系电话" rules={[zodRule(s.contactPhone)]}>
              <Input maxLength={20} placeholder="手机号或固定电话" />
            </Form.Item>
          </div>
          <Form.Item name="region" label="所在地区" rules={[{ required: true, type: 'array', min: 2, message: REGION_MESSAGE }]}>
            <RegionCascader initialOptions={regionOptions} onLabels={setRegionLabels} />
          </Form.Item>
          <Form.Item name="address" label="详细地址" rules={[zodRule(s.address)]}>
            <Input maxLength={200} placeholder="街道、门牌号、楼层等" />
          </Form.Item>

          <h2 className="ent-form__section">申报内容</h2>
          <Form.Item name="amountApplied" label="申请金额" rules={[zodRule(s.amountApplied), zodRule(wanSchema)]}>
            <InputNumber min={0} step={1} style={{ width: 240 }} suffix="万元" placeholder="如 50" />
          </Form.Item>
          <Form.Item name="content" label="申报说明" rules={[zodRule(s.content)]} extra="请说明企业基本情况、项目内容、实施成效和申请理由（至少 20 个字）。">
            <Input.TextArea rows={8} maxLength={5000} showCount />
          </Form.Item>

          <h2 className="ent-form__section">申报材料</h2>
          {project.materials.length === 0 && <p className="ent-muted">本项目无需上传材料。</p>}
          {project.materials.map((m) => (
            <Form.Item
              key={m.id}
              name={['files', String(m.id)]}
              label={<MaterialLabel material={m} />}
              required={m.required}
              rules={
                m.required
                  ? [
                      {
                        validator: async (_r, v: unknown[] | undefined) => {
                          if (!v?.length) throw new Error(`请上传“${m.name}”`);
                        },
                      },
                    ]
                  : []
              }
            >
              <UploadField maxCount={MAX_FILES_PER_MATERIAL} onBusyChange={uploads.track(`material-${m.id}`)} />
            </Form.Item>
          ))}

          <div className="ent-form__actions">
            <Button size="large" onClick={saveDraft} loading={busy === 'draft'}>
              保存草稿
            </Button>
            <Button size="large" type="primary" onClick={toReview}>
              下一步：核对信息
            </Button>
          </div>
        </Form>
      </div>
    </div>
  );
}
