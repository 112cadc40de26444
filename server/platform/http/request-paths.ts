/** Paths of the JSON API (docs/product.md §7): an unknown one answers a JSON 404, never a page. */
export const API_PREFIXES = ['/api/', '/admin/', '/uaa/', '/fykj/', '/api-docs/', '/console/api/'];
export const isApiPath = (url: string) => API_PREFIXES.some((p) => url.startsWith(p));

/** A file name with an extension, except React Router's `.data` requests, which are pages. */
export const STATIC_FILE = /\.(?!data$)[A-Za-z0-9]{1,8}$/;
