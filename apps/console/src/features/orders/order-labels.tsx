import { Badge } from '@mantine/core';
import { ORDER_STATE_LABELS, type OrderState } from '@vigil/domain';

// Issue 22: how an order reads on the operations screen.

/** Dark shades, white text above 4.5:1; the state is also written, never told by colour alone. */
const STATE_COLOURS: Record<OrderState, string> = {
  open: 'blue.9',
  picking: 'orange.9',
  qc: 'grape.9',
  shipped: 'green.9',
  cancelled: 'gray.7',
};

export function OrderStateBadge({ state }: { state: OrderState }) {
  return (
    <Badge color={STATE_COLOURS[state]} variant="filled" miw="max-content">
      {ORDER_STATE_LABELS[state]}
    </Badge>
  );
}

/** '20 × TAG5, 5 × GW2'. */
export function linesSummary(lines: readonly { sku: string; quantity: number }[]): string {
  return lines.map((line) => `${line.quantity.toLocaleString('en-US')} × ${line.sku}`).join(', ');
}

const SHORT: Intl.DateTimeFormatOptions = { dateStyle: 'short', timeStyle: 'short' };
export const shortWhen = (iso: string) => new Date(iso).toLocaleString(undefined, SHORT);
