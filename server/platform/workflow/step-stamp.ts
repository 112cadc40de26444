/**
 * The moment a staff step happens: after the record's last change, so that every step's stamp
 * moves forward even within one millisecond, and the compare-and-set on `updatedAt` sees a change.
 */
export const nextStamp = (row: { updatedAt: string }) => new Date(Math.max(Date.now(), Date.parse(row.updatedAt) + 1));
