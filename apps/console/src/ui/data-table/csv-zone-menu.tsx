import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { csvTimeZones } from './csv';

export type CsvZoneMenuProps = {
  /** Called with the IANA zone chosen to write the file's dates in. */
  onPick: (timeZone: string) => void;
  /** The button shows it is busy (a download under way). */
  loading?: boolean;
};

/** The Download CSV button as a menu of SPEC §9's time zones (and the browser's own) to write dates in. */
export function CsvZoneMenu({ onPick, loading }: CsvZoneMenuProps) {
  return (
    <Menu position="bottom-end" shadow="md">
      <Menu.Target>
        <Button
          variant="default"
          loading={loading}
          leftSection={<IconDownload size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
        >
          Download CSV
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Write dates in</Menu.Label>
        {csvTimeZones().map((zone) => (
          <Menu.Item key={zone.label} onClick={() => onPick(zone.timeZone)}>
            {zone.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
