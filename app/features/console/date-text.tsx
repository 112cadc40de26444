/** A date or a deadline that a line break never cuts in two ("2026-10-" / "30 23:59"). */
export function DateText({ children, className }: { children: React.ReactNode; className?: string }) {
  return <span className={className ? `console-date ${className}` : 'console-date'}>{children}</span>;
}
