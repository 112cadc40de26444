import type { MessageInstance } from 'antd/es/message/interface';
import type { ModalFuncProps } from 'antd';
import type { HookAPI as ModalApi } from 'antd/es/modal/useModal';

/**
 * How the pages talk back to the user: one message at a time (docs/product.md §9: messages debounced
 * 100 ms, so a burst of failing requests shows one sentence), and confirm dialogs with the docs/product.md §5
 * defaults. The antd instances come from <AntdProvider> (context-aware, themed).
 */
export const MESSAGE_DEBOUNCE_MS = 100;

let messageApi: MessageInstance | null = null;
let modalApi: ModalApi | null = null;

export function bindFeedback(message: MessageInstance, modal: ModalApi) {
  messageApi = message;
  modalApi = modal;
}

type Kind = 'success' | 'error' | 'warning' | 'info';
let pending: { kind: Kind; text: string } | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;

/** Shows `text` after 100 ms of quiet; a newer call in the window replaces an older one. */
export function notify(kind: Kind, text: string) {
  pending = { kind, text };
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = null;
    const p = pending;
    pending = null;
    if (!p) return;
    if (messageApi) messageApi[p.kind](p.text);
    else if (typeof window !== 'undefined') window.alert(p.text);
  }, MESSAGE_DEBOUNCE_MS);
}

export const CONFIRM_DEFAULTS = { title: '提示', okText: '确定', cancelText: '取消', type: 'warning' } as const;

/** A confirm dialog with the docs/product.md §5 defaults; resolves true on 确定. */
export function confirm(content: React.ReactNode, options: Omit<ModalFuncProps, 'content'> = {}): Promise<boolean> {
  return new Promise((resolve) => {
    const props: ModalFuncProps = {
      ...CONFIRM_DEFAULTS,
      ...options,
      content,
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    };
    if (modalApi) modalApi.confirm(props);
    else resolve(typeof window !== 'undefined' && window.confirm(String(content)));
  });
}
