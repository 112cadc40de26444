import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Input, type MenuProps } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef, useState } from 'react';
import type { PhraseKind, PhraseList } from '#contract/phrase.ts';
import { notify } from '#app/lib/feedback.ts';
import { consoleHttp } from './console-http.ts';
import { PhraseManager } from './phrase-manager.tsx';

const label = (text: string) => (Array.from(text).length > 40 ? `${Array.from(text).slice(0, 40).join('')}…` : text);

/**
 * A step's text area with its 常用语 (docs/console.md "常用语"): 插入常用语 lists my phrases and my
 * department's of this kind; one click puts the phrase where the cursor was (at the end if it
 * never was in the box), and 管理常用语 opens the lists. A form control: `value` / `onChange` and
 * the `id` Form.Item gives, so the label still names the box.
 */
export function PhraseTextArea({ kind, value, onChange, id, rows = 4, maxLength, placeholder }: {
  kind: PhraseKind;
  value?: string | null;
  onChange?: (value: string) => void;
  id?: string;
  rows?: number;
  maxLength: number;
  placeholder?: string;
}) {
  const box = useRef<TextAreaRef>(null);
  // Where the cursor was when the box lost focus to the picker.
  const caret = useRef<{ start: number; end: number } | null>(null);
  const [list, setList] = useState<PhraseList | null>(null);
  const [managing, setManaging] = useState(false);

  const load = async () => setList(await consoleHttp.get<PhraseList>('phrase/list', { kind }));

  function insert(text: string) {
    const current = value ?? '';
    const at = caret.current;
    const next = at ? current.slice(0, at.start) + text + current.slice(at.end) : current ? `${current}${current.endsWith('\n') ? '' : '\n'}${text}` : text;
    if (Array.from(next).length > maxLength) return notify('warning', `插入后超过 ${maxLength} 字，请先删减已有内容`);
    onChange?.(next);
    const end = next.length - (at ? current.length - at.end : 0);
    caret.current = { start: end, end };
    requestAnimationFrame(() => {
      const el = box.current?.resizableTextArea?.textArea;
      el?.focus();
      el?.setSelectionRange(end, end);
    });
  }

  const group = (key: string, title: string, phrases: PhraseList['mine']): NonNullable<MenuProps['items']>[number] => ({
    type: 'group',
    key,
    label: title,
    children: phrases.length ? phrases.map((p) => ({ key: `p${p.id}`, label: <span title={p.text}>{label(p.text)}</span>, onClick: () => insert(p.text) })) : [{ key: `${key}-none`, label: '暂无', disabled: true }],
  });
  const items: MenuProps['items'] = list
    ? [
        group('mine', '我的常用语', list.mine),
        ...(list.departmentName !== null ? [group('department', `${list.departmentName}常用语`, list.department)] : []),
        { type: 'divider' },
        { key: 'manage', label: '管理常用语…', onClick: () => setManaging(true) },
      ]
    : [{ key: 'loading', label: '正在读取…', disabled: true }];

  const remember = () => {
    const el = box.current?.resizableTextArea?.textArea;
    if (el) caret.current = { start: el.selectionStart, end: el.selectionEnd };
  };

  return (
    <div>
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 4 }}>
        <Dropdown trigger={['click']} menu={{ items, style: { maxWidth: 520, maxHeight: 400, overflowY: 'auto' } }} onOpenChange={(open) => open && void load()}>
          <Button size="small">
            插入常用语 <DownOutlined />
          </Button>
        </Dropdown>
      </div>
      <Input.TextArea
        ref={box}
        id={id}
        rows={rows}
        maxLength={maxLength}
        showCount
        placeholder={placeholder}
        value={value ?? ''}
        onChange={(e) => onChange?.(e.target.value)}
        onBlur={remember}
        onFocus={() => (caret.current = null)}
      />
      <PhraseManager list={list} open={managing} onClose={() => setManaging(false)} onChanged={() => void load()} />
    </div>
  );
}
