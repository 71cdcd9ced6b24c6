import { useId } from 'react';
import { ActionIcon, Button, Group, NativeSelect, NumberInput, Stack, Text, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { ORDER_LINES_MAX, ORDER_QUANTITY_MAX, ORDERABLE_SKUS, type OrderableSku } from '@vigil/domain';

/** A line as edited: the quantity may be empty or half-typed until the order is saved. */
export type DraftLine = { sku: OrderableSku; quantity: number | string };

/** The first SKU of SPEC §9's orderable list not yet on a line. */
function nextSku(lines: readonly DraftLine[]): OrderableSku | undefined {
  return ORDERABLE_SKUS.find((sku) => !lines.some((line) => line.sku === sku));
}

export function newLine(lines: readonly DraftLine[] = []): DraftLine {
  return { sku: nextSku(lines) ?? ORDERABLE_SKUS[0], quantity: 1 };
}

/**
 * An order's lines (issue 22): an orderable SKU of SPEC §9 each, once, and how many (1–10,000);
 * 1 to 20 lines. A line's SKU is chosen among those not on another line.
 */
export function OrderLinesEditor({
  lines,
  onChange,
  error,
}: {
  lines: DraftLine[];
  onChange: (lines: DraftLine[]) => void;
  /** Why the lines cannot be saved as they are. */
  error?: string;
}) {
  const set = (index: number, patch: Partial<DraftLine>) =>
    onChange(lines.map((line, i) => (i === index ? { ...line, ...patch } : line)));
  const full = lines.length >= ORDER_LINES_MAX || nextSku(lines) === undefined;
  const labelId = useId();

  return (
    <Stack gap="xs" role="group" aria-labelledby={labelId}>
      <Text id={labelId} fw={500} size="sm">
        Lines
      </Text>
      {lines.map((line, index) => {
        const n = index + 1;
        const options = ORDERABLE_SKUS.filter((sku) => sku === line.sku || !lines.some((l) => l.sku === sku));
        return (
          <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
            <NativeSelect
              aria-label={`SKU, line ${n}`}
              data={options}
              value={line.sku}
              onChange={(e) => set(index, { sku: e.currentTarget.value as OrderableSku })}
              w="8rem"
            />
            <NumberInput
              aria-label={`Quantity, line ${n}`}
              min={1}
              max={ORDER_QUANTITY_MAX}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=","
              value={line.quantity}
              onChange={(value) => set(index, { quantity: value })}
              style={{ flex: 1 }}
            />
            <Tooltip label="Remove line">
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={`Remove line ${n}`}
                disabled={lines.length === 1}
                onClick={() => onChange(lines.filter((_, i) => i !== index))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        );
      })}
      {error && (
        <Text c="red.8" size="sm" role="alert">
          {error}
        </Text>
      )}
      <Group>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          disabled={full}
          onClick={() => onChange([...lines, newLine(lines)])}
        >
          Add line
        </Button>
      </Group>
    </Stack>
  );
}
