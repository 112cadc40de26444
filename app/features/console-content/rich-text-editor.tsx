import { lazy, Suspense } from 'react';
import { useHydrated } from '#app/lib/use-hydrated.ts';

/**
 * The console's rich-text editor (Tiptap). It produces only markup the server's sanitiser keeps
 * (paragraphs, headings h2–h4, bold, italic, underline, strike, lists, quotes, links, images,
 * rules, code): what an editor sees is what the public page shows. Images go through the
 * console's upload call and are linked by their download address.
 */
export interface RichTextEditorProps {
  id?: string;
  value?: string;
  onChange?: (html: string) => void;
  /** Read by assistive technology: the field's label. */
  ariaLabel: string;
}

// Tiptap and ProseMirror only ever run in the browser (the editor draws nothing on the server), so
// they load after hydration, as their own chunk: the server process never holds them (3.3 MB of heap).
const TiptapEditor = lazy(() => import('./tiptap-editor.tsx'));

export function RichTextEditor(props: RichTextEditorProps) {
  const hydrated = useHydrated();
  const frame = (
    <div className="rich-editor">
      <p className="rich-editor__content rich-editor__loading">正在加载编辑器…</p>
    </div>
  );
  return hydrated ? (
    <Suspense fallback={frame}>
      <TiptapEditor {...props} />
    </Suspense>
  ) : (
    frame
  );
}
