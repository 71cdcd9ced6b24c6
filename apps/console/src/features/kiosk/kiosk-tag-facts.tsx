import { SimpleGrid, Stack, Text } from '@mantine/core';
import {
  KIOSK_MESSAGES,
  batteryLevel,
  batteryMetadataLabel,
  type KioskTag,
  type Tag,
  type TagDetail,
} from '@vigil/domain';

// Issue 21 Status: the tag's state, owner, battery (both SPEC §9 readings), firmware and whether it
// is reusable (SPEC §4), as SPEC §3 shapes a tag: `config` set by people, `state` reported by it.

type Json = Record<string, unknown>;
const obj = (v: unknown): Json | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined;

const STATE_WORDS: Record<string, string> = {
  flashed: 'Flashed',
  available: 'Available',
  reserved: 'Reserved',
  deployed: 'Active (deployed)',
  ready_for_return: 'Ready for Return',
  returned: 'Returned',
  lost: 'Lost',
};

export const tagStateWords = (state: string | null | undefined) =>
  state ? (STATE_WORDS[state] ?? state) : KIOSK_MESSAGES.tagStateNotFound;

/** What the kiosk flow reads of a tag (domain distribution/flow.ts). */
export function kioskTagOf(tag: Pick<Tag, 'id' | 'config'>): KioskTag {
  return {
    id: tag.id,
    state: tag.config.state ?? null,
    ownerPersonId: tag.config.owner?.personId ?? null,
  };
}

function batteryMv(tag: Pick<Tag, 'state'>): number | undefined {
  const level = obj(obj(obj(tag.state)?.battery)?.current)?.level;
  return typeof level === 'number' && Number.isFinite(level) ? level : undefined;
}

function firmware(tag: Pick<Tag, 'state'>): string {
  const f = obj(obj(tag.state)?.firmware);
  const text = (v: unknown) => (typeof v === 'number' || typeof v === 'string' ? String(v) : undefined);
  const parts = [text(f?.app) && `app ${text(f?.app)}`, text(f?.boot) && `boot ${text(f?.boot)}`];
  return parts.filter(Boolean).join(', ') || 'Not reported';
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** SPEC §9: the level from the voltage (healthy/low/depleted) and the tag-metadata label, with the reading. */
export function batteryText(tag: Pick<Tag, 'state'>): { level: string; label: string } {
  const mv = batteryMv(tag);
  const reading = mv === undefined ? '' : ` (${mv.toLocaleString('en-US')} mV)`;
  return { level: `${capital(batteryLevel(mv))}${reading}`, label: batteryMetadataLabel(mv) };
}

/** The tag's facts, large, as a description list. */
export function KioskTagFacts({ tag }: { tag: TagDetail }) {
  const owner = tag.config.owner;
  const battery = batteryText(tag);
  const facts: [string, string][] = [
    ['Tag', tag.id],
    ['State', tagStateWords(tag.config.state)],
    ['Owner', owner?.name ? `${owner.name}${owner.personId ? ` (${owner.personId})` : ''}` : 'No one'],
    ['Battery', battery.level],
    ['Battery label', battery.label],
    ['Firmware', firmware(tag)],
    ['Reusable', tag.reusable ? 'Yes' : 'No: flagged for collection'],
    ['Station', tag.stationName ?? 'None'],
  ];
  return (
    <SimpleGrid component="dl" cols={{ base: 2, sm: 3 }} spacing="lg" verticalSpacing="md" m={0}>
      {facts.map(([term, value]) => (
        <Stack key={term} gap={2}>
          <Text component="dt" size="md" fw={600} c="gray.8">
            {term}
          </Text>
          <Text component="dd" size="xl" fw={700} m={0}>
            {value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
