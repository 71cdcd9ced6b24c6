import { Stack } from '@mantine/core';
import { PageHeader } from '../../ui/page-header';
import { ReportFilters } from '../../ui/report-filters';
import { GATEWAY_REPORT_COLUMNS } from './report-columns';
import { ReportCsvButton } from './report-csv-button';
import { countText } from './report-labels';
import { ThresholdSelect } from './report-options';
import { ReportDetailsTable } from './report-tables';
import { useReportParams } from './use-report-params';

const gatewaysText = (n: number) => `${countText(n)} disconnected ${n === 1 ? 'gateway' : 'gateways'}`;

/**
 * SPEC §2.1 /health/disconnected-gateways: gateways last updated in the range and silent since past
 * the threshold (SPEC §9: 2 days), with their location, SKU and the 24 hours before they went quiet.
 */
export function DisconnectedGatewaysScreen() {
  const { options, params } = useReportParams(['thresholdDays']);
  return (
    <Stack>
      <PageHeader
        title="Disconnected Gateways"
        description="Gateways last heard in the chosen range and silent since for longer than the chosen time, with their last 24 hours of heartbeats and diagnostics."
      />
      <ReportFilters
        extra={<ThresholdSelect value={options.thresholdDays} />}
        actions={
          <ReportCsvButton type="disconnectedGateways" params={params} filename="disconnected-gateways" />
        }
      />
      <ReportDetailsTable
        type="disconnectedGateways"
        params={params}
        columns={GATEWAY_REPORT_COLUMNS}
        emptyText="No disconnected gateways in this range"
        countLabel={gatewaysText}
      />
    </Stack>
  );
}
