import { useCallback, useState } from 'react';
import { Text } from '@mantine/core';
import type { ScanAnswer } from '@vigil/domain';
import { BoxLabel } from './box-label';
import { ScanStep } from './scan-step';
import { WarehousePage } from './warehouse-page';

/** SPEC §2.1 /warehouse/repackaging (issue 22): devices inspected reusable into -R boxes, back in stock. */
export function RepackagingScreen() {
  const [print, setPrint] = useState<ScanAnswer['print']>(null);
  const onAnswer = useCallback((answer: ScanAnswer) => {
    if (answer.print) setPrint(answer.print);
  }, []);
  return (
    <WarehousePage title="Repackaging">
      {print ? (
        <BoxLabel print={print} />
      ) : (
        <Text size="lg">The label of a box appears here when its first device is scanned.</Text>
      )}
      <ScanStep step="repack" onAnswer={onAnswer} label="Scan a device or a -R box label" />
    </WarehousePage>
  );
}
