import { Button } from 'antd';
import { consoleHttp } from './console-http.ts';
import { swapOrder, type Sorted } from './swap-order.ts';

/**
 * 上移 / 下移 of a console list's row: swaps it with its neighbour on this page (within its group)
 * through `<domain>/sort` (with `payload` beside the new order), then reloads the list.
 */
export function MoveButtons<R extends Sorted>({ domain, rows, row, name, sameGroup, payload, onDone }: {
  domain: string;
  payload?: object;
  rows: readonly R[];
  row: R;
  name: string;
  sameGroup?: (a: R, b: R) => boolean;
  onDone: () => void;
}) {
  async function move(step: -1 | 1) {
    const order = swapOrder(rows, row, step, sameGroup);
    if (!order) return;
    await consoleHttp.post(`${domain}/sort`, { ...payload, ...order });
    onDone();
  }
  return (
    <>
      <Button type="link" size="small" aria-label={`上移 ${name}`} onClick={() => move(-1)}>
        上移
      </Button>
      <Button type="link" size="small" aria-label={`下移 ${name}`} onClick={() => move(1)}>
        下移
      </Button>
    </>
  );
}
