import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconCamera, IconMapPin, IconPencil, IconPhoto, IconPolygon } from '@tabler/icons-react';
import { mayEditCameras, mayEditFloorPlans, type Zone } from '@vigil/domain';
import { useSignedIn } from '../../session/session';
import type { FloorMode } from './floor-editor';

/**
 * SPEC §2.7's edit modes, as the last button of the map's toolbar: the plan, markers, cameras (with
 * the zone's video flag and update Video) and units, for a role that may edit floor plans (SPEC §6).
 */
export function EditMenu({
  onEdit,
  hasPlan,
}: {
  floor: Zone;
  onEdit: (mode: FloorMode) => void;
  hasPlan: boolean;
}) {
  const { ability, me } = useSignedIn();
  if (!mayEditFloorPlans(ability)) return null;
  const cameras = mayEditCameras(ability, me.zone.config.featureFlags);
  return (
    // Not in a portal: in full screen only the map's frame is shown.
    <Menu position="left-start" withinPortal={false} shadow="md">
      <Menu.Target>
        <Tooltip label="Edit this floor" position="left" withinPortal={false}>
          <ActionIcon variant="default" size="lg" aria-label="Edit this floor">
            <IconPencil size={18} stroke={1.75} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Edit this floor</Menu.Label>
        <Menu.Item leftSection={<IconPhoto size={16} aria-hidden />} onClick={() => onEdit('plan')}>
          {hasPlan ? 'Plan: replace or place' : 'Plan: upload'}
        </Menu.Item>
        <Menu.Item leftSection={<IconMapPin size={16} aria-hidden />} onClick={() => onEdit('markers')}>
          Markers and gateways
        </Menu.Item>
        {cameras && (
          <Menu.Item leftSection={<IconCamera size={16} aria-hidden />} onClick={() => onEdit('cameras')}>
            Cameras
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconPolygon size={16} aria-hidden />} onClick={() => onEdit('units')}>
          Units
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
