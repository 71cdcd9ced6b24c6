import { Text } from '@mantine/core';
import { PageHeader } from '../../ui/page-header';

/** Issue 18: placeholder until its screen is built. */
export function IncidentsScreen() {
  return (
    <>
      <PageHeader title="Incidents" />
      <Text c="dimmed">Being built.</Text>
    </>
  );
}
