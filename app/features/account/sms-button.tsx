import { Button } from 'antd';
import { useEffect, useState } from 'react';

export const SMS_WAIT_SECONDS = 60;

/**
 * 获取验证码, then a 60 s countdown before another can be asked for. `send` returns the seconds
 * to wait (60 after a send; what the server says after a 429), or 0 when nothing was sent.
 */
export function SmsButton({ send }: { send: () => Promise<number> }) {
  const [left, setLeft] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  async function click() {
    setBusy(true);
    try {
      setLeft(await send());
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button className="auth-sms" size="large" onClick={click} loading={busy} disabled={left > 0} aria-live="polite">
      {left > 0 ? `${left} 秒后重新获取` : '获取验证码'}
    </Button>
  );
}
