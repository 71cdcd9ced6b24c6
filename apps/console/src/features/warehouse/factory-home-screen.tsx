import { useCallback, useState } from 'react';
import { Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { FIRMWARE_KEYS, SKU_CODES, type ScanAnswer, type SkuCode } from '@vigil/domain';
import { BoxLabel } from './box-label';
import { ScanStep } from './scan-step';
import { WarehousePage } from './warehouse-page';

// SPEC §2.1 /factory/home (issue 22, docs/WAREHOUSE.md "The steps"): register flashed devices with
// the SKU and firmware key chosen here, then pack them; a box just opened prints its label.

const NO_KEY = 'none';
const FIRMWARE_OPTIONS = [
  { value: NO_KEY, label: 'None (tags)' },
  ...[...FIRMWARE_KEYS.indoor, ...FIRMWARE_KEYS.outdoor].map((key) => ({ value: key, label: key })),
];
const OUTDOOR: readonly string[] = FIRMWARE_KEYS.outdoor;
const INDOOR_SKUS: readonly string[] = ['GW2'];

/** The firmware key a SKU is usually flashed with (SPEC §9): outdoor gateways their own, GW2 GW2, tags none. */
export function defaultFirmwareKey(sku: string): string {
  if (OUTDOOR.includes(sku)) return sku;
  if (INDOOR_SKUS.includes(sku)) return 'GW2';
  return NO_KEY;
}

type Mode = 'register' | 'pack';

export function FactoryHomeScreen() {
  const [mode, setMode] = useState<Mode>('register');
  const [sku, setSku] = useState<SkuCode | null>(null);
  const [firmwareKey, setFirmwareKey] = useState<string>(NO_KEY);
  const [print, setPrint] = useState<ScanAnswer['print']>(null);

  const register = useCallback(
    (text: string, idempotencyKey: string) => ({
      step: 'register' as const,
      text,
      idempotencyKey,
      sku: sku ?? 'TAG5',
      firmwareKey: firmwareKey === NO_KEY ? null : (firmwareKey as never),
    }),
    [sku, firmwareKey],
  );
  const onPacked = useCallback((answer: ScanAnswer) => {
    if (answer.print) setPrint(answer.print);
  }, []);

  return (
    <WarehousePage title="Factory" back={null}>
      <SegmentedControl
        size="xl"
        fullWidth
        value={mode}
        onChange={(value) => setMode(value as Mode)}
        data={[
          { value: 'register', label: 'Register devices' },
          { value: 'pack', label: 'Pack boxes' },
        ]}
        aria-label="Factory step"
      />
      {mode === 'register' ? (
        <Stack gap="md">
          <Group grow align="flex-end">
            <Select
              size="xl"
              label="SKU"
              placeholder="Choose the SKU"
              data={[...SKU_CODES]}
              value={sku}
              onChange={(value) => {
                setSku(value as SkuCode | null);
                if (value) setFirmwareKey(defaultFirmwareKey(value));
              }}
              allowDeselect={false}
            />
            <Select
              size="xl"
              label="Firmware key"
              data={FIRMWARE_OPTIONS}
              value={firmwareKey}
              onChange={(value) => setFirmwareKey(value ?? NO_KEY)}
              allowDeselect={false}
            />
          </Group>
          <ScanStep
            step="register"
            makeRequest={register}
            enabled={sku !== null}
            disabledText="Choose the SKU to register devices."
            label="Scan or type a device id"
          />
        </Stack>
      ) : (
        <Stack gap="md">
          {print ? (
            <BoxLabel print={print} />
          ) : (
            <Text size="lg">The label of a box appears here when its first device is scanned.</Text>
          )}
          <ScanStep step="pack" onAnswer={onPacked} label="Scan a device or a box label" />
        </Stack>
      )}
    </WarehousePage>
  );
}
