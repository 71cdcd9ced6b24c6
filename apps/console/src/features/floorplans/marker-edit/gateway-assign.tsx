import { useState } from 'react';
import { Autocomplete, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { DEBOUNCE_MS, parseMac, type Marker } from '@vigil/domain';
import { markerQueries } from '../../../api/markers';
import type { MarkerActions } from './marker-details';
import { macHint, macSuggestions } from './mac-suggestions';
import { areaOf, areaOptions, assignProblem } from './marker-form';
import { READABLE_ERROR_STYLES } from './field-styles';

type Errors = Partial<Record<'area' | 'mac', string>>;

/**
 * SPEC §5 Assigning a gateway: the area it is placed in (required, 'Must specify area') and its MAC,
 * suggested from the ready-to-deploy gateways after 4 characters. A gateway that already has
 * coordinates is refused by the server ('This gateway is already assigned to another location') and
 * nothing is assigned; the refusal is shown on the field it belongs to.
 */
export function GatewayAssign({
  floorId,
  marker,
  actions,
}: {
  floorId: string;
  marker: Marker;
  actions: MarkerActions;
}) {
  const areas = useQuery(markerQueries.areas(floorId));
  // Until the user picks one, the area is the one the marker is in (if it is an area).
  const [picked, setPicked] = useState<string | null | undefined>(undefined);
  const area = picked === undefined ? areaOf(marker, areas.data ?? []) : picked;
  const [mac, setMac] = useState('');
  const [typed] = useDebouncedValue(mac, DEBOUNCE_MS);
  const found = useQuery(markerQueries.macSuggestions(typed));
  const suggestions = macSuggestions(typed, found.data?.data ?? []);
  const [errors, setErrors] = useState<Errors>({});
  const [assigned, setAssigned] = useState<string | null>(null);

  async function assign() {
    setAssigned(null);
    const problem = assignProblem(area, mac);
    if (problem) {
      setErrors({ [problem.field]: problem.reason });
      return;
    }
    setErrors({});
    const gateway = (parseMac(mac) as { ok: true; value: string }).value;
    const outcome = await actions.assignGateway(marker, gateway, area!);
    if (!outcome.ok) {
      setErrors({ [outcome.field]: outcome.reason });
      return;
    }
    setMac('');
    setAssigned(gateway);
  }

  const noAreas = areas.isSuccess && areas.data.length === 0;
  return (
    <Stack gap="xs" component="section" aria-label="Gateway">
      <Title order={4} size="h6">
        Gateway
      </Title>
      <Text size="sm">{marker.gateway ? `Assigned: ${marker.gateway}` : 'No gateway assigned yet.'}</Text>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void assign();
        }}
      >
        <Stack gap="xs">
          <Select
            label="Area"
            description={
              noAreas
                ? 'This floor has no areas yet: add its units and areas on the Zones screen.'
                : 'A gateway is placed in an area of the floor.'
            }
            placeholder={areas.isPending ? 'Loading areas…' : 'Choose an area'}
            data={areaOptions(areas.data ?? [])}
            value={area}
            onChange={(value) => {
              setPicked(value);
              setErrors({ ...errors, area: undefined });
            }}
            error={errors.area ?? (areas.isError ? 'Could not load the areas of this floor' : undefined)}
            searchable
            required
            nothingFoundMessage="No area of that name"
            comboboxProps={{ withinPortal: false }}
            styles={READABLE_ERROR_STYLES}
          />
          <Autocomplete
            label={marker.gateway ? 'Replace with gateway (MAC)' : 'Gateway MAC'}
            description={macHint(mac)}
            placeholder="e.g. b0a7…"
            value={mac}
            onChange={(value) => {
              setMac(value);
              setErrors({ ...errors, mac: undefined });
            }}
            data={suggestions.map((s) => s.value)}
            // The server matched already (by pattern, separators ignored): show every answer.
            filter={({ options }) => options}
            renderOption={({ option }) => {
              const placed = suggestions.find((s) => s.value === option.value)?.placed;
              return (
                <Text size="sm" ff="monospace">
                  {option.value}
                  {placed ? ' · placed elsewhere' : ''}
                </Text>
              );
            }}
            error={errors.mac}
            required
            autoComplete="off"
            spellCheck={false}
            comboboxProps={{ withinPortal: false }}
            styles={READABLE_ERROR_STYLES}
          />
          {assigned && (
            <Text size="sm" c="teal.8" role="status">
              Gateway {assigned} assigned.
            </Text>
          )}
          <Group justify="flex-end">
            <Button type="submit" size="xs" disabled={actions.busy}>
              Assign gateway
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
