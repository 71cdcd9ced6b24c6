import { useEffect, type ReactNode } from 'react';
import { AppShell, Burger, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { AlertingProvider } from '../../features/alerts/alerting-provider';
import { Banners } from '../../features/alerts/banners';
import { ChannelFailingBanner } from '../../features/notifications/channel-banner';
import { Footer } from '../shell/footer';
import { IdleLogout } from '../shell/idle-logout';
import { Sidebar, useSidebarGroups } from '../shell/sidebar';
import { SkipLink, mainProps } from '../shell/skip-link';
import { useConsolePresence } from '../shell/use-console-presence';
import { UserMenu } from '../shell/user-menu';
import { VigilMark } from '../../ui/vigil-mark';
import { DismissibleNote } from '../../ui/dismissible-note';
import { prefetchFloorPlans } from '../../features/floorplans/prefetch';
import { useSignedIn } from '../../session/session';

/**
 * SPEC §2.5 default layout (sidebar, nav bar, footer) and the no-footer layout, with the alert path
 * (feed, alarm, banners) running on every screen of it.
 */
export function ShellLayout({ footer, children }: { footer: boolean; children: ReactNode }) {
  return (
    <AlertingProvider>
      <Shell footer={footer}>{children}</Shell>
    </AlertingProvider>
  );
}

function Shell({ footer, children }: { footer: boolean; children: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure();
  const name = useConsolePresence();
  // A role with no screen in the sidebar (noAccess, a kiosk role) gets no empty navigation.
  const withSidebar = useSidebarGroups().length > 0;
  // Floor plans are one step from every alert (the map, the alert's floor panel): their chunks and
  // first floor are loaded while the console is idle, for roles that read them.
  const { ability } = useSignedIn();
  const readsPlans = ability.can('read', 'FloorPlan');
  const listsGateways = ability.can('list', 'Gateway');
  const queryClient = useQueryClient();
  useEffect(
    () => (readsPlans ? prefetchFloorPlans(queryClient, listsGateways) : undefined),
    [readsPlans, listsGateways, queryClient],
  );

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={withSidebar ? { width: 248, breakpoint: 'sm', collapsed: { mobile: !opened } } : undefined}
      footer={footer ? { height: 36 } : undefined}
      padding="md"
    >
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {withSidebar && (
              <Burger
                opened={opened}
                onClick={toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label="Toggle navigation"
              />
            )}
            <VigilMark />
            <Text fw={700}>Vigil</Text>
            {name && (
              <Text c="dimmed" size="sm" aria-label="Console name">
                {name}
              </Text>
            )}
          </Group>
          <UserMenu />
        </Group>
      </AppShell.Header>
      {withSidebar && (
        <AppShell.Navbar>
          <Sidebar onNavigate={close} />
        </AppShell.Navbar>
      )}
      <AppShell.Main {...mainProps}>
        <Banners />
        <ChannelFailingBanner />
        {withSidebar && (
          <DismissibleNote noteKey="welcome" title="Welcome to Vigil">
            The sidebar lists the screens your role may open. Close this note and it stays closed on every
            console.
          </DismissibleNote>
        )}
        {children}
      </AppShell.Main>
      {footer && (
        <AppShell.Footer>
          <Footer />
        </AppShell.Footer>
      )}
      <IdleLogout />
    </AppShell>
  );
}
