import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Group,
  Loader,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  INVENTORY_MINIMUM_MAX,
  SKU_CODES,
  minimumSkus,
  type InventoryCount,
  type InventoryMinimums,
  type SkuCode,
} from '@vigil/domain';
import { reasonOf } from '../../api/errors';
import { useSaveMinimums, warehouseQueries } from '../../api/warehouse';
import { ErrorPanel } from '../../ui/error-panel';

// Issue 22 /warehouse/inventory: the warehouse's minimum stock per SKU (PUT the whole set), for those
// who may update Inventory. The SKUs shown are those in stock or with a minimum; others can be added.

const inStockOf = (counts: readonly InventoryCount[], sku: SkuCode) =>
  counts.filter((c) => c.sku === sku && c.place === 'in_stock').reduce((sum, c) => sum + c.count, 0);

function MinimumsForm({ counts, saved }: { counts: readonly InventoryCount[]; saved: InventoryMinimums }) {
  const save = useSaveMinimums();
  const [draft, setDraft] = useState<Partial<Record<SkuCode, number | string>>>(saved);
  const [added, setAdded] = useState<SkuCode[]>([]);
  const shown = minimumSkus(counts, saved);
  const skus = SKU_CODES.filter((sku) => shown.includes(sku) || added.includes(sku));
  const others = SKU_CODES.filter((sku) => !skus.includes(sku));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body: InventoryMinimums = {};
    for (const sku of skus) {
      const minimum = Number(draft[sku] ?? 0);
      if (minimum > 0) body[sku] = minimum;
    }
    try {
      const answer = await save.mutateAsync(body);
      setDraft(answer);
      notifications.show({ color: 'green', message: 'Minimums saved' });
    } catch (error) {
      notifications.show({ color: 'red', message: `Could not save the minimums: ${reasonOf(error)}` });
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Minimums per SKU">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          {skus.map((sku) => (
            <NumberInput
              key={sku}
              size="lg"
              label={`${sku} minimum`}
              description={`${inStockOf(counts, sku)} in stock`}
              min={0}
              max={INVENTORY_MINIMUM_MAX}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="strict"
              value={draft[sku] ?? 0}
              onChange={(value) => setDraft((d) => ({ ...d, [sku]: value }))}
            />
          ))}
        </SimpleGrid>
        {skus.length === 0 && <Text size="lg">No SKU in stock or with a minimum: add one.</Text>}
        <Group align="flex-end" justify="space-between">
          {others.length > 0 && (
            <NativeSelect
              size="lg"
              label="Add a SKU"
              value=""
              data={[{ value: '', label: 'Choose a SKU' }, ...others]}
              onChange={(event) => {
                const sku = event.currentTarget.value as SkuCode | '';
                if (sku) setAdded((list) => [...list, sku]);
              }}
            />
          )}
          <Button type="submit" size="lg" loading={save.isPending}>
            Save minimums
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The minimums editor: the fewest devices in stock of each SKU before the inventory warns. */
export function InventoryMinimumsEditor({ counts }: { counts: readonly InventoryCount[] }) {
  const minimums = useQuery(warehouseQueries.minimums());
  const heading = useId();
  return (
    <Stack component="section" gap="md" aria-labelledby={heading}>
      <Title order={2} id={heading}>
        Minimums
      </Title>
      <Text size="lg">The fewest devices in stock of a SKU before the inventory warns; 0 for none.</Text>
      {minimums.isPending && <Loader aria-label="Loading the minimums" />}
      {minimums.isError && (
        <ErrorPanel
          title="Could not load the minimums"
          error={minimums.error}
          onRetry={() => void minimums.refetch()}
        />
      )}
      {minimums.isSuccess && <MinimumsForm counts={counts} saved={minimums.data} />}
    </Stack>
  );
}
