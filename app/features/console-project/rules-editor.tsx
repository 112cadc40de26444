import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, InputNumber, Radio, Select, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { ATTRIBUTE_CODES, ATTRIBUTES, attributeFieldLabel, type AttributeCode, type AttributeSpec } from '#contract/enterprise-profile.ts';
import { isLeaf, OPS_BY_TYPE, ruleProblem, RULE_OPS, ruleText, type Rule, type RuleLeaf, type RuleOp } from '#contract/match-rules.ts';
import { consoleHttp } from '#app/features/console/console-http.ts';

/** One line of the form: an attribute, how it is compared, and with what. Qualifications take several: any of them. */
interface Line {
  attr?: AttributeCode;
  op?: RuleOp;
  value?: string | number | string[] | null;
}
interface Model {
  mode: 'all' | 'any';
  lines: Line[];
}

const spec = (code: AttributeCode): AttributeSpec => ATTRIBUTES[code];

/** A line from a leaf, or from an `any` of `has` leaves (具有 A 或 B 资质). */
function lineOf(rule: Rule): Line | null {
  if (isLeaf(rule)) return rule.op === 'has' ? { attr: rule.attr, op: 'has', value: [rule.value as string] } : { ...rule };
  if ('any' in rule && rule.any.every((r) => isLeaf(r) && r.op === 'has')) return { attr: 'qualifications', op: 'has', value: rule.any.map((r) => (r as RuleLeaf).value as string) };
  return null;
}

/** The form's model of a tree, or null when the tree is deeper than the form composes (it is then shown, not edited). */
export function modelOf(rule: Rule | null | undefined): Model | null {
  if (!rule) return { mode: 'all', lines: [] };
  const children = 'all' in rule ? rule.all : 'any' in rule && !lineOf(rule) ? rule.any : [rule];
  const lines = children.map(lineOf);
  return lines.every(Boolean) ? { mode: 'any' in rule && !lineOf(rule) ? 'any' : 'all', lines: lines as Line[] } : null;
}

const complete = (l: Line): l is Required<Line> => !!l.attr && !!l.op && l.value !== undefined && l.value !== null && !(Array.isArray(l.value) && l.value.length === 0);

function leafOf(l: Required<Line>): Rule {
  if (l.op === 'has') {
    const codes = l.value as string[];
    const leaves = codes.map((value) => ({ attr: l.attr, op: 'has' as const, value }));
    return leaves.length === 1 ? leaves[0] : { any: leaves };
  }
  return { attr: l.attr, op: l.op, value: l.value } as RuleLeaf;
}

/** The tree of the form's complete lines; null when there is none. */
export function ruleOf(model: Model): Rule | null {
  const leaves = model.lines.filter(complete).map(leafOf);
  if (leaves.length === 0) return null;
  return model.mode === 'all' ? { all: leaves } : { any: leaves };
}

function ValueInput({ line, onChange }: { line: Line; onChange: (v: Line['value']) => void }) {
  if (!line.attr || !line.op) return <span className="ent-muted">先选择属性和比较方式</span>;
  const s = spec(line.attr);
  const options = Object.entries(s.options ?? {}).map(([value, label]) => ({ value, label: s.type === 'code' && line.attr === 'industry' ? `${value} ${label}` : label }));
  const label = `${s.label}的取值`;
  if (line.op === 'in' || line.op === 'notIn' || line.op === 'has')
    return <Select aria-label={label} mode="multiple" style={{ minWidth: 220 }} options={options} value={(line.value as string[]) ?? []} onChange={onChange} placeholder={line.op === 'has' ? '具有其中任一资质' : '可选多项'} />;
  if (line.op === 'eq' || line.op === 'ne') return <Select aria-label={label} style={{ minWidth: 220 }} options={options} value={line.value as string} onChange={onChange} />;
  const unit = line.op === 'yearsAtLeast' ? '年' : s.unit;
  return <InputNumber aria-label={label} min={0} max={line.op === 'yearsAtLeast' ? 100 : s.max} precision={s.type === 'integer' || line.op === 'yearsAtLeast' ? 0 : undefined} suffix={unit} value={line.value as number} onChange={(v) => onChange(v)} style={{ width: 180 }} />;
}

