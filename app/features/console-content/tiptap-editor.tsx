import { Button, Space, Tooltip } from 'antd';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef, useState } from 'react';
import { downloadUrl, UPLOAD_ACCEPT, type UploadResult } from '#contract/files.ts';
import { notify } from '#app/lib/feedback.ts';
import { consoleHttp } from '#app/features/console/console-http.ts';
import { uploadProblem } from '#app/components/upload/upload-check.ts';
import { useRootData } from '#app/lib/root-data.ts';
import { LinkDialog } from './link-dialog.tsx';
import type { RichTextEditorProps } from './rich-text-editor.tsx';

const EMPTY = '<p></p>';

/** The editor itself, loaded by `RichTextEditor` in the browser once the page has hydrated. */
export default function TiptapEditor({ id, value, onChange, ariaLabel }: RichTextEditorProps) {
  const root = useRootData();
  const fileInput = useRef<HTMLInputElement>(null);
  /** The link being edited: the address it had (empty for a new one); null while no dialog is open. */
  const [linking, setLinking] = useState<string | null>(null);
  const editor = useEditor({
    // Rendered in the browser only: the server sends the form, the editor mounts after hydration.
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3, 4] }, link: { openOnClick: false, protocols: ['http', 'https', 'mailto', 'tel'] } }),
      Image.configure({ inline: false }),
    ],
    content: value || EMPTY,
    editorProps: { attributes: { class: 'rich-editor__content rich-content', 'aria-label': ariaLabel, 'aria-multiline': 'true', role: 'textbox', ...(id ? { id } : {}) } },
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? '' : e.getHTML()),
  });

  // A value set from outside (the form loading a record) replaces the content.
  useEffect(() => {
    if (editor && value !== undefined && value !== editor.getHTML() && !(value === '' && editor.isEmpty)) editor.commands.setContent(value || EMPTY, { emitUpdate: false });
  }, [editor, value]);

  async function insertImage(file: File) {
    const problem = uploadProblem(file, root?.site.uploadMaxBytes ?? 20 * 1024 * 1024);
    if (problem) return notify('error', problem);
    if (!/\.(jpe?g|png)$/i.test(file.name)) return notify('error', '正文图片请使用 JPG 或 PNG 格式');
    const form = new FormData();
    form.append('file', file, file.name);
    const ref = await consoleHttp.upload<UploadResult>('files/upload', form);
    editor?.chain().focus().setImage({ src: downloadUrl(ref), alt: ref.name.replace(/\.[^.]+$/, '') }).run();
  }

  function setLink(href: string) {
    setLinking(null);
    if (!editor) return;
    if (!href || href === 'https://') return void editor.chain().focus().extendMarkRange('link').unsetLink().run();
    editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
  }

  return (
    <div className="rich-editor">
      {editor && <Toolbar editor={editor} onImage={() => fileInput.current?.click()} onLink={() => setLinking((editor.getAttributes('link').href as string | undefined) ?? 'https://')} />}
      <LinkDialog open={linking !== null} initial={linking ?? ''} onDone={setLink} onCancel={() => setLinking(null)} />
      <EditorContent editor={editor} />
      <input
        ref={fileInput}
        type="file"
        style={{ display: 'none' }}
        aria-hidden="true"
        tabIndex={-1}
        accept={UPLOAD_ACCEPT.split(',').filter((a) => /jpe?g|png/.test(a)).join(',') || 'image/png,image/jpeg'}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void insertImage(file).catch(() => undefined);
        }}
      />
    </div>
  );
}

function Toolbar({ editor, onImage, onLink }: { editor: Editor; onImage: () => void; onLink: () => void }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const buttons: { key: string; label: string; title: string; active?: boolean; disabled?: boolean; run: () => void }[] = [
    { key: 'h2', label: '标题', title: '二级标题', active: state.h2, run: () => chain().toggleHeading({ level: 2 }).run() },
    { key: 'h3', label: '小标题', title: '三级标题', active: state.h3, run: () => chain().toggleHeading({ level: 3 }).run() },
    { key: 'bold', label: '加粗', title: '加粗（Ctrl+B）', active: state.bold, run: () => chain().toggleBold().run() },
    { key: 'italic', label: '斜体', title: '斜体（Ctrl+I）', active: state.italic, run: () => chain().toggleItalic().run() },
    { key: 'underline', label: '下划线', title: '下划线（Ctrl+U）', active: state.underline, run: () => chain().toggleUnderline().run() },
    { key: 'strike', label: '删除线', title: '删除线', active: state.strike, run: () => chain().toggleStrike().run() },
    { key: 'bullet', label: '无序列表', title: '无序列表', active: state.bullet, run: () => chain().toggleBulletList().run() },
    { key: 'ordered', label: '有序列表', title: '有序列表', active: state.ordered, run: () => chain().toggleOrderedList().run() },
    { key: 'quote', label: '引用', title: '引用', active: state.quote, run: () => chain().toggleBlockquote().run() },
    { key: 'rule', label: '分隔线', title: '插入分隔线', run: () => chain().setHorizontalRule().run() },
    { key: 'link', label: '链接', title: '插入或修改链接', active: state.link, run: onLink },
    { key: 'image', label: '图片', title: '插入图片（JPG、PNG）', run: onImage },
    { key: 'undo', label: '撤销', title: '撤销（Ctrl+Z）', disabled: !state.canUndo, run: () => chain().undo().run() },
    { key: 'redo', label: '重做', title: '重做（Ctrl+Shift+Z）', disabled: !state.canRedo, run: () => chain().redo().run() },
  ];
  return (
    <Space size={4} wrap className="rich-editor__toolbar" role="toolbar" aria-label="正文格式">
      {buttons.map((b) => (
        <Tooltip key={b.key} title={b.title}>
          {/* A pressed mouse button would take the focus from the text: Tiptap's focus() then gives
              it back a frame later, and what is typed meanwhile lands before the caret it restores
              (a slow frame put the first bold character last). Keyboard users still Tab here. */}
          <Button
            size="small"
            type={b.active ? 'primary' : 'default'}
            aria-pressed={b.active ?? undefined}
            disabled={b.disabled}
            onMouseDown={(e) => e.preventDefault()}
            onClick={b.run}
          >
            {b.label}
          </Button>
        </Tooltip>
      ))}
    </Space>
  );
}
