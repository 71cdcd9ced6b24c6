import { Fragment } from 'react';
import { NavLink as RouterLink, useLocation } from 'react-router';
import { NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { visibleSidebar, type SidebarGroup } from '@vigil/domain/routes';
import { useReportRoutines } from '../../api/routines';
import { useSignedIn } from '../../session/session';
import { toGuardSession } from '../guard';
import { isRegistered } from '../screens';

/** SPEC §2.4: the sidebar groups the user's abilities and flags allow (none for a kiosk role). */
export function useSidebarGroups(): SidebarGroup[] {
  const guardSession = toGuardSession(useSignedIn());
  const signedIn = guardSession.status === 'signedIn';
  // SPEC §2.4 Reports: the stored routines' entries, for users who may read Report.
  const routines = useReportRoutines(signedIn && guardSession.can(['read', 'Report']));
  if (!signedIn) return [];
  return visibleSidebar({
    can: guardSession.can,
    flags: guardSession.flags,
    registered: isRegistered,
    role: guardSession.role,
    routines: routines.data,
  });
}

/** SPEC §2.4 sidebar, from the domain's definition: entries the user's abilities and flags allow. */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const groups = useSidebarGroups();
  if (groups.length === 0) return null;

  return (
    <ScrollArea component="nav" aria-label="Main navigation" h="100%">
      <Stack gap="md" p="sm">
        {groups.map((group) => (
          <section key={group.id} aria-labelledby={`nav-${group.id}`}>
            <Text id={`nav-${group.id}`} size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4}>
              {group.title}
            </Text>
            {group.entries.map((entry, i) => (
              <Fragment key={entry.path}>
                {/* Entries of a section (a stored routine's first word, Outdoor's kinds) under its name. */}
                {entry.section && entry.section !== group.entries[i - 1]?.section && (
                  <Text size="xs" c="dimmed" px="sm" pt={4}>
                    {entry.section}
                  </Text>
                )}
                <NavLink
                  component={RouterLink}
                  to={entry.path}
                  label={entry.title}
                  active={pathname === entry.path || pathname.startsWith(`${entry.path}/`)}
                  onClick={onNavigate}
                />
              </Fragment>
            ))}
          </section>
        ))}
      </Stack>
    </ScrollArea>
  );
}
