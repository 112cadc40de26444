/** A console list shows 20 rows unless its address asks for another size (the API's default stays 10). */
export const CONSOLE_PAGE_SIZE = 20;

/** A console list's query from its address, with the console's page size filled in. */
export function consoleListParams(url: URL): URLSearchParams {
  const params = new URLSearchParams(url.searchParams);
  if (!params.get('pageSize')?.trim()) params.set('pageSize', String(CONSOLE_PAGE_SIZE));
  return params;
}
