/** The frame of a console page: its title, the actions beside it, then the content. */
export function ConsolePage({ title, extra, children }: { title: string; extra?: React.ReactNode; children: React.ReactNode }) {
  return (
    <section className="console-page" aria-labelledby="console-page-title">
      <header className="console-page__head">
        <h2 id="console-page-title">{title}</h2>
        {extra}
      </header>
      {children}
    </section>
  );
}
