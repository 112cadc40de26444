import type { LinksFunction } from 'react-router';
import enterpriseStyles from '#app/styles/enterprise.css?url';
import detailStyles from '#app/styles/detail.css?url';
import listStyles from '#app/styles/list.css?url';
import freeApplyStyles from './free-apply.css?url';

/** The stylesheets of the three /free-apply detail pages (申报项目, 免申即享, 公示). */
export const freeApplyDetailLinks: LinksFunction = () => [
  { rel: 'stylesheet', href: detailStyles },
  { rel: 'stylesheet', href: listStyles },
  { rel: 'stylesheet', href: enterpriseStyles },
  { rel: 'stylesheet', href: freeApplyStyles },
];
