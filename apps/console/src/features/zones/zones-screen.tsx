import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { Grid, Paper, Stack, Text } from '@mantine/core';
import type { Zone } from '@vigil/domain';
import { useSignedIn } from '../../session/session';
import { PageHeader } from '../../ui/page-header';
import { ZoneTree } from '../../ui/zone-tree';
import { ZoneDetails } from './zone-details';

/** The query parameter holding the selected zone's id, so a reload or a shared link shows the same zone. */
const ZONE_PARAM = 'zone';

/** The selected zone's id, kept in the URL; each change replaces the entry rather than piling up history. */
function useSelectedZone() {
  const [params, setParams] = useSearchParams();
  const select = useCallback(
    (id: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id) next.set(ZONE_PARAM, id);
          else next.delete(ZONE_PARAM);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [params.get(ZONE_PARAM), select] as const;
}

/** Settings › Zones: the organisation's tree, and the chosen zone's name, place and settings. */
export function ZonesScreen() {
  const { ability, me } = useSignedIn();
  const [selected, select] = useSelectedZone();
  const selectZone = useCallback((zone: Zone) => select(zone.id), [select]);
  const editable = ability.can('update', 'Zone');

  return (
    <Stack>
      <PageHeader
        title="Zones"
        description="Sites, buildings, floors, units and areas of your organisation."
      />
      <Grid>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder p="sm">
            <ZoneTree
              label="Zones of your organisation"
              editable={editable}
              selected={selected}
              onSelect={selectZone}
              onAdded={selectZone}
              expansionKey={`zones.${me.org.id}.${me.id}`}
            />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder p="md">
            {selected ? (
              <ZoneDetails
                key={selected}
                zoneId={selected}
                editable={editable}
                onDeleted={() => select(null)}
              />
            ) : (
              <Text c="dimmed">Choose a zone in the tree to see and change its settings.</Text>
            )}
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
