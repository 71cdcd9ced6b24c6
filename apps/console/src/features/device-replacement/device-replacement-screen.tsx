import { useState } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';
import {
  replacedGatewayRefusal,
  replacementRefusal,
  type GatewayDetail,
  type GatewayReplaceResult,
} from '@vigil/domain';
import { ConfirmStep } from './confirm-step';
import { DoneStep } from './done-step';
import { GatewayStep } from './gateway-step';
import { RemovalStep, type Removal } from './removal-step';
import { placeOf } from './replacement-text';

type Step = 'old' | 'new' | 'removal' | 'confirm' | 'done';
const STEP_TITLES = {
  old: 'Scan or type the gateway to replace',
  new: 'Scan or type the new gateway',
  removal: 'What happens to the old gateway',
  confirm: 'Check and replace',
} as const;
const STEPS = Object.keys(STEP_TITLES) as (keyof typeof STEP_TITLES)[];
const NO_REMOVAL: Removal = { action: 'none', rmaReason: '' };

/**
 * /device/replacement (SPEC §2.1, a kiosk; issue 21): a new gateway takes an installed one's place.
 * Four steps, each one large enough to use standing: the old gateway (placed), the new one (ready to
 * deploy), the old one's removal action, a summary to confirm; then the result with its floor plan.
 */
export function DeviceReplacementScreen() {
  const [step, setStep] = useState<Step>('old');
  const [old, setOld] = useState<GatewayDetail | null>(null);
  const [fresh, setFresh] = useState<GatewayDetail | null>(null);
  const [removal, setRemoval] = useState<Removal>(NO_REMOVAL);
  const [result, setResult] = useState<GatewayReplaceResult | null>(null);

  function restart() {
    setOld(null);
    setFresh(null);
    setRemoval(NO_REMOVAL);
    setResult(null);
    setStep('old');
  }

  return (
    <Stack gap="lg" maw={880} mx="auto" w="100%" p="md">
      <Title order={1}>Device Replacement</Title>
      {step === 'done' ? (
        result && <DoneStep result={result} onAgain={restart} />
      ) : (
        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="replacement-step">
          <Stack gap="lg">
            <Stack gap={2}>
              <Text size="lg" c="gray.7">
                {`Step ${STEPS.indexOf(step) + 1} of ${STEPS.length}`}
              </Text>
              <Title order={2} id="replacement-step">
                {STEP_TITLES[step]}
              </Title>
            </Stack>
            {step === 'old' && (
              <GatewayStep
                key="old"
                side="old"
                label="Gateway to replace (MAC)"
                refusal={replacedGatewayRefusal}
                onChosen={(gateway) => {
                  setOld(gateway);
                  setStep('new');
                }}
              />
            )}
            {step === 'new' && old && (
              <GatewayStep
                key="new"
                side="new"
                label="New gateway (MAC)"
                refusal={(gateway) => replacementRefusal(old, gateway)}
                context={
                  <Text size="lg">
                    {'Replacing '}
                    <Text span ff="monospace" fw={700} inherit>
                      {old.id}
                    </Text>
                    {` at ${placeOf(old)}`}
                  </Text>
                }
                onChosen={(gateway) => {
                  setFresh(gateway);
                  setStep('removal');
                }}
                onBack={() => setStep('old')}
              />
            )}
            {step === 'removal' && old && (
              <RemovalStep
                oldId={old.id}
                initial={removal}
                onChosen={(chosen) => {
                  setRemoval(chosen);
                  setStep('confirm');
                }}
                onBack={() => setStep('new')}
              />
            )}
            {step === 'confirm' && old && fresh && (
              <ConfirmStep
                old={old}
                fresh={fresh}
                removal={removal}
                onBack={() => setStep('removal')}
                onDone={(done) => {
                  setResult(done);
                  setStep('done');
                }}
              />
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
