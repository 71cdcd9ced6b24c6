import { Text } from '@mantine/core';
import { PageHeader } from '../../ui/page-header';

/** Issue 18: placeholder until its screen is built. */
export function TagsReplacementScreen() {
  return (
    <>
      <PageHeader title="Tag Replacement Timeline" />
      <Text c="dimmed">Being built.</Text>
    </>
  );
}
