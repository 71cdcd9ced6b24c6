import { ScanStep } from './scan-step';
import { WarehousePage } from './warehouse-page';

/** SPEC §2.1 /warehouse/logistics/receive: box labels from the factory, or loose devices, into stock. */
export function ReceiveScreen() {
  return (
    <WarehousePage title="Receive">
      <ScanStep step="receive" />
    </WarehousePage>
  );
}
