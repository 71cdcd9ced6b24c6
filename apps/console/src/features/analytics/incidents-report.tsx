import '@mantine/charts/styles.css';
import { SimpleGrid, Stack } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import type { IncidentsAnswer } from '@vigil/domain';
import { BigNumber, ChartFigure, FigureTable, Section, LocationCell } from './analytics-parts';
import { count, modeLabel, periodLabel, periodTick, share } from './format';
import { IncidentDetailsSection } from './incident-details-section';

type Mode = 'help' | 'danger' | 'test';
const MODE_COLOURS: Record<Mode, string> = { help: 'orange.6', danger: 'red.8', test: 'gray.6' };
/** The location chart shows the busiest few; the table under it lists every location. */
const CHART_LOCATIONS = 15;

export type IncidentsReportProps = {
  answer: IncidentsAnswer;
  /** Test alerts were asked for: the test mode is shown. */
  includeTest: boolean;
  /** A link to the same screen narrowed to a zone. */
  zoneLink: (zoneId: string) => string;
};

/** The incidents answer: totals by mode, the series stacked by mode, locations and incident details. */
export function IncidentsReport({ answer, includeTest, zoneLink }: IncidentsReportProps) {
  const modes: Mode[] = includeTest ? ['help', 'danger', 'test'] : ['help', 'danger'];
  const byMode = (mode: Mode) => answer.byMode.find((m) => m.value === mode)?.count ?? 0;

  return (
    <Stack gap="xl">
      <Section title="Totals">
        <SimpleGrid cols={{ base: 2, sm: modes.length + 1 }}>
          <BigNumber label="All incidents" value={count(answer.total)} />
          {modes.map((mode) => (
            <BigNumber key={mode} label={modeLabel(mode)} value={count(byMode(mode))} />
          ))}
        </SimpleGrid>
      </Section>
      <OverTime answer={answer} modes={modes} />
      <ByLocation answer={answer} zoneLink={zoneLink} />
      <IncidentDetailsSection byDetail={answer.byDetail} />
    </Stack>
  );
}

function OverTime({ answer, modes }: { answer: IncidentsAnswer; modes: Mode[] }) {
  const { interval, series } = answer;
  const totalOf = (point: (typeof series)[number]) => modes.reduce((sum, mode) => sum + point[mode], 0);
  const busiest = series.reduce<(typeof series)[number] | null>(
    (best, point) => (!best || totalOf(point) > totalOf(best) ? point : best),
    null,
  );
  const summary =
    `Incidents per ${interval}, stacked by mode (${modes.map(modeLabel).join(', ')}): ` +
    `${count(answer.total)} over ${series.length} ${interval}s` +
    (busiest ? `; the most, ${count(totalOf(busiest))}, in ${periodLabel(busiest.period, interval)}.` : '.');

  return (
    <Section title="Incidents over time">
      <ChartFigure
        summary={summary}
        table={
          <FigureTable
            caption={`Incidents per ${interval}`}
            headers={['Period', ...modes.map(modeLabel), 'Total']}
            rows={series.map((point) => ({
              key: point.period,
              cells: [
                periodLabel(point.period, interval),
                ...modes.map((mode) => count(point[mode])),
                count(totalOf(point)),
              ],
            }))}
          />
        }
      >
        <BarChart
          h={280}
          data={series.map((point) => ({ ...point, tick: periodTick(point.period, interval) }))}
          dataKey="tick"
          type="stacked"
          series={modes.map((mode) => ({ name: mode, label: modeLabel(mode), color: MODE_COLOURS[mode] }))}
          withLegend
          valueFormatter={count}
          accessibilityLayer={false}
        />
      </ChartFigure>
    </Section>
  );
}

function ByLocation({ answer, zoneLink }: Pick<IncidentsReportProps, 'answer' | 'zoneLink'>) {
  const rows = [...answer.byLocation].sort((a, b) => b.count - a.count);
  if (rows.length === 0) return null;
  const shown = rows.slice(0, CHART_LOCATIONS);
  const summary =
    `Incidents by location in ${answer.zone.name}: ` +
    shown
      .slice(0, 5)
      .map((row) => `${row.zone.name} ${count(row.count)}`)
      .join(', ') +
    (rows.length > 5 ? `, and ${rows.length - 5} more in the table below.` : '.');

  return (
    <Section title="By location">
      <ChartFigure
        summary={summary}
        tableShown
        table={
          <FigureTable
            caption={`Incidents per location in ${answer.zone.name}`}
            captionHidden
            headers={['Location', 'Incidents', 'Share']}
            rows={rows.map((row) => ({
              key: row.zone.id,
              cells: [
                <LocationCell zone={row.zone} chosenId={answer.zone.id} zoneLink={zoneLink} />,
                count(row.count),
                share(row.count, answer.total),
              ],
            }))}
          />
        }
      >
        <BarChart
          h={Math.max(160, shown.length * 32)}
          data={shown.map((row) => ({ location: row.zone.name, count: row.count }))}
          dataKey="location"
          orientation="vertical"
          series={[{ name: 'count', label: 'Incidents', color: 'blue.7' }]}
          yAxisProps={{ width: 140 }}
          valueFormatter={count}
          accessibilityLayer={false}
        />
      </ChartFigure>
    </Section>
  );
}
