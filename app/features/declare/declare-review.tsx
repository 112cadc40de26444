import { Alert, Button, Descriptions, type DescriptionsProps } from 'antd';
import { useEffect, useRef } from 'react';
import type { ProjectDetail } from '#contract/declare-project.ts';
import { downloadUrl } from '#contract/files.ts';
import { display, formatAmount } from '#contract/format.ts';
import { missingMaterials, type DeclareValues } from './declare-values.ts';

export interface DeclareReviewProps {
  project: ProjectDetail;
  values: DeclareValues;
  regionText: string;
  busy?: boolean;
  /** A declaration that can no longer change: shown without the submit step. */
  readOnly?: boolean;
  onBack?: () => void;
  onSubmit?: () => void;
}

/** One titled block of the review, labels aligned across blocks. */
function ReviewBlock(props: DescriptionsProps) {
  return <Descriptions bordered column={1} size="middle" styles={{ label: { width: 160 } }} {...props} />;
}

/** Check your answers: everything that will be submitted, on one page, before it is. */
export function DeclareReview({ project, values, regionText, busy, readOnly, onBack, onSubmit }: DeclareReviewProps) {
  const missing = missingMaterials(project.materials, values.files);
  const heading = useRef<HTMLHeadingElement>(null);
  // Shown in place of the form, whose button goes with it: the focus comes to the top of the check.
  useEffect(() => {
    if (!readOnly) heading.current?.focus();
  }, [readOnly]);
  return (
    <div className="declare-review">
      {!readOnly && (
        <>
          <h2 ref={heading} tabIndex={-1} className="ent-form__section">
            核对申报信息
          </h2>
          <Alert type="info" showIcon className="ent-form__restored" title="请核对以下信息。提交后，审核完成前不能再修改；如需修改，请点“返回修改”。" />
        </>
      )}
      <ReviewBlock
        title="企业信息"
        column={2}
        items={[
          { key: 'n', label: '企业名称', children: display(values.enterpriseName), span: 2 },
          { key: 'u', label: '统一社会信用代码', children: display(values.uscc) },
          { key: 'l', label: '法定代表人', children: display(values.legalPerson) },
          { key: 'c', label: '联系人', children: display(values.contactName) },
          { key: 'p', label: '联系电话', children: display(values.contactPhone) },
          { key: 'a', label: '地址', children: display([regionText, values.address].filter(Boolean).join(' ')), span: 2 },
        ]}
      />
      <ReviewBlock
        title="申报内容"
        className="declare-review__block"
        items={[
          { key: 'p', label: '申报项目', children: project.name },
          { key: 'm', label: '申请金额', children: values.amountApplied ? formatAmount(values.amountApplied) : '-' },
          { key: 'c', label: '申报说明', children: <div className="ent-pre">{display(values.content)}</div> },
        ]}
      />
      <ReviewBlock
        title="申报材料"
        className="declare-review__block"
        items={project.materials.map((m) => {
          const files = values.files?.[String(m.id)] ?? [];
          return {
            key: String(m.id),
            label: m.name,
            children: files.length ? (
              <ul className="declare-review__files">
                {files.map((f) => (
                  <li key={f.path}>
                    <a href={downloadUrl(f)} target="_blank" rel="noreferrer">
                      {f.name}
                    </a>
                  </li>
                ))}
              </ul>
            ) : (
              <span className={m.required && !readOnly ? 'ent-overdue' : 'ent-muted'}>{m.required && !readOnly ? '未上传（必需）' : '未上传'}</span>
            ),
          };
        })}
      />
      {!readOnly && missing.length > 0 && (
        <Alert type="error" showIcon className="declare-review__block" title={`还缺少必需的材料：${missing.map((m) => m.name).join('、')}`} />
      )}
      {!readOnly && (
        <div className="ent-form__actions">
          <Button size="large" onClick={onBack}>
            返回修改
          </Button>
          <Button size="large" type="primary" onClick={onSubmit} loading={busy} disabled={missing.length > 0}>
            确认提交
          </Button>
        </div>
      )}
    </div>
  );
}
