import { useState } from 'react';
import { Alert, Center, Loader, NativeSelect, TextInput, Textarea } from '@mantine/core';
import { HOME_VISIT_NOTES_MAX } from '@vigil/domain';
import { useCreateHomeVisit, useHomeVisitOptions } from '../../api/home-visits';
import { reasonOf } from '../../api/errors';
import { EditModal } from '../../ui/edit-modal';
import { localInputValue } from './visit-labels';

const HOUR_MS = 3600_000;

/** The next full hour, and an hour after it: a new visit's times until the user picks others. */
function defaultTimes(now: Date) {
  const start = new Date(Math.ceil(now.getTime() / HOUR_MS) * HOUR_MS);
  return { start: localInputValue(start), end: localInputValue(new Date(start.getTime() + HOUR_MS)) };
}

/** A `datetime-local` value (the browser's time) as an ISO instant; '' when empty or unreadable. */
const isoOf = (value: string) => {
  const ms = Date.parse(value);
  return value && Number.isFinite(ms) ? new Date(ms).toISOString() : '';
};

/**
 * Plans a home visit (issue 20): a remote person (SPEC §3 Person isRemote), a home (a zone of
 * category home: its name is the address), the planned start and end, and notes. The server checks
 * the rest (an end after the start and in the future) and its reason shows in the dialog.
 */
export function VisitFormModal({ onClose }: { onClose: () => void }) {
  const options = useHomeVisitOptions();
  const create = useCreateHomeVisit();
  const [times] = useState(() => defaultTimes(new Date()));
  const [person, setPerson] = useState('');
  const [home, setHome] = useState('');
  const [start, setStart] = useState(times.start);
  const [end, setEnd] = useState(times.end);
  const [notes, setNotes] = useState('');
  const [plannedStart, plannedEnd] = [isoOf(start), isoOf(end)];

  async function submit() {
    await create.mutateAsync({ person, home, plannedStart, plannedEnd, notes });
  }

  return (
    <EditModal
      opened
      onClose={onClose}
      title="Plan home visit"
      onSubmit={submit}
      submitLabel="Plan visit"
      submitDisabled={!person || !home || !plannedStart || !plannedEnd}
    >
      {options.isPending ? (
        <Center py="md" role="status" aria-label="Loading the people and homes">
          <Loader size="sm" />
        </Center>
      ) : options.isError ? (
        <Alert color="red" title="Could not load the people and homes">
          {reasonOf(options.error)}
        </Alert>
      ) : (
        <>
          <NativeSelect
            label="Person"
            description={
              options.data.people.length === 0
                ? 'No remote people: mark a person as working remotely on the People screen.'
                : undefined
            }
            required
            data={[
              { value: '', label: 'Choose a person' },
              ...options.data.people.map((p) => ({ value: p.id, label: `${p.name} (${p.personId})` })),
            ]}
            value={person}
            onChange={(e) => setPerson(e.currentTarget.value)}
          />
          <NativeSelect
            label="Home"
            description={
              options.data.homes.length === 0
                ? 'No homes: give a zone the category home on the Zones screen (its name is the address).'
                : undefined
            }
            required
            data={[
              { value: '', label: 'Choose a home' },
              ...options.data.homes.map((h) => ({ value: h.id, label: h.path })),
            ]}
            value={home}
            onChange={(e) => setHome(e.currentTarget.value)}
          />
        </>
      )}
      <TextInput
        type="datetime-local"
        label="Start"
        required
        value={start}
        onChange={(e) => setStart(e.currentTarget.value)}
      />
      <TextInput
        type="datetime-local"
        label="End"
        required
        value={end}
        onChange={(e) => setEnd(e.currentTarget.value)}
      />
      <Textarea
        label="Notes"
        rows={3}
        maxLength={HOME_VISIT_NOTES_MAX}
        value={notes}
        onChange={(e) => setNotes(e.currentTarget.value)}
      />
    </EditModal>
  );
}
