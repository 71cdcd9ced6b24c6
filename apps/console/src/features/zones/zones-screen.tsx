import { useState } from 'react';
import { Grid, Paper, Stack, Text } from '@mantine/core';
import type { Zone } from '@vigil/domain';
import { useSignedIn } from '../../session/session';
import { PageHeader } from '../../ui/page-header';
import { ZoneTree } from '../../ui/zone-tree';
import { ZoneDetails } from './zone-details';

/** Settings › Zones: the organisation's tree, and the chosen zone's name, place and settings. */
export function ZonesScreen() {
  const { ability } = useSignedIn();
  const [selected, setSelected] = useState<Zone | null>(null);
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
              selected={selected?.id ?? null}
              onSelect={setSelected}
            />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder p="md">
            {selected ? (
              <ZoneDetails
                key={selected.id}
                zoneId={selected.id}
                editable={editable}
                onDeleted={() => setSelected(null)}
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
