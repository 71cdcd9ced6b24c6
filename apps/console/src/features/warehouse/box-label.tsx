import { useMemo } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { toSVG } from 'bwip-js/browser';
import { BOX_QUANTITY_BY_SKU, type ScanAnswer } from '@vigil/domain';
import classes from './warehouse.module.css';

type Print = NonNullable<ScanAnswer['print']>;

/** The packing date of a SPEC §5 label SKU-YYYYMMDD-n(-R), as YYYY-MM-DD; else today. */
export function labelDate(barcode: string): string {
  const date = /-(\d{4})(\d{2})(\d{2})-/.exec(barcode);
  return date ? `${date[1]}-${date[2]}-${date[3]}` : new Date().toISOString().slice(0, 10);
}

/** A box's packaging label (issue 22): the barcode as Code 128, with the barcode, SKU, count and date under it. */
export function BoxLabel({ print }: { print: Print }) {
  const svg = useMemo(
    () => toSVG({ bcid: 'code128', text: print.barcode, scale: 3, height: 14, includetext: false }),
    [print.barcode],
  );
  const count = (BOX_QUANTITY_BY_SKU as Record<string, number | undefined>)[print.sku];
  return (
    <Stack gap="sm">
      <Paper withBorder p="md" className={classes.label} aria-label={`Label ${print.barcode}`} role="region">
        <div
          role="img"
          aria-label={`Barcode ${print.barcode}`}
          className={classes.barcode}
          dangerouslySetInnerHTML={{ __html: svg }}
        />
        <Text fw={800} size="xl" ta="center" ff="monospace">
          {print.barcode}
        </Text>
        <Group justify="center" gap="xl">
          <Text size="lg">SKU {print.sku}</Text>
          {count !== undefined && <Text size="lg">{count} units</Text>}
          <Text size="lg">{labelDate(print.barcode)}</Text>
        </Group>
      </Paper>
      <Group>
        <Button size="xl" leftSection={<IconPrinter aria-hidden />} onClick={() => window.print()}>
          Print label
        </Button>
      </Group>
    </Stack>
  );
}
