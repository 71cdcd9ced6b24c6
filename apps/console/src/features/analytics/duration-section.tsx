import '@mantine/charts/styles.css';
import { Box, Flex, SimpleGrid, Text } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import type { DurationStats } from '@vigil/domain';
import { BigNumber, ChartFigure, FigureTable, Section } from './analytics-parts';
import { bucketLabel, count, formatDuration } from './format';

export type DurationSectionProps = {
  /** 'Time to acknowledge'. */
  title: string;
  /** What happened at the end of the duration: 'acknowledged'. */
  verb: string;
  stats: DurationStats;
};

/** The buckets from the first to the last one holding alerts: the empty tails say nothing. */
function shownBuckets(histogram: DurationStats['histogram']) {
  const first = histogram.findIndex((b) => b.count > 0);
  if (first < 0) return [];
  const last = histogram.findLastIndex((b) => b.count > 0);
  return histogram.slice(first, last + 1);
}

/** The bucket holding the most alerts. */
function commonest(buckets: DurationStats['histogram']) {
  return buckets.reduce((most, b) => (b.count > most.count ? b : most));
}

/** One duration: its median and 90th percentile in big type, and its spread as a histogram. */
export function DurationSection({ title, verb, stats }: DurationSectionProps) {
  const buckets = shownBuckets(stats.histogram);
  const p50 = formatDuration(stats.p50);
  const p90 = formatDuration(stats.p90);
  return (
    <Section title={title}>
      <Flex gap="md" direction={{ base: 'column', sm: 'row' }}>
        <SimpleGrid cols={{ base: 3, sm: 1 }} miw={200}>
          <BigNumber label="Half within (p50)" value={p50} />
          <BigNumber label="90% within (p90)" value={p90} />
          <BigNumber label={`Alerts ${verb}`} value={count(stats.count)} />
        </SimpleGrid>
        <Box flex={1} miw={0}>
          {buckets.length === 0 ? (
            <Text size="sm" c="dimmed">
              No alerts were {verb} in this range.
            </Text>
          ) : (
            <ChartFigure
              summary={
                `${title}, distribution: ${count(stats.count)} alerts ${verb}, half within ${p50}, ` +
                `90% within ${p90}; most often ${bucketLabel(commonest(buckets))}.`
              }
              table={
                <FigureTable
                  caption={`${title}: alerts per duration`}
                  headers={['Duration', 'Alerts']}
                  rows={buckets.map((b) => ({
                    key: String(b.fromS),
                    cells: [bucketLabel(b), count(b.count)],
                  }))}
                />
              }
            >
              <BarChart
                h={300}
                data={buckets.map((b) => ({ duration: formatDuration(b.fromS), alerts: b.count }))}
                dataKey="duration"
                series={[{ name: 'alerts', label: 'Alerts', color: 'blue.7' }]}
                xAxisLabel="Duration (from)"
                valueFormatter={count}
                barChartProps={{ barCategoryGap: 1 }}
                accessibilityLayer={false}
              />
            </ChartFigure>
          )}
        </Box>
      </Flex>
    </Section>
  );
}
