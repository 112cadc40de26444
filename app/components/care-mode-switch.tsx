import { useEffect, useState } from 'react';
import { CARE_MODE_COOKIE, CARE_MODE_MAX_AGE_SECONDS } from '#contract/care-mode.ts';
import { useRootData } from '#app/lib/root-data.ts';

/**
 * The 关怀模式 switch of every page's header (docs/decisions.md "关怀模式"). The server renders `<html class="care">`
 * from the cookie; the switch writes the cookie and sets the class at once, and the next render
 * (any navigation) comes from the server in the chosen mode. A toggle button, so screen readers
 * hear its state ("已按下").
 */
export function CareModeSwitch({ className = 'care-switch' }: { className?: string }) {
  const chosen = useRootData()?.careMode ?? false;
  const [on, setOn] = useState(chosen);
  useEffect(() => setOn(chosen), [chosen]);

  function toggle() {
    const next = !on;
    document.cookie = `${CARE_MODE_COOKIE}=${next ? '1' : ''}; Path=/; Max-Age=${next ? CARE_MODE_MAX_AGE_SECONDS : 0}; SameSite=Lax`;
    document.documentElement.classList.toggle('care', next);
    setOn(next);
  }

  return (
    <button type="button" className={className} aria-pressed={on} onClick={toggle} title={on ? '退出关怀模式，恢复标准字号' : '大字号、高对比度、更宽松的页面'}>
      关怀模式
    </button>
  );
}
