import { Alert, Button, Drawer, Form, Input, List, Space, Tabs } from 'antd';
import { useState } from 'react';
import { PHRASE_KIND, PHRASE_MAX_CHARS, PHRASE_MAX_PER_LIST, phraseTextSchema, type Phrase, type PhraseList, type PhraseScope } from '#contract/phrase.ts';
import { confirm, notify } from '#app/lib/feedback.ts';
import { reportFormError } from '#app/lib/form-errors.ts';
import { zodRule } from '#app/lib/form-rules.ts';
import { consoleHttp } from './console-http.ts';

/** One phrase of the list: its text, or its editor while it is changed. */
function PhraseRow({ phrase, editable, onChanged }: { phrase: Phrase; editable: boolean; onChanged: () => void }) {
  const [form] = Form.useForm<{ text: string }>();
  const [editing, setEditing] = useState(false);

  async function save({ text }: { text: string }) {
    try {
      await consoleHttp.post('phrase/save', { id: phrase.id, kind: phrase.kind, scope: phrase.scope, text }, { silent: true });
      notify('success', '常用语已保存');
      setEditing(false);
      onChanged();
    } catch (err) {
      reportFormError(form, err);
    }
  }

  async function remove() {
    if (!(await confirm(`删除常用语“${phrase.text.slice(0, 30)}${phrase.text.length > 30 ? '…' : ''}”？`, { title: '删除常用语', okText: '删除' }))) return;
    await consoleHttp.post('phrase/delete', { id: phrase.id });
    notify('success', '常用语已删除');
    onChanged();
  }

  if (editing)
    return (
      <List.Item>
        <Form form={form} initialValues={{ text: phrase.text }} onFinish={save} style={{ width: '100%' }}>
          <Form.Item name="text" rules={[zodRule(phraseTextSchema)]}>
            <Input.TextArea aria-label="修改常用语" rows={3} maxLength={PHRASE_MAX_CHARS} showCount />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" size="small">
              保存
            </Button>
            <Button size="small" onClick={() => setEditing(false)}>
              取消
            </Button>
          </Space>
        </Form>
      </List.Item>
    );
  return (
    <List.Item
      actions={
        editable
          ? [
              <Button key="edit" type="link" size="small" onClick={() => setEditing(true)} aria-label={`修改：${phrase.text.slice(0, 20)}`}>
                修改
              </Button>,
              <Button key="delete" type="link" size="small" danger onClick={() => void remove()} aria-label={`删除：${phrase.text.slice(0, 20)}`}>
                删除
              </Button>,
            ]
          : []
      }
    >
      <span className="console-pre">{phrase.text}</span>
    </List.Item>
  );
}

/** A list with its add form (when the person may change it). */
function PhraseListPane({ list, scope, editable, onChanged }: { list: PhraseList; scope: PhraseScope; editable: boolean; onChanged: () => void }) {
  const [form] = Form.useForm<{ text: string }>();
  const phrases = scope === 'mine' ? list.mine : list.department;
  const full = phrases.length >= PHRASE_MAX_PER_LIST;

  async function add({ text }: { text: string }) {
    try {
      await consoleHttp.post('phrase/save', { kind: list.kind, scope, text }, { silent: true });
      notify('success', '常用语已添加');
      form.resetFields();
      onChanged();
    } catch (err) {
      reportFormError(form, err);
    }
  }

  return (
    <>
      {editable ? (
        <Form form={form} layout="vertical" onFinish={add}>
          <Form.Item name="text" label={`新增常用语（${phrases.length}/${PHRASE_MAX_PER_LIST}）`} rules={[zodRule(phraseTextSchema)]} extra={full ? '列表已满，请先删除不再使用的常用语' : undefined}>
            <Input.TextArea rows={3} maxLength={PHRASE_MAX_CHARS} showCount disabled={full} />
          </Form.Item>
          <Button type="primary" htmlType="submit" disabled={full}>
            添加
          </Button>
        </Form>
      ) : (
        <Alert type="info" showIcon title="本部门常用语由部门负责维护；需要时可以复制到我的常用语。" />
      )}
      <List size="small" style={{ marginTop: 16 }} locale={{ emptyText: '暂无常用语' }} dataSource={phrases} renderItem={(p) => <PhraseRow key={p.id} phrase={p} editable={editable} onChanged={onChanged} />} />
    </>
  );
}

/**
 * 管理常用语 (docs/console.md "常用语"): my list and my department's of one kind, side by side as
 * tabs; the department's is read-only to those who do not keep it.
 */
export function PhraseManager({ list, open, onClose, onChanged }: { list: PhraseList | null; open: boolean; onClose: () => void; onChanged: () => void }) {
  return (
    <Drawer open={open} title={list ? `管理常用语 · ${PHRASE_KIND[list.kind]}` : '管理常用语'} size={560} onClose={onClose} destroyOnHidden>
      {list && (
        <Tabs
          items={[
            { key: 'mine', label: `我的常用语（${list.mine.length}）`, children: <PhraseListPane list={list} scope="mine" editable onChanged={onChanged} /> },
            ...(list.departmentName !== null
              ? [
                  {
                    key: 'department',
                    label: `${list.departmentName}（${list.department.length}）`,
                    children: <PhraseListPane list={list} scope="department" editable={list.editsDepartment} onChanged={onChanged} />,
                  },
                ]
              : []),
          ]}
        />
      )}
    </Drawer>
  );
}