/**
 * 匹配条件 (政策找人) of a project, composed without typing JSON: lines of attribute, comparison and
 * value, all required or any one; read back as the sentence enterprises see, with a count of the
 * enterprises it would reach. A tree deeper than these lines (written through the API) is shown and
 * may be cleared, not edited here.
 */
export function RulesEditor({ value, onChange }: { value?: Rule | null; onChange?: (v: Rule | null) => void }) {
  const emitted = useRef<Rule | null | undefined>(value);
  const [model, setModel] = useState<Model | null>(() => modelOf(value));
  const [reach, setReach] = useState<string | null>(null);

  // A new record opened in the drawer brings its own value.
  useEffect(() => {
    if (value !== emitted.current) {
      emitted.current = value;
      setModel(modelOf(value));
      setReach(null);
    }
  }, [value]);

  function update(next: Model) {
    setModel(next);
    setReach(null);
    const rule = ruleOf(next);
    emitted.current = rule;
    onChange?.(rule);
  }

  if (!model) {
    return (
      <Space orientation="vertical">
        <span>{value ? ruleText(value) : ''}</span>
        <Button size="small" onClick={() => update({ mode: 'all', lines: [] })}>
          清除这些条件，重新设置
        </Button>
      </Space>
    );
  }
  const setLine = (i: number, patch: Partial<Line>) => update({ ...model, lines: model.lines.map((l, j) => (j === i ? { ...l, ...patch } : l)) });
  const rule = ruleOf(model);
  const problem = rule ? ruleProblem(rule) : null;

  async function count() {
    if (!rule) return;
    const r = await consoleHttp.post<{ eligible: number; maybe: number; total: number }>('match/preview', { rules: rule });
    setReach(`按企业画像，符合条件 ${r.eligible} 家，待补充信息 ${r.maybe} 家（共 ${r.total} 家企业）`);
  }

  return (
    <div>
      <Radio.Group value={model.mode} onChange={(e) => update({ ...model, mode: e.target.value })} aria-label="条件之间的关系">
        <Radio value="all">同时满足以下全部条件</Radio>
        <Radio value="any">满足以下任一条件</Radio>
      </Radio.Group>
      {model.lines.map((line, i) => (
        <Space key={i} wrap align="start" style={{ display: 'flex', marginTop: 8 }}>
          <Select
            aria-label={`第 ${i + 1} 条条件的企业属性`}
            style={{ width: 230 }}
            placeholder="企业属性"
            value={line.attr}
            options={ATTRIBUTE_CODES.map((c) => ({ value: c, label: attributeFieldLabel(c) }))}
            onChange={(attr: AttributeCode) => setLine(i, { attr, op: OPS_BY_TYPE[spec(attr).type][0], value: null })}
          />
          <Select
            aria-label={`第 ${i + 1} 条条件的比较方式`}
            style={{ width: 170 }}
            placeholder="比较方式"
            value={line.op}
            disabled={!line.attr}
            options={(line.attr ? OPS_BY_TYPE[spec(line.attr).type] : []).map((op) => ({ value: op, label: op === 'has' ? '具有其中任一' : RULE_OPS[op] }))}
            onChange={(op: RuleOp) => setLine(i, { op, value: null })}
          />
          <ValueInput line={line} onChange={(v) => setLine(i, { value: v })} />
          <Button type="text" icon={<DeleteOutlined />} aria-label={`删除第 ${i + 1} 条条件`} onClick={() => update({ ...model, lines: model.lines.filter((_, j) => j !== i) })} />
        </Space>
      ))}
      <div style={{ marginTop: 8 }}>
        <Button icon={<PlusOutlined />} onClick={() => update({ ...model, lines: [...model.lines, {}] })}>
          添加条件
        </Button>
      </div>
      <p style={{ margin: '8px 0' }} aria-live="polite">
        {rule ? `读作：${ruleText(rule)}。` : '未设置匹配条件：该项目不参与政策找人的匹配和推送。'}
        {model.lines.some((l) => !complete(l)) && ' 未填完的条件不会保存。'}
        {problem && <span style={{ color: '#a8071a' }}> {problem}</span>}
      </p>
      {rule && !problem && (
        <Space>
          <Button size="small" onClick={count}>
            预览匹配企业数
          </Button>
          {reach && <span aria-live="polite">{reach}</span>}
        </Space>
      )}
    </div>
  );
}
