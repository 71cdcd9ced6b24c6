import { Link } from 'react-router';
import { Anchor, Stack } from '@mantine/core';
import { routePath } from '@vigil/domain/routes';
import type { ResponseTimesAnswer } from '@vigil/domain';
import { FigureTable, Section, LocationCell } from './analytics-parts';
import { DurationSection } from './duration-section';
import { count, formatDuration, modeLabel } from './format';
import { WeeklyPercentiles } from './weekly-percentiles';

export type ResponseTimesReportProps = {
  answer: ResponseTimesAnswer;
  /** A link to the same screen narrowed to a zone. */
  zoneLink: (zoneId: string) => string;
};

const when = (iso: string) => new Date(iso).toLocaleString();

/** The response-times answer: both durations' percentiles and spread, per week, per location, the slowest. */
export function ResponseTimesReport({ answer, zoneLink }: ResponseTimesReportProps) {
  return (
    <Stack gap="xl">
      <DurationSection title="Time to acknowledge" verb="acknowledged" stats={answer.acknowledge} />
      <DurationSection title="Time to close" verb="closed" stats={answer.close} />
      <WeeklyPercentiles weekly={answer.weekly} />
      <ByLocation answer={answer} zoneLink={zoneLink} />
      <Slowest slowest={answer.slowest} />
    </Stack>
  );
}

function ByLocation({ answer, zoneLink }: ResponseTimesReportProps) {
  if (answer.byLocation.length === 0) return null;
  const rows = [...answer.byLocation].sort((a, b) => b.count - a.count);
  return (
    <Section title="By location">
      <FigureTable
        caption={`Response times per location in ${answer.zone.name}`}
        captionHidden
        headers={['Location', 'Alerts', 'Acknowledge p50', 'Acknowledge p90', 'Close p50', 'Close p90']}
        rows={rows.map((row) => ({
          key: row.zone.id,
          cells: [
            <LocationCell zone={row.zone} chosenId={answer.zone.id} zoneLink={zoneLink} />,
            count(row.count),
            formatDuration(row.acknowledgeP50),
            formatDuration(row.acknowledgeP90),
            formatDuration(row.closeP50),
            formatDuration(row.closeP90),
          ],
        }))}
      />
    </Section>
  );
}

function Slowest({ slowest }: { slowest: ResponseTimesAnswer['slowest'] }) {
  if (slowest.length === 0) return null;
  return (
    <Section title="Slowest alerts to acknowledge">
      <FigureTable
        caption="The slowest alerts to acknowledge, slowest first; each opens the alert"
        captionHidden
        headers={['Created', 'Tag', 'Mode', 'Location', 'To acknowledge', 'To close']}
        rows={slowest.map((alert) => ({
          key: alert.id,
          cells: [
            <Anchor component={Link} to={routePath('alert', { id: alert.id })}>
              {when(alert.createdAt)}
            </Anchor>,
            alert.tag,
            modeLabel(alert.mode),
            alert.location ?? '—',
            formatDuration(alert.acknowledgeS),
            formatDuration(alert.closeS),
          ],
        }))}
      />
    </Section>
  );
}
