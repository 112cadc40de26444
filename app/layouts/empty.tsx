import { Outlet } from 'react-router';

/** The bare layout (docs/product.md §2): no header or footer, for pages that stand alone. */
export default function EmptyLayout() {
  return (
    <main className="empty-layout">
      <Outlet />
    </main>
  );
}
