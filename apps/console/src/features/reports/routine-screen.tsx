import { Text } from '@mantine/core';
import { PageHeader } from '../../ui/page-header';

/** Issue 18: placeholder until its screen is built. */
export function RoutineScreen() {
  return (
    <>
      <PageHeader title="Report" />
      <Text c="dimmed">Being built.</Text>
    </>
  );
}
