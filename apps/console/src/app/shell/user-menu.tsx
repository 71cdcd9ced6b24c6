import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconBell,
  IconChevronDown,
  IconDeviceMobile,
  IconDownload,
  IconLogout,
  IconUserCircle,
} from '@tabler/icons-react';
import { isCustomerSuperAdmin } from '@vigil/domain';
import { api } from '../../api/client';
import { reasonOf } from '../../api/errors';
import { useSession, useSignedIn } from '../../session/session';
import { MobileLoginDialog } from './mobile-login-dialog';

/**
 * SPEC §2.6 user menu: Logout; 'Login to mobile' with the showProtectAppQrLogin flag and update on
 * Alert, for a user (an API key has nobody to sign in as); 'Export data' with the export flag and a
 * customer super-admin role; issue 16 'My notifications' (the user's own subscriptions) for a user.
 */
export function UserMenu() {
  const { signOut } = useSession();
  const { me, ability } = useSignedIn();
  const [mobileLoginOpen, setMobileLoginOpen] = useState(false);
  const mayLoginToMobile =
    me.kind === 'user' &&
    me.zone.config.featureFlags.showProtectAppQrLogin === true &&
    ability.can('update', 'Alert');
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
    <>
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
          {mayLoginToMobile && (
            <Menu.Item leftSection={<IconDeviceMobile size={16} />} onClick={() => setMobileLoginOpen(true)}>
              Login to mobile
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
      <MobileLoginDialog opened={mobileLoginOpen} onClose={() => setMobileLoginOpen(false)} />
    </>
  );
}
