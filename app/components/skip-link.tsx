/** The first stop of the Tab key on every page: past the header and menus to the page's `<main id="main">`. */
export function SkipLink() {
  return (
    <a className="skip-link" href="#main">
      跳到主要内容
    </a>
  );
}
