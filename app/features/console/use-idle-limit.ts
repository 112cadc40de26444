import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { consoleLoginUrl, onConsoleActivity } from './console-http.ts';

/**
 * The idle limit as the person sees it: after `minutes` without a navigation or a call the page
 * goes to the login page saying why. The server ends the session at the same moment anyway
 * (console-session.ts); this only spares a click into an error.
 */
export function useIdleLimit(minutes: number) {
  const { pathname, search } = useLocation();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const restart = () => {
      clearTimeout(timer);
      timer = setTimeout(() => window.location.assign(consoleLoginUrl(window.location.pathname + window.location.search, 'idle')), minutes * 60_000);
    };
    restart();
    const stop = onConsoleActivity(restart);
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [minutes, pathname, search]);
}
