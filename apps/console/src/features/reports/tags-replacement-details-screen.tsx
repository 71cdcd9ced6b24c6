import { Text } from '@mantine/core';
import { PageHeader } from '../../ui/page-header';

/** Issue 18: placeholder until its screen is built. */
export function TagsReplacementDetailsScreen() {
  return (
    <>
      <PageHeader title="Tag Replacement Details" />
      <Text c="dimmed">Being built.</Text>
    </>
  );
}
