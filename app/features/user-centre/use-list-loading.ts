import { useLocation, useNavigation } from 'react-router';
import { useMinDisplay } from '#app/lib/min-display.ts';

/**
 * True while a client navigation to this same list (another tab, page or search) loads, and then
 * for at least 200 ms (docs/product.md §9), so the list's loading state never flashes.
 */
export function useListLoading(): boolean {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  return useMinDisplay(navigation.state === 'loading' && navigation.location?.pathname === pathname);
}
