import {
  Alert,
  Button,
  Checkbox,
  DatePicker,
  Form,
  Input,
  Select,
  Space,
} from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useCallback, useState } from "react";
import { useLocation, useNavigate, useRevalidator } from "react-router";
import {
  CONTENT_KINDS,
  noticeSaveSchema,
  policySaveSchema,
  type ContentDetail,
  type ContentKind,
} from "#contract/publishing.ts";
import type { FileRef } from "#contract/envelope.ts";
import type { Notice } from "#contract/notice.ts";
import type { Policy } from "#contract/policy.ts";
import { formatDateTime } from "#contract/format.ts";
import { consoleHttp } from "#app/features/console/console-http.ts";
import { ConsolePage } from "#app/features/console/console-page.tsx";
import { consoleUploader } from "#app/features/console/console-upload.ts";
import { UploadField } from "#app/components/upload/upload-field.tsx";
import { notify } from "#app/lib/feedback.ts";
import { reportFormError } from "#app/lib/form-errors.ts";
import { zodRule } from "#app/lib/form-rules.ts";
import { contentActions } from "./content-actions.ts";
import { ContentPreview } from "./content-preview.tsx";
import { ContentReview } from "./content-review.tsx";
import { ContentStatusTag } from "./content-status-tag.tsx";
import { useReasonDialog } from "#app/features/console/reason-dialog.tsx";
import { useUnsavedGuard } from "#app/features/console/use-unsaved-guard.tsx";
import {
  useQueueNext,
  type QueuePlace,
} from "#app/features/console/queue-next.tsx";
import { RichTextEditor } from "./rich-text-editor.tsx";

export interface ContentEditPageProps {
  kind: ContentKind;
  /** null: a new draft. */
  detail: ContentDetail | null;
  mayEdit: boolean;
  /** For the publisher who may decide: the row as the public will see it, and the published version. */
  review: {
    current: Notice | Policy;
    published: Notice | Policy | null;
  } | null;
  /** The list the row was opened from (下一条 after a review step). */
  place: QueuePlace;
  /** Policy dictionaries (level, category) for the selects. */
  options?: {
    levels: { value: string; label: string }[];
    categories: { value: string; label: string }[];
  };
}

interface Values {
  title: string;
  summary?: string | null;
  source?: string | null;
  isTop?: boolean;
  docNo?: string | null;
  issuer?: string;
  level?: string;
  category?: string;
  effective?: [Dayjs | null, Dayjs | null] | null;
  content: string;
  interpretation?: string | null;
  attachments: FileRef[];
  scheduleAt?: Dayjs | null;
}

const sendToConsole = consoleUploader("files/upload");

function initialValues(d: ContentDetail | null): Partial<Values> {
  if (!d) return { attachments: [], isTop: false, content: "" };
  return {
    title: d.title,
    summary: d.summary,
    source: d.source,
    isTop: d.isTop,
    docNo: d.docNo,
    issuer: d.issuer ?? undefined,
    level: d.level ?? undefined,
    category: d.category ?? undefined,
    effective: [
      d.effectiveFrom ? dayjs(d.effectiveFrom) : null,
      d.effectiveTo ? dayjs(d.effectiveTo) : null,
    ],
    content: d.content,
    interpretation: d.interpretation,
    attachments: d.attachments,
    scheduleAt: d.scheduleAt ? dayjs(d.scheduleAt) : null,
  };
}

/** The request body of …/save from the form's values. */
function toRequest(kind: ContentKind, id: number | undefined, v: Values) {
  const common = {
    id,
    title: v.title,
    content: v.content ?? "",
    attachments: v.attachments ?? [],
    scheduleAt: v.scheduleAt ? v.scheduleAt.toISOString() : null,
  };
  if (kind === "notice")
    return {
      ...common,
      summary: v.summary ?? null,
      source: v.source ?? null,
      isTop: !!v.isTop,
    };
  const [from, to] = v.effective ?? [null, null];
  return {
    ...common,
    docNo: v.docNo ?? null,
    issuer: v.issuer ?? "",
    level: v.level ?? "",
    category: v.category ?? "",
    effectiveFrom: from ? from.format("YYYY-MM-DD") : null,
    effectiveTo: to ? to.format("YYYY-MM-DD") : null,
    interpretation: v.interpretation || null,
  };
}

/**
 * One notice or policy in the console: the draft form for editors (保存草稿, 提交审核, 预览), and
 * for what waits for review or is public, the stored state with the reviewer's steps.
 */
