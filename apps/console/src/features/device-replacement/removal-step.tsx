import { useState } from 'react';
import { Button, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import {
  GATEWAY_REMOVAL_ACTIONS,
  RMA_REASON_MAX,
  RMA_REASON_REQUIRED,
  type GatewayRemovalAction,
} from '@vigil/domain';
import { removalLabel, removalOutcome } from './replacement-text';

export type Removal = { action: GatewayRemovalAction; rmaReason: string };

/**
 * What happens to the old gateway (SPEC §3 Gateway removal actions, as an unassign): one large card
 * per action with what it leaves the gateway as; an RMA needs its reason before Next.
 */
export function RemovalStep({
  oldId,
  initial,
  onChosen,
  onBack,
}: {
  oldId: string;
  initial: Removal;
  onChosen: (removal: Removal) => void;
  onBack: () => void;
}) {
  const [action, setAction] = useState<GatewayRemovalAction>(initial.action);
  const [rmaReason, setRmaReason] = useState(initial.rmaReason);
  const [tried, setTried] = useState(false);
  const missingReason = action === 'rma' && rmaReason.trim() === '';

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (!missingReason) onChosen({ action, rmaReason: action === 'rma' ? rmaReason.trim() : '' });
      }}
    >
      <Stack gap="lg">
        <Radio.Group
          label={`What happens to the old gateway ${oldId}`}
          size="lg"
          value={action}
          onChange={(value) => setAction(value as GatewayRemovalAction)}
        >
          <Stack gap="sm" mt="sm">
            {GATEWAY_REMOVAL_ACTIONS.map((a) => (
              <Radio.Card key={a} value={a} p="md" radius="md">
                <Group wrap="nowrap" align="flex-start">
                  <Radio.Indicator size="lg" />
                  <Stack gap={2}>
                    <Text size="xl" fw={600}>
                      {removalLabel(a)}
                    </Text>
                    <Text size="md" c="gray.7">
                      {removalOutcome(a)}
                    </Text>
                  </Stack>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
        {action === 'rma' && (
          <Textarea
            size="lg"
            label="RMA reason"
            required
            rows={2}
            maxLength={RMA_REASON_MAX}
            value={rmaReason}
            onChange={(event) => setRmaReason(event.currentTarget.value)}
            error={tried && missingReason ? RMA_REASON_REQUIRED : undefined}
          />
        )}
        <Group gap="md" grow>
          <Button size="xl" variant="default" onClick={onBack}>
            Back
          </Button>
          <Button size="xl" type="submit">
            Next
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
