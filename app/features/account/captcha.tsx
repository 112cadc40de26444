import { useCallback, useEffect, useState } from 'react';

/** A random key for one captcha image (crypto.randomUUID needs a secure context; this does not). */
function newKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The captcha key of a form. It is made in the browser, after hydration: a page shared through a
 * cache must never hand two visitors the same key.
 */
export function useCaptcha() {
  const [uuid, setUuid] = useState<string | null>(null);
  useEffect(() => setUuid(newKey()), []);
  const refresh = useCallback(() => setUuid(newKey()), []);
  return { uuid, refresh };
}

/** The image; a click draws a new one. */
export function CaptchaImage({ uuid, onRefresh }: { uuid: string | null; onRefresh: () => void }) {
  return (
    <button type="button" className="auth-captcha" onClick={onRefresh} title="看不清？点击换一张" aria-label="图形验证码图片，点击换一张">
      {uuid ? <img src={`/fykj/captcha?uuid=${uuid}`} alt="图形验证码" width={118} height={38} /> : '正在加载'}
    </button>
  );
}
