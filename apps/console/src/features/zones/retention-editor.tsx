import { useState } from 'react';
import { Alert, Button, Checkbox, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  DEFAULT_RETENTION_DAYS,
  RETENTION_CATEGORIES,
  RETENTION_DAYS_MAX,
  RETENTION_DAYS_MIN,
  RETENTION_FOREVER,
  RETENTION_LABELS,
  retentionDaysSchema,
  type RetentionCategory,
  type RetentionConfig,
} from '@vigil/domain';
import { messages } from '../../api/messages';
import { useUpdateZone } from '../../api/zones';

/** One category as edited: days ('' = the default), or kept forever. */
type Entry = { days: number | ''; forever: boolean };
type Draft = Record<RetentionCategory, Entry>;

function fromConfig(retention: unknown): Draft {
  const stored = (retention && typeof retention === 'object' ? retention : {}) as Record<string, unknown>;
  const draft = {} as Draft;
  for (const category of RETENTION_CATEGORIES) {
    const value = stored[category];
    draft[category] = {
      days: typeof value === 'number' ? value : '',
      forever: value === RETENTION_FOREVER,
    };
  }
  return draft;
}

/** What a PUT sends for an entry: 'forever', days, or null (back to the default). */
const stored = (e: Entry) => (e.forever ? RETENTION_FOREVER : e.days === '' ? null : e.days);

/** Issue 19 domain rule for days (whole, 1 to 3650), as its message; undefined when valid. */
function entryError(e: Entry): string | undefined {
  if (e.forever || e.days === '') return undefined;
  const parsed = retentionDaysSchema.safeParse(e.days);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

const defaultText = (category: RetentionCategory) => {
  const days = DEFAULT_RETENTION_DAYS[category];
  return days === null ? 'forever' : `${days} days`;
};

/**
 * Issue 19 Retention: how long the organisation keeps each kind of history, days per category
 * (empty: the default), or forever. Saved through the zone PUT, so the change log records it.
 */
export function RetentionEditor({
  zoneId,
  retention,
  editable,
}: {
  zoneId: string;
  retention: unknown;
  editable: boolean;
}) {
  const update = useUpdateZone();
  const saved = fromConfig(retention);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string>();
  const current = draft ?? saved;
  const changed = RETENTION_CATEGORIES.filter((c) => stored(current[c]) !== stored(saved[c]));
  const invalid = RETENTION_CATEGORIES.some((c) => entryError(current[c]));

  const set = (category: RetentionCategory, patch: Partial<Entry>) =>
    setDraft({ ...current, [category]: { ...current[category], ...patch } });

  async function save() {
    setError(undefined);
    const body = Object.fromEntries(changed.map((c) => [c, stored(current[c])])) as RetentionConfig;
    try {
      await update.mutateAsync({ id: zoneId, config: { retention: body } });
      setDraft(null);
      notifications.show({ color: 'green', message: 'Data retention saved' });
    } catch (err) {
      setError(messages.couldNotUpdate(err));
    }
  }

  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        Data retention
      </Title>
      <Text size="sm" c="dimmed">
        How long this organisation keeps each kind of history. Every night older rows are deleted in small
        batches, and the change log counts what went. Leave a field empty for the default.
      </Text>
      {error && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setError(undefined)}>
          {error}
        </Alert>
      )}
      {RETENTION_CATEGORIES.map((category) => {
        const entry = current[category];
        const { label, help } = RETENTION_LABELS[category];
        return (
          <Group key={category} align="flex-start" wrap="nowrap">
            <NumberInput
              style={{ flex: 1 }}
              label={`${label} (days)`}
              description={`${help} Default: ${defaultText(category)}.`}
              placeholder={
                entry.forever ? 'Kept forever' : `${DEFAULT_RETENTION_DAYS[category] ?? ''} (default)`
              }
              min={RETENTION_DAYS_MIN}
              max={RETENTION_DAYS_MAX}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              value={entry.forever ? '' : entry.days}
              disabled={!editable || entry.forever}
              error={entryError(entry)}
              onChange={(v) => set(category, { days: v === '' ? '' : Number(v) })}
            />
            <Checkbox
              mt={34}
              label="Keep forever"
              aria-label={`Keep forever: ${label}`}
              checked={entry.forever}
              disabled={!editable}
              onChange={(e) => set(category, { forever: e.currentTarget.checked })}
            />
          </Group>
        );
      })}
      {editable && (
        <Group>
          <Button
            onClick={() => void save()}
            loading={update.isPending}
            disabled={changed.length === 0 || invalid}
          >
            Save retention
          </Button>
          {draft && changed.length > 0 && (
            <Button variant="default" onClick={() => setDraft(null)}>
              Discard
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
