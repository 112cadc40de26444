import { useCallback, useEffect, useRef, useState } from 'react';
import { loginUrl } from '#app/lib/redirect.ts';
import { accountApi } from './account-api.ts';
import './idle-timeout.css';

/** One minute of warning before the session ends (WCAG 2.2.1 asks for at least 20 seconds). */
export const WARN_SECONDS = 60;
const IDLE_COOKIE = 'web_idle_at';
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

/** When the server ends the session if nothing refreshes it (set with every token pair). */
function readDeadline(): number | null {
  const m = new RegExp(`(?:^|; )${IDLE_COOKIE}=(\\d+)`).exec(document.cookie);
  return m ? Number(m[1]) : null;
}

const here = () => window.location.pathname + window.location.search;

/**
 * The idle-timeout dialog. The session ends after SESSION_IDLE_MINUTES without a token refresh.
 * While the user works (typing a long form makes no request), the session is quietly extended;
 * when nobody has touched the page, one minute before the end a dialog offers 继续登录.
 * When time runs out the browser goes to login and back here afterwards; the declaration and
 * appeal forms keep their drafts, so nothing typed is lost.
 */
export default function IdleTimeout({ idleMinutes }: { idleMinutes: number }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const stayButton = useRef<HTMLButtonElement>(null);
  const lastActivity = useRef(0);
  const lastExtended = useRef(Date.now());
  const extending = useRef(false);
  const warned = useRef(false);
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const [announce, setAnnounce] = useState('');

  const extend = useCallback(async (): Promise<boolean> => {
    if (extending.current) return true;
    extending.current = true;
    try {
      await accountApi.refresh();
      lastExtended.current = Date.now();
      return true;
    } catch {
      return false;
    } finally {
      extending.current = false;
    }
  }, []);

  useEffect(() => {
    const mark = () => (lastActivity.current = Date.now());
    for (const e of ACTIVITY_EVENTS) window.addEventListener(e, mark, { passive: true, capture: true });
    const timer = setInterval(() => {
      const deadline = readDeadline();
      if (!deadline) return;
      const left = Math.ceil((deadline - Date.now()) / 1000);
      if (left <= 0) {
        window.location.assign(loginUrl(here()));
        return;
      }
      const warning = left <= WARN_SECONDS;
      if (!warning && lastActivity.current > lastExtended.current && left * 1000 < (idleMinutes * 60_000) / 2) void extend();
      if (!warning) {
        warned.current = false;
        setSecondsLeft(null);
        return;
      }
      if (!warned.current || left === 30 || left === 10) setAnnounce(`登录将在 ${left} 秒后超时`);
      warned.current = true;
      setSecondsLeft(left);
    }, 1000);
    return () => {
      clearInterval(timer);
      for (const e of ACTIVITY_EVENTS) window.removeEventListener(e, mark, { capture: true });
    };
  }, [extend, idleMinutes]);

  const open = secondsLeft !== null;
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) {
      d.showModal();
      // The safe choice first: Enter or Space keeps the session.
      stayButton.current?.focus();
    }
    if (!open && d.open) d.close();
  }, [open]);

  async function stay() {
    if (await extend()) setSecondsLeft(null);
    else window.location.assign(loginUrl(here()));
  }

  async function leave() {
    await accountApi.logout().catch(() => null);
    window.location.assign('/');
  }

  return (
    <dialog
      ref={dialog}
      className="idle-dialog"
      role="alertdialog"
      aria-labelledby="idle-dialog-title"
      aria-describedby="idle-dialog-text"
      onCancel={(e) => {
        // Esc means "I am here": the same as 继续登录.
        e.preventDefault();
        void stay();
      }}
    >
      <h2 id="idle-dialog-title" className="idle-dialog__title">
        登录即将超时
      </h2>
      <p id="idle-dialog-text" className="idle-dialog__text">
        您已较长时间未操作。为保护账号安全，将在 <strong className="idle-dialog__count">{secondsLeft ?? WARN_SECONDS}</strong> 秒后自动退出登录。
        如需继续办理，请点击“继续登录”；正在填写的申报和诉求会保存为草稿。
      </p>
      <p className="visually-hidden" aria-live="assertive">
        {announce}
      </p>
      <div className="idle-dialog__actions">
        <button type="button" className="btn" onClick={leave}>
          退出登录
        </button>
        <button type="button" className="btn btn--primary" onClick={stay} ref={stayButton}>
          继续登录
        </button>
      </div>
    </dialog>
  );
}
