import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { announce } from '#app/lib/announce.ts';

export const SMS_WAIT_SECONDS = 60;

/**
 * 获取验证码, then a 60 s countdown before another can be asked for. `send` returns the seconds
 * to wait (60 after a send; what the server says after a 429), or 0 when nothing was sent.
 * The countdown ticks on the button only; a screen reader hears when it starts and when it ends
 * (the polite live region), not every second. A button that waits is disabled and would drop the
 * focus to the page's start, so `onCountdown` says where it goes on to (the code field).
 */
export function SmsButton({ send, onCountdown }: { send: () => Promise<number>; onCountdown?: () => void }) {
  const [left, setLeft] = useState(0);
  const [busy, setBusy] = useState(false);
  const counting = useRef(false);

  useEffect(() => {
    if (left <= 0) {
      if (counting.current) announce('现在可以重新获取验证码');
      counting.current = false;
      return;
    }
    counting.current = true;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  async function click() {
    setBusy(true);
    try {
      const wait = await send();
      if (wait > 0) {
        announce(`${wait} 秒后可重新获取验证码`);
        onCountdown?.();
      }
      setLeft(wait);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button className="auth-sms" size="large" onClick={click} loading={busy} disabled={left > 0}>
      {left > 0 ? `${left} 秒后重新获取` : '获取验证码'}
    </Button>
  );
}
