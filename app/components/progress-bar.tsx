import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';

/** Spec §2/§9: shown only for navigations longer than the throttle, creeping to the end over the duration. */
export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_DURATION_MS = 5000;

type Phase = 'hidden' | 'running' | 'finishing';

export function ProgressBar() {
  const busy = useNavigation().state !== 'idle';
  const [phase, setPhase] = useState<Phase>('hidden');

  useEffect(() => {
    if (busy) {
      const timer = setTimeout(() => setPhase('running'), PROGRESS_THROTTLE_MS);
      return () => clearTimeout(timer);
    }
    setPhase((p) => (p === 'running' ? 'finishing' : 'hidden'));
  }, [busy]);

  useEffect(() => {
    if (phase !== 'finishing') return;
    const timer = setTimeout(() => setPhase('hidden'), 400);
    return () => clearTimeout(timer);
  }, [phase]);

  if (phase === 'hidden') return null;
  return (
    <div
      className={`progress-bar progress-bar--${phase}`}
      role="progressbar"
      aria-label="页面加载中"
      style={{ '--progress-duration': `${PROGRESS_DURATION_MS}ms` } as React.CSSProperties}
    >
      <div className="progress-bar__fill" />
    </div>
  );
}
