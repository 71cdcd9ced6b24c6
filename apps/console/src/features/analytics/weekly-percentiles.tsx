import '@mantine/charts/styles.css';
import { SimpleGrid, Stack, Title, VisuallyHidden } from '@mantine/core';
import { LineChart } from '@mantine/charts';
import type { ResponseTimesAnswer } from '@vigil/domain';
import { ChartImage, FigureTable, Section } from './analytics-parts';
import { count, formatDuration, formatDurationTick, periodLabel, periodTick } from './format';

type Week = ResponseTimesAnswer['weekly'][number];
type Kind = 'acknowledge' | 'close';

const KINDS: { kind: Kind; title: string }[] = [
  { kind: 'acknowledge', title: 'Time to acknowledge' },
  { kind: 'close', title: 'Time to close' },
];

/** The slowest week of one duration's p90, for the chart's summary. */
function slowestWeek(weekly: Week[], kind: Kind): Week | null {
  const p90 = (w: Week) => w[`${kind}P90`] ?? -1;
  return weekly.reduce<Week | null>((worst, w) => (!worst || p90(w) > p90(worst) ? w : worst), null);
}

/** p50 and p90 of both durations per local week: a line chart each, and one table for screen readers. */
export function WeeklyPercentiles({ weekly }: { weekly: ResponseTimesAnswer['weekly'] }) {
  if (weekly.length === 0) return null;
  const data = weekly.map((w) => ({ ...w, tick: periodTick(w.week, 'week') }));

  return (
    <Section title="Per week">
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="xl">
        {KINDS.map(({ kind, title }) => {
          const worst = slowestWeek(weekly, kind);
          const summary =
            `${title} per week, p50 and p90, over ${weekly.length} weeks` +
            (worst && worst[`${kind}P90`] !== null
              ? `; the slowest p90, ${formatDuration(worst[`${kind}P90`])}, in the ${periodLabel(worst.week, 'week').toLowerCase()}.`
              : '.');
          return (
            <Stack key={kind} gap={4}>
              <Title order={3} size="h5">
                {title}
              </Title>
              <ChartImage summary={summary}>
                <LineChart
                  h={220}
                  data={data}
                  dataKey="tick"
                  series={[
                    { name: `${kind}P50`, label: 'p50', color: 'blue.7' },
                    { name: `${kind}P90`, label: 'p90', color: 'orange.7' },
                  ]}
                  withLegend
                  valueFormatter={formatDuration}
                  yAxisProps={{ width: 64, tickFormatter: formatDurationTick }}
                  accessibilityLayer={false}
                />
              </ChartImage>
            </Stack>
          );
        })}
      </SimpleGrid>
      <VisuallyHidden>
        <FigureTable
          caption="Response times per week"
          headers={['Week', 'Alerts', 'Acknowledge p50', 'Acknowledge p90', 'Close p50', 'Close p90']}
          rows={weekly.map((w) => ({
            key: w.week,
            cells: [
              periodLabel(w.week, 'week'),
              count(w.count),
              formatDuration(w.acknowledgeP50),
              formatDuration(w.acknowledgeP90),
              formatDuration(w.closeP50),
              formatDuration(w.closeP90),
            ],
          }))}
        />
      </VisuallyHidden>
    </Section>
  );
}
