import { Button, Card, Col, Form, Input, Modal, Row, Space, Table, Tag, Typography } from 'antd';
import type { Route } from './+types/console.search';
import { SEARCH_EDIT_PERMISSION, SEARCH_READ_PERMISSIONS, STATS_DAYS, synonymSaveSchema, type Synonym } from '#contract/search.ts';
import { formatDateTime } from '#contract/format.ts';
import { consoleHttp } from '#app/features/console/console-http.ts';
import { ConsolePage } from '#app/features/console/console-page.tsx';
import { requirePermission } from '#app/features/console/require-staff.server.ts';
import { useConsoleForm } from '#app/features/console/use-console-form.ts';
import { confirm, notify } from '#app/lib/feedback.ts';
import { pageMeta } from '#app/lib/meta.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '站内搜索 - 管理后台');

export async function loader(args: Route.LoaderArgs) {
  const staff = requirePermission(args, SEARCH_READ_PERMISSIONS);
  const { console: searchConsole } = args.context.services.search;
  const [synonyms, stats] = await Promise.all([searchConsole.synonyms(), searchConsole.stats()]);
  return { synonyms, stats, mayEdit: staff.permissions.includes(SEARCH_EDIT_PERMISSION) };
}

/** Words typed in one box, split at 、，, ; or spaces. */
const splitWords = (text: string) =>
  text
    .split(/[、，,；;\s]+/)
    .map((w) => w.trim())
    .filter(Boolean);

const wordsRule = {
  validator: async (_: unknown, value: string | undefined) => {
    const parsed = synonymSaveSchema.shape.words.safeParse(splitWords(value ?? ''));
    if (!parsed.success) throw new Error(parsed.error.issues[0].message);
  },
};

/**
 * 站内搜索 in the console (docs/console.md): the synonym groups a search treats as one (editors
 * change them; every change is in the audit log), and over the last 30 days what people searched
 * for most and what found nothing, so the bureau sees what its site is missing.
 */
export default function SearchConsolePage({ loaderData }: Route.ComponentProps) {
  const { synonyms, stats, mayEdit } = loaderData;
  const edit = useConsoleForm<Synonym | 'new', { words: string }>(async (values, target) => {
    await consoleHttp.post('search/synonym/save', { words: splitWords(values.words), ...(target === 'new' ? {} : { id: target.id }) }, { silent: true });
    return '同义词已保存，新的搜索立即按此匹配';
  });

  async function remove(s: Synonym) {
    if (!(await confirm(`删除后搜索“${s.words[0]}”不再同时查找“${s.words.slice(1).join('、')}”，确定删除？`))) return;
    await consoleHttp.post('search/synonym/delete', { id: s.id });
    notify('success', '同义词已删除');
    edit.reload();
  }

  const statColumns = [
    { title: '搜索词', dataIndex: 'query', render: (q: string) => <a href={`/search?q=${encodeURIComponent(q)}`} target="_blank" rel="noopener">{q}</a> },
    { title: '次数', dataIndex: 'count', width: 90 },
  ];

  return (
    <ConsolePage title="站内搜索">
      <Card
        title="同义词与简称"
        extra={
          mayEdit && (
            <Button type="primary" onClick={() => edit.open('new')}>
              新增同义词
            </Button>
          )
        }
      >
        <Typography.Paragraph type="secondary">同一组里的词在搜索时视为同一个词：搜其中任何一个，都会找到含有其他词的内容。</Typography.Paragraph>
        <Table<Synonym>
          rowKey="id"
          dataSource={synonyms}
          pagination={false}
          locale={{ emptyText: '还没有同义词' }}
          columns={[
            { title: '同义词', render: (_, s) => s.words.map((w) => <Tag key={w}>{w}</Tag>) },
            { title: '最后修改', width: 220, render: (_, s) => `${formatDateTime(s.updatedAt)}${s.updatedByName ? `（${s.updatedByName}）` : ''}` },
            ...(mayEdit
              ? [
                  {
                    title: '操作',
                    width: 140,
                    render: (_: unknown, s: Synonym) => (
                      <Space size={0}>
                        <Button type="link" size="small" onClick={() => edit.open(s, { words: s.words.join('、') })}>
                          编辑
                        </Button>
                        <Button type="link" size="small" danger onClick={() => remove(s)}>
                          删除
                        </Button>
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      <Row gutter={16} style={{ marginTop: 16 }}>
        <Col xs={24} lg={12}>
          <Card title={`近 ${STATS_DAYS} 天热门搜索`}>
            <Table rowKey="query" size="small" dataSource={stats.top} pagination={{ pageSize: 10, hideOnSinglePage: true }} locale={{ emptyText: '近期还没有人搜索' }} columns={statColumns} />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={`近 ${STATS_DAYS} 天没有结果的搜索`}>
            <Table rowKey="query" size="small" dataSource={stats.noResults} pagination={{ pageSize: 10, hideOnSinglePage: true }} locale={{ emptyText: '近期的搜索都找到了内容' }} columns={statColumns} />
          </Card>
        </Col>
      </Row>
      <Modal
        open={!!edit.editing}
        title={edit.editing === 'new' ? '新增同义词' : '编辑同义词'}
        onCancel={edit.close}
        onOk={() => edit.form.submit()}
        okText="保存"
        confirmLoading={edit.busy}
        destroyOnHidden
      >
        <Form form={edit.form} layout="vertical" onFinish={edit.save} autoComplete="off">
          <Form.Item name="words" label="同义词" rules={[wordsRule]} extra="两个或更多意思相同的词，用顿号、逗号或空格分隔，如：高企、高新技术企业">
            <Input maxLength={400} />
          </Form.Item>
        </Form>
      </Modal>
    </ConsolePage>
  );
}
