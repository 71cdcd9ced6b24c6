import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { IncidentQuestionId, IncidentsAnswer } from '@vigil/domain';
import { FigureTable, Section } from './analytics-parts';
import { count, detailLabel, share } from './format';

/** SPEC §5's questions, named as a column of figures. */
const QUESTIONS: { id: IncidentQuestionId; title: string; caption: string }[] = [
  { id: 'category', title: 'Category', caption: 'Incidents by category' },
  { id: 'source', title: 'Source', caption: 'Incidents by source' },
  { id: 'injury', title: 'Injury', caption: 'Incidents by whether anyone was injured' },
  {
    id: 'target',
    title: 'Who was injured',
    caption: 'Incidents by who was injured (several may be named for one incident)',
  },
];

/** The SPEC §5 incident details, where they were recorded: each answer and how often it was given. */
export function IncidentDetailsSection({ byDetail }: { byDetail: IncidentsAnswer['byDetail'] }) {
  return (
    <Section title="By incident details">
      <Text size="sm" c="dimmed">
        Counted where the incident details were recorded when the alert was closed.
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {QUESTIONS.map((q) => (
          <DetailTable key={q.id} question={q} counts={byDetail[q.id]} />
        ))}
      </SimpleGrid>
    </Section>
  );
}

function DetailTable({
  question,
  counts,
}: {
  question: (typeof QUESTIONS)[number];
  counts: IncidentsAnswer['byDetail'][IncidentQuestionId];
}) {
  const rows = [...counts].sort((a, b) => b.count - a.count);
  const recorded = rows.reduce((sum, row) => sum + row.count, 0);
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        {question.title}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          Not recorded in this range.
        </Text>
      ) : (
        <FigureTable
          caption={question.caption}
          captionHidden
          headers={question.id === 'target' ? ['Answer', 'Incidents'] : ['Answer', 'Incidents', 'Share']}
          rows={rows.map((row) => ({
            key: row.value,
            cells: [
              detailLabel(question.id, row.value),
              count(row.count),
              ...(question.id === 'target' ? [] : [share(row.count, recorded)]),
            ],
          }))}
        />
      )}
    </Stack>
  );
}
