/**
 * exceljs, for the console's imports and exports only: loaded on first use rather than at start,
 * since it adds ~7 MB of heap and ~25 MB of resident memory to a process that mostly renders
 * public pages (docs/decisions.md "Public renders without the console's routes").
 */
export const loadExcel = () => import('exceljs');
