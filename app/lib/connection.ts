/** The parts of `navigator.connection` (Network Information API, Chromium only) we read. */
export interface ConnectionInfo {
  effectiveType?: string;
  saveData?: boolean;
}

/** Spec §9: link prefetch is skipped on 2g connections and when the user asked to save data. */
export function canPrefetch(connection: ConnectionInfo | undefined | null): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return connection.effectiveType !== '2g' && connection.effectiveType !== 'slow-2g';
}
