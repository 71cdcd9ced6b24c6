import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, SegmentedControl, Stack, Switch, Text, Textarea } from '@mantine/core';
import type { QcDecision } from '@vigil/domain';
import { warehouseQueries } from '../../api/warehouse';
import { OrderProgress } from './order-progress';
import { ScanStep } from './scan-step';
import { WarehousePage } from './warehouse-page';
import { WorkingOrders } from './warehouse-orders-screen';

// SPEC §2.1 /warehouse/logistics/ship/{order?} and /warehouse/logistics/qc/{order?} (issue 22):
// without an order in the URL, pick one; with one, scan for it and see its progress.

/** The order number of the URL, or null. */
function useOrderParam(): number | null {
  const n = Number(useParams().order);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** The chosen order's progress, as GET steps/{step} (and each answer since) tell it. */
function ChosenOrder({ step, order }: { step: 'ship' | 'qc'; order: number }) {
  const state = useQuery(warehouseQueries.step(step));
  const progress = state.data?.order;
  if (progress && progress.number === order) return <OrderProgress order={progress} />;
  return <Text size="lg">Scan the order’s label, or a box or device for it, to start.</Text>;
}

function OrderPicker({ base }: { base: string }) {
  return (
    <Stack gap="md">
      <Text size="lg">Choose the order.</Text>
      <WorkingOrders
        actions={(order) => (
          <Button component={Link} to={`${base}/${order.number}`} size="lg">
            Choose {order.reference}
          </Button>
        )}
      />
    </Stack>
  );
}

export function ShipScreen() {
  const order = useOrderParam();
  const [remove, setRemove] = useState(false);
  const request = useCallback(
    (text: string, idempotencyKey: string) => ({
      step: 'ship' as const,
      text,
      idempotencyKey,
      ...(order ? { order } : {}),
      remove,
    }),
    [order, remove],
  );
  return (
    <WarehousePage
      title={order ? `Ship ORD-${order}` : 'Ship'}
      back={order ? '/warehouse/logistics/ship' : undefined}
    >
      {order ? (
        <>
          <ChosenOrder step="ship" order={order} />
          <Switch
            size="xl"
            label="Take scanned boxes and devices off the order"
            checked={remove}
            onChange={(event) => setRemove(event.currentTarget.checked)}
          />
          <ScanStep step="ship" makeRequest={request} />
        </>
      ) : (
        <OrderPicker base="/warehouse/logistics/ship" />
      )}
    </WarehousePage>
  );
}

type QcChoice = 'look' | QcDecision['result'];

export function QcScreen() {
  const order = useOrderParam();
  const [choice, setChoice] = useState<QcChoice>('pass');
  const [notes, setNotes] = useState('');
  const needsNotes = choice === 'fail' && notes.trim() === '';
  const request = useCallback(
    (text: string, idempotencyKey: string) => ({
      step: 'qc' as const,
      text,
      idempotencyKey,
      ...(order ? { order } : {}),
      ...(choice === 'look' ? {} : { decision: { result: choice, notes: notes.trim() } }),
    }),
    [order, choice, notes],
  );
  return (
    <WarehousePage
      title={order ? `Quality Control ORD-${order}` : 'Quality Control'}
      back={order ? '/warehouse/logistics/qc' : undefined}
    >
      {order ? (
        <>
          <ChosenOrder step="qc" order={order} />
          <SegmentedControl
            size="xl"
            fullWidth
            value={choice}
            onChange={(value) => setChoice(value as QcChoice)}
            aria-label="Decision for the next device"
            data={[
              { value: 'pass', label: 'Pass' },
              { value: 'fail', label: 'Fail' },
              { value: 'look', label: 'Only look' },
            ]}
          />
          {choice === 'fail' && (
            <Textarea
              size="xl"
              label="What is wrong (required for a fail)"
              value={notes}
              onChange={(event) => setNotes(event.currentTarget.value)}
              maxLength={500}
            />
          )}
          <ScanStep
            step="qc"
            makeRequest={request}
            enabled={!needsNotes}
            disabledText="Say what is wrong before scanning a failed device."
          />
        </>
      ) : (
        <OrderPicker base="/warehouse/logistics/qc" />
      )}
    </WarehousePage>
  );
}