export function ContentEditPage({
  kind,
  detail,
  mayEdit,
  review,
  place,
  options,
}: ContentEditPageProps) {
  const { label, path } = CONTENT_KINDS[kind];
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState<"save" | "submit" | null>(null);
  const [uploading, setUploading] = useState(false);
  // A new draft saved by 预览 comes back as the edit page of its id (a new instance): it opens the preview from the navigation's state.
  const { state } = useLocation();
  const [previewing, setPreviewing] = useState<number | null>(
    (state as { preview?: number } | null)?.preview ?? null,
  );
  const guard = useUnsavedGuard();
  const closePreview = useCallback(() => setPreviewing(null), []);
  const reason = useReasonDialog();
  const queue = useQueueNext({
    api: kind,
    id: detail?.id ?? 0,
    place,
    itemPath: (id) => `${path}/edit?id=${id}`,
    listPath: path,
  });
  // A review step offers 下一条; the editor's 提交 goes back to the list as before.
  const act = contentActions(
    kind,
    reason.ask,
    () => navigate(queue.listHref),
    (done) => {
      revalidate();
      queue.acted(done);
    },
  );
  const editable =
    mayEdit &&
    (!detail || detail.status === "draft" || detail.status === "offline");
  const fields =
    kind === "notice" ? noticeSaveSchema.shape : policySaveSchema.shape;

  async function save(
    thenSubmit: boolean,
    thenPreview = false,
  ): Promise<number | null> {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch (err) {
      // The first field in the form's order, in the middle of the window and focused (not the last one validated).
      const first = (err as { errorFields?: { name: (string | number)[] }[] })
        .errorFields?.[0];
      if (first)
        form.scrollToField(first.name, { block: "center", focus: true });
      notify("error", "请按提示修改标红的项目");
      return null;
    }
    if (uploading) {
      notify("warning", "附件仍在上传，请稍候再保存");
      return null;
    }
    setBusy(thenSubmit ? "submit" : "save");
    try {
      const { id } = await consoleHttp.post<{ id: number }>(
        `${kind}/save`,
        toRequest(kind, detail?.id, values),
        { silent: true },
      );
      guard.saved();
      if (thenSubmit) {
        await consoleHttp.post(`${kind}/submit`, { id });
        notify("success", "已保存并提交审核");
        navigate(path);
      } else {
        notify("success", "草稿已保存");
        if (!detail)
          navigate(`${path}/edit?id=${id}`, {
            replace: true,
            state: thenPreview ? { preview: id } : null,
          });
        else revalidate();
      }
      return id;
    } catch (err) {
      reportFormError(form, err, (key) =>
        key === "effectiveFrom" || key === "effectiveTo"
          ? ["effective"]
          : [key],
      );
      return null;
    } finally {
      setBusy(null);
    }
  }

  async function preview() {
    const id = editable ? await save(false, true) : (detail?.id ?? null);
    if (id !== null) setPreviewing(id);
  }

  const status = detail && (
    <Space size={8} wrap className="content-edit__status">
      <ContentStatusTag
        status={detail.status}
        scheduled={
          !!detail.publishAt && detail.publishAt > new Date().toISOString()
        }
      />
      {detail.createdByName && <span>起草：{detail.createdByName}</span>}
      <span>
        最近修改：{formatDateTime(detail.updatedAt)}{" "}
        {detail.updatedByName ?? ""}
      </span>
      {detail.reviewedByName && (
        <span>
          审核：{detail.reviewedByName} {formatDateTime(detail.reviewedAt)}
        </span>
      )}
      {detail.publishAt && (
        <span>发布时间：{formatDateTime(detail.publishAt)}</span>
      )}
    </Space>
  );

  return (
    <ConsolePage
      title={
        detail
          ? editable
            ? `编辑${label}`
            : `${label}：${detail.title}`
          : `新建${label}`
      }
    >
      {queue.bar}
      {status}
      {detail?.rejectReason && (
        <Alert
          type="warning"
          showIcon
          className="content-edit__alert"
          title={`审核退回：${detail.rejectReason}`}
        />
      )}
      {detail?.offlineReason && (
        <Alert
          type="error"
          showIcon
          className="content-edit__alert"
          title={`已下线：${detail.offlineReason}`}
          description="修改并重新提交审核后可再次发布。"
        />
      )}
      {detail?.status === "pending_review" && !detail.mayPublish && (
        <Alert
          type="info"
          showIcon
          className="content-edit__alert"
          title="该内容正在等待审核。"
          description="起草或修改过它的人员不能审核发布，须由其他审核人员处理。"
        />
      )}

      {review && detail?.mayPublish ? (
        <ContentReview
          kind={kind}
          current={review.current}
          published={review.published}
          actions={
            <Space wrap>
              <Button type="primary" onClick={() => act.publish(detail.id)}>
                审核通过并发布
              </Button>
              <Button danger onClick={() => act.reject(detail.id)}>
                退回修改
              </Button>
              {queue.toggle}
            </Space>
          }
        />
      ) : (
        <Form
          form={form}
          layout="vertical"
          initialValues={initialValues(detail)}
          disabled={!editable}
          className="content-edit"
          autoComplete="off"
          onValuesChange={guard.changed}
        >
          <Form.Item name="title" label="标题" rules={[zodRule(fields.title)]}>
            <Input maxLength={200} showCount />
          </Form.Item>
          {kind === "notice" ? (
            <>
              <Form.Item
                name="summary"
                label="摘要"
                rules={[zodRule(noticeSaveSchema.shape.summary)]}
                extra="显示在列表与搜索结果中，可不填"
              >
                <Input.TextArea rows={2} maxLength={500} showCount />
              </Form.Item>
              <Space size={24} align="start" wrap>
                <Form.Item
                  name="source"
                  label="发布单位"
                  rules={[zodRule(noticeSaveSchema.shape.source)]}
                >
                  <Input
                    maxLength={100}
                    style={{ width: 320 }}
                    placeholder="如：企业服务局"
                  />
                </Form.Item>
                <Form.Item name="isTop" label="置顶" valuePropName="checked">
                  <Checkbox>在通知公告列表中置顶</Checkbox>
                </Form.Item>
              </Space>
            </>
          ) : (
            <>
              <Space size={24} align="start" wrap>
                <Form.Item
                  name="docNo"
                  label="文号"
                  rules={[zodRule(policySaveSchema.shape.docNo)]}
                >
                  <Input
                    maxLength={100}
                    style={{ width: 260 }}
                    placeholder="如：综保〔2026〕3号"
                  />
                </Form.Item>
                <Form.Item
                  name="issuer"
                  label="发文机关"
                  rules={[zodRule(policySaveSchema.shape.issuer)]}
                >
                  <Input maxLength={100} style={{ width: 320 }} />
                </Form.Item>
              </Space>
              <Space size={24} align="start" wrap>
                <Form.Item
                  name="level"
                  label="政策级别"
                  rules={[zodRule(policySaveSchema.shape.level)]}
                >
                  <Select
                    options={options?.levels}
                    style={{ width: 200 }}
                    placeholder="请选择"
                  />
                </Form.Item>
                <Form.Item
                  name="category"
                  label="政策类别"
                  rules={[zodRule(policySaveSchema.shape.category)]}
                >
                  <Select
                    options={options?.categories}
                    style={{ width: 200 }}
                    placeholder="请选择"
                  />
                </Form.Item>
                {/* The field's label names the first date; the second gets a label of its own for screen readers. */}
                <Form.Item
                  name="effective"
                  label="有效期"
                  htmlFor="policy-effective-from"
                  extra="不填开始日期即自发布之日起施行，不填结束日期即长期有效"
                >
                  <DatePicker.RangePicker
                    id={{
                      start: "policy-effective-from",
                      end: "policy-effective-to",
                    }}
                    allowEmpty={[true, true]}
                    placeholder={["施行日期", "失效日期"]}
                  />
                </Form.Item>
                <label
                  htmlFor="policy-effective-to"
                  className="visually-hidden"
                >
                  失效日期
                </label>
              </Space>
            </>
          )}
          <Form.Item
            name="content"
            label="正文"
            rules={[zodRule(fields.content)]}
            required
          >
            <RichTextEditor ariaLabel="正文" />
          </Form.Item>
          {kind === "policy" && (
            <Form.Item name="interpretation" label="政策解读" extra="可不填">
              <RichTextEditor ariaLabel="政策解读" />
            </Form.Item>
          )}
          <Form.Item name="attachments" label="附件">
            <UploadField
              send={sendToConsole}
              onBusyChange={setUploading}
              disabled={!editable}
              disabledHint={detail?.attachments.length ? null : "无附件"}
            />
          </Form.Item>
          <Form.Item
            name="scheduleAt"
            label="定时发布"
            extra="不填则审核通过后立即发布；填写后，审核通过的内容到该时间才在门户公开"
          >
            <DatePicker
              showTime={{ format: "HH:mm" }}
              format="YYYY-MM-DD HH:mm"
              disabledDate={(d) => d.isBefore(dayjs(), "day")}
            />
          </Form.Item>
        </Form>
      )}

      <Space className="content-edit__actions" wrap>
        {editable && (
          <>
            <Button
              type="primary"
              loading={busy === "submit"}
              disabled={!!busy}
              onClick={() => save(true)}
            >
              保存并提交审核
            </Button>
            <Button
              loading={busy === "save"}
              disabled={!!busy}
              onClick={() => save(false)}
            >
              保存草稿
            </Button>
          </>
        )}
        {(detail || editable) && (
          <Button onClick={preview} disabled={!!busy}>
            预览
          </Button>
        )}
        <Button onClick={() => navigate(path)}>返回列表</Button>
      </Space>
      <ContentPreview kind={kind} id={previewing} onClose={closePreview} />
      {reason.dialog}
      {guard.dialog}
    </ConsolePage>
  );
}
