import { Table, Tag } from 'antd';
import { ATTRIBUTE_CODES, attributeFieldLabel, formatAttribute, sourceLabel } from '#contract/enterprise-profile.ts';
import type { DossierAttribute } from '#contract/enterprise-dossier.ts';
import { formatDate } from '#contract/format.ts';

const same = (a: DossierAttribute) => a.self && a.verified && JSON.stringify(a.self.value) === JSON.stringify(a.verified.value);

/**
 * 企业画像 of one enterprise, attribute by attribute: the value matching uses, what the
 * enterprise declared and what a department verified (with the department and the day), side by
 * side, so that a difference shows at a glance.
 */
export function DossierProfile({ attributes }: { attributes: DossierAttribute[] }) {
  const byCode = new Map(attributes.map((a) => [a.code, a]));
  const rows = ATTRIBUTE_CODES.map((code) => byCode.get(code) ?? { code, self: null, verified: null });
  const table = (
    <Table<DossierAttribute>
      size="small"
      rowKey="code"
      pagination={false}
      dataSource={rows}
      scroll={{ x: 720 }}
      columns={[
        { title: '属性', width: 180, render: (_, a) => attributeFieldLabel(a.code) },
        {
          title: '匹配采用',
          width: 220,
          render: (_, a) => {
            const used = a.verified ?? a.self;
            if (!used) return <span className="ent-muted">未填写</span>;
            return (
              <>
                {formatAttribute(a.code, used.value)} <Tag color={a.verified ? 'green' : 'default'}>{sourceLabel(a.verified ? 'verified' : 'self', a.verified?.department)}</Tag>
              </>
            );
          },
        },
        {
          title: '企业自报',
          width: 160,
          render: (_, a) =>
            a.self ? (
              <>
                {formatAttribute(a.code, a.self.value)}
                <span className="ent-muted">（{formatDate(a.self.updatedAt)}）</span>
                {a.verified && !same(a) && <Tag color="orange">与核实值不一致</Tag>}
              </>
            ) : (
              <span className="ent-muted">—</span>
            ),
        },
        {
          title: '部门核实',
          render: (_, a) =>
            a.verified ? (
              <>
                {formatAttribute(a.code, a.verified.value)}
                <span className="ent-muted">
                  （{a.verified.department ?? '部门'}，{formatDate(a.verified.updatedAt)}）
                </span>
              </>
            ) : (
              <span className="ent-muted">—</span>
            ),
        },
      ]}
    />
  );
  if (attributes.length) return table;
  return (
    <>
      <p className="ent-muted">该企业尚未填写企业画像，也没有部门核实的数据。</p>
      {table}
    </>
  );
}
