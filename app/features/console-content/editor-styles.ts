import detailStyles from '#app/styles/detail.css?url';
import contentStyles from './console-content.css?url';

/**
 * The stylesheets of a page with the rich-text editor or its preview: the public detail's text
 * styles and the editor's frame, so that what the editor shows is what the portal shows.
 */
export const editorStyleLinks = () => [
  { rel: 'stylesheet', href: detailStyles },
  { rel: 'stylesheet', href: contentStyles },
];
