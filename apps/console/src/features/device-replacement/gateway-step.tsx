import { useState, type ReactNode } from 'react';
import { Autocomplete, Button, Group, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IconQrcode, IconX } from '@tabler/icons-react';
import { DEBOUNCE_MS, type GatewayDetail } from '@vigil/domain';
import { gatewayQueries } from '../../api/gateways';
import { replacementQueries, type ReplacementSide } from '../../api/gateway-replacement';
import { messages } from '../../api/messages';
import { QrScanner } from '../../ui/scanner/qr-scanner';
import { useKeyboardScanner } from '../../ui/scanner/use-keyboard-scanner';
import { macHint, macOf, macProblem } from './replacement-text';

export type GatewayStepProps = {
  side: ReplacementSide;
  /** The MAC field's label. */
  label: string;
  /** Why this gateway may not be chosen (the domain's replacement rules), or null. */
  refusal: (gateway: GatewayDetail) => string | null;
  onChosen: (gateway: GatewayDetail) => void;
  /** Shown above the field, e.g. the gateway being replaced. */
  context?: ReactNode;
  onBack?: () => void;
};

/**
 * One gateway of the replacement, by its MAC: typed with suggestions (SPEC §7 MAC suggestions, after
 * 4 characters), scanned with the camera, or read by a hand-held scanner (typing into the field, or
 * anywhere on the screen, ended by Enter). The gateway is read from the server and checked before the
 * next step; why it cannot be used is shown on the field.
 */
export function GatewayStep({ side, label, refusal, onChosen, context, onBack }: GatewayStepProps) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [typed] = useDebouncedValue(text, DEBOUNCE_MS);
  const found = useQuery(replacementQueries.suggestions(side, typed));
  const suggestions = found.data?.data ?? [];
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [scanning, setScanning] = useState(false);

  async function choose(entry: string) {
    const mac = macOf(entry);
    if (mac === null) {
      setError(macProblem(entry));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const gateway = await queryClient.fetchQuery({ ...gatewayQueries.detail(mac), staleTime: 0 });
      const reason = refusal(gateway);
      if (reason) setError(reason);
      else onChosen(gateway);
    } catch (err) {
      setError(messages.problem(err));
    } finally {
      setBusy(false);
    }
  }

  function scanned(entry: string) {
    setScanning(false);
    setText(entry);
    void choose(entry);
  }

  useKeyboardScanner(scanned, { enabled: !busy });

  return (
    <Stack gap="lg">
      {context}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void choose(text);
        }}
      >
        <Stack gap="md">
          <Autocomplete
            size="xl"
            label={label}
            description={macHint(text, suggestions.length)}
            placeholder="e.g. b0a7…"
            value={text}
            onChange={(value) => {
              setText(value);
              setError(null);
            }}
            onOptionSubmit={(value) => void choose(value)}
            data={suggestions.map((g) => g.id)}
            // The server matched already (by pattern, separators ignored): show every answer.
            filter={({ options }) => options}
            renderOption={({ option }) => (
              <Stack gap={0} py={4}>
                <Text size="lg" ff="monospace">
                  {option.value}
                </Text>
                <Text size="sm" c="gray.7">
                  {suggestions.find((g) => g.id === option.value)?.location?.path ?? 'No location'}
                </Text>
              </Stack>
            )}
            error={error}
            autoComplete="off"
            spellCheck={false}
            comboboxProps={{ withinPortal: false }}
          />
          <Group gap="md" grow preventGrowOverflow={false}>
            {onBack && (
              <Button size="xl" variant="default" onClick={onBack}>
                Back
              </Button>
            )}
            <Button
              size="xl"
              variant="light"
              leftSection={scanning ? <IconX aria-hidden /> : <IconQrcode aria-hidden />}
              onClick={() => setScanning(!scanning)}
              aria-expanded={scanning}
            >
              {scanning ? 'Stop scanning' : 'Scan'}
            </Button>
            <Button size="xl" type="submit" loading={busy} disabled={text.trim() === ''}>
              Next
            </Button>
          </Group>
        </Stack>
      </form>
      {scanning && <QrScanner onScan={scanned} label={`${label}: camera`} />}
    </Stack>
  );
}
