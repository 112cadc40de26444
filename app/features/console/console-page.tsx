/**
 * The frame of a console page: its title, the actions beside it, then the content. The title is
 * the page's one h1; a page made of several frames (the dashboard) gives the others `level={2}`.
 */
export function ConsolePage({ title, extra, level = 1, children }: { title: string; extra?: React.ReactNode; level?: 1 | 2; children: React.ReactNode }) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className="console-page">
      <header className="console-page__head">
        <Heading className="console-page__title">{title}</Heading>
        {extra}
      </header>
      {children}
    </section>
  );
}
