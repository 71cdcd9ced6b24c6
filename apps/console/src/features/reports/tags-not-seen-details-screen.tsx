import { Text } from '@mantine/core';
import { PageHeader } from '../../ui/page-header';

/** Issue 18: placeholder until its screen is built. */
export function TagsNotSeenDetailsScreen() {
  return (
    <>
      <PageHeader title="Missing Tags Details" />
      <Text c="dimmed">Being built.</Text>
    </>
  );
}
