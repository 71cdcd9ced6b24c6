import { useCallback, useState } from 'react';
import { SegmentedControl, Textarea } from '@mantine/core';
import { scanPermissions, type InspectionDecision } from '@vigil/domain';
import { useSignedIn } from '../../session/session';
import { ScanStep } from './scan-step';
import { WarehousePage } from './warehouse-page';

// SPEC §2.1 /warehouse/returns (issue 22): take devices back, with or without the inspection's
// decision (reusable, or scrapped for those who may scrap: SPEC §6).

type Choice = 'back' | InspectionDecision['verdict'];

export function ReturnsScreen() {
  const { mayScrap } = scanPermissions(useSignedIn().ability);
  const [choice, setChoice] = useState<Choice>('back');
  const [notes, setNotes] = useState('');
  const request = useCallback(
    (text: string, idempotencyKey: string) => ({
      step: 'returns' as const,
      text,
      idempotencyKey,
      ...(choice === 'back' ? {} : { decision: { verdict: choice, notes: notes.trim() } }),
    }),
    [choice, notes],
  );
  return (
    <WarehousePage title="Returns">
      <SegmentedControl
        size="xl"
        fullWidth
        value={choice}
        onChange={(value) => setChoice(value as Choice)}
        aria-label="Inspection decision for the next device"
        data={[
          { value: 'back', label: 'Take back only' },
          { value: 'reusable', label: 'Reusable' },
          ...(mayScrap ? [{ value: 'scrapped', label: 'Scrapped' }] : []),
        ]}
      />
      {choice !== 'back' && (
        <Textarea
          size="xl"
          label="Inspection notes"
          value={notes}
          onChange={(event) => setNotes(event.currentTarget.value)}
          maxLength={500}
        />
      )}
      <ScanStep step="returns" makeRequest={request} label="Scan or type a device id" />
    </WarehousePage>
  );
}
