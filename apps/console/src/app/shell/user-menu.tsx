import { Link } from 'react-router';
import { Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBell, IconChevronDown, IconDownload, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { isCustomerSuperAdmin } from '@vigil/domain';
import { api } from '../../api/client';
import { reasonOf } from '../../api/errors';
import { useSession, useSignedIn } from '../../session/session';

/**
 * SPEC §2.6 user menu: Logout; 'Export data' with the export flag and a customer super-admin role;
 * issue 16 'My notifications' (the user's own subscriptions) for a user, not an API key (nobody's own).
 */
export function UserMenu() {
  const { signOut } = useSession();
  const { me } = useSignedIn();
  const mayExport = me.zone.config.featureFlags.export === true && isCustomerSuperAdmin(me.role);

  async function exportData() {
    try {
      const { url } = await api.get<{ url: string }>('zones/export');
      window.location.assign(url);
    } catch (err) {
      notifications.show({
        color: 'red',
        title: 'Export failed',
        message: `Sorry, there was a problem: ${reasonOf(err)}`,
      });
    }
  }

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconUserCircle size={20} />}
          rightSection={<IconChevronDown size={14} />}
          aria-label={`User menu for ${me.name}`}
        >
          {me.name}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          {me.userId ?? me.name} · {me.role}
        </Menu.Label>
        {me.kind === 'user' && (
          <Menu.Item component={Link} to="/subscriptions" leftSection={<IconBell size={16} />}>
            My notifications
          </Menu.Item>
        )}
        {mayExport && (
          <Menu.Item leftSection={<IconDownload size={16} />} onClick={() => void exportData()}>
            Export data
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => void signOut()}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
