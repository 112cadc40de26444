import type { LinksFunction } from 'react-router';
import antdCss from '../styles/antd.generated.css?url';

/**
 * The antd stylesheet, for the `links` of every route that renders antd, including routes whose
 * antd parts load lazily. Kept apart from <AntdProvider> so that linking the CSS never pulls
 * antd's script into a page's first load.
 */
export const antdLinks: LinksFunction = () => [{ rel: 'stylesheet', href: antdCss }];
