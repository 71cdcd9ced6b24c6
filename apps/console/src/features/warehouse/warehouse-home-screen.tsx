import { Link } from 'react-router';
import { Button, SimpleGrid, Text } from '@mantine/core';
import { scanPermissions, type ScanStep } from '@vigil/domain';
import { useSignedIn } from '../../session/session';
import { WarehousePage } from './warehouse-page';
import classes from './warehouse.module.css';

// SPEC §2.1 /warehouse/home (issue 22): a big button to each step the role may do (SPEC §6).

/** Each warehouse step's screen (SPEC §2.1). */
export const STEP_SCREENS: readonly { step: ScanStep; label: string; path: string }[] = [
  { step: 'receive', label: 'Receive', path: '/warehouse/logistics/receive' },
  { step: 'ship', label: 'Ship', path: '/warehouse/logistics/ship' },
  { step: 'qc', label: 'Quality Control', path: '/warehouse/logistics/qc' },
  { step: 'returns', label: 'Returns', path: '/warehouse/returns' },
  { step: 'repack', label: 'Repackaging', path: '/warehouse/repackaging' },
];

export function WarehouseHomeScreen() {
  const { ability } = useSignedIn();
  const { steps } = scanPermissions(ability);
  const links = [
    ...STEP_SCREENS.filter((s) => steps.includes(s.step)),
    ...(ability.can('list', 'Order') ? [{ label: 'Orders', path: '/warehouse/orders' }] : []),
    ...(ability.can('list', 'Inventory') ? [{ label: 'Inventory', path: '/warehouse/inventory' }] : []),
  ];
  return (
    <WarehousePage title="Warehouse" back={null}>
      {links.length === 0 && <Text size="lg">Your role has no warehouse step.</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {links.map((link) => (
          <Button key={link.path} component={Link} to={link.path} size="xl" className={classes.stepButton}>
            {link.label}
          </Button>
        ))}
      </SimpleGrid>
    </WarehousePage>
  );
}
