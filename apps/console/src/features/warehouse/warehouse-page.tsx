import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';

/** Where the warehouse kiosk's steps lead back to (SPEC §2.1). */
export const WAREHOUSE_HOME = '/warehouse/home';

/** The frame of a factory or warehouse kiosk screen: its heading and, on a step, the way back home. */
export function WarehousePage({
  title,
  back = WAREHOUSE_HOME,
  children,
}: {
  title: ReactNode;
  /** The screen to go back to; null on a home screen. */
  back?: string | null;
  children: ReactNode;
}) {
  return (
    <Stack gap="lg" maw={960} mx="auto" w="100%">
      <Group justify="space-between" wrap="nowrap">
        <Title order={1}>{title}</Title>
        {back && (
          <Button
            component={Link}
            to={back}
            size="lg"
            variant="default"
            leftSection={<IconArrowLeft aria-hidden />}
          >
            Back
          </Button>
        )}
      </Group>
      {children}
    </Stack>
  );
}
