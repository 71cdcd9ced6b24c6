import { useMemo, useState } from 'react';
import { Checkbox, Group, NumberInput, Radio, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  alertModeLabel,
  ALERT_MODES,
  CONTACT_KINDS,
  CONTACT_KIND_LABELS,
  DEBOUNCE_MS,
  SUBSCRIPTION_MOMENTS,
  SUBSCRIPTION_MOMENT_LABELS,
  UNACKNOWLEDGED_AFTER_MAX_S,
  UNACKNOWLEDGED_AFTER_MIN_S,
  type AlertMode,
  type ContactKind,
  type Subscription,
  type SubscriptionMoment,
} from '@vigil/domain';
import { useCreateSubscription, useRecipientUsers, useUpdateSubscription } from '../../api/subscriptions';
import { useSignedIn } from '../../session/session';
import { createOrUpdate } from '../../ui/create-or-update';
import { EditModal } from '../../ui/edit-modal';
import { ZonePicker } from '../../ui/zone-picker';
import { useSubscriptionAccess } from './subscription-access';
import {
  addressHint,
  bodyOf,
  draftErrors,
  draftOf,
  newDraft,
  serverFieldError,
  type DraftField,
  type FieldErrors,
  type SubscriptionDraft,
} from './subscription-form';

/** Which fields each change touches: a field's problem shows once the user has changed it. */
const TOUCHES: Partial<Record<keyof SubscriptionDraft, DraftField[]>> = {
  userId: ['user'],
  contactName: ['contactName'],
  kind: ['address'],
  address: ['address'],
  zone: ['zone'],
  modes: ['modes'],
  moments: ['moments', 'modes'],
  unacknowledgedAfterS: ['after'],
};

/**
 * Add or edit a subscription (issue 16): who (a user of the organisation, or a contact with its kind
 * and address), which alerts (a zone's subtree, the modes) and when (the moments). A caller that
 * may change only its own subscriptions ("Users may manage their own") is the recipient itself.
 */
export function SubscriptionFormModal({
  subscription,
  onClose,
}: {
  subscription: Subscription | null;
  onClose: () => void;
}) {
  const { me, ability } = useSignedIn();
  const access = useSubscriptionAccess();
  const create = useCreateSubscription();
  const update = useUpdateSubscription();
  // Adding and editing are the same action (update Subscription): one reach answers both.
  const ownOnly = access.createReach === 'own';
  const mayPickUser = ability.can('list', 'User');
  const [draft, setDraft] = useState<SubscriptionDraft>(() => {
    if (subscription) return draftOf(subscription);
    if (ownOnly) return { ...newDraft(me.zone.id, 'user'), userId: access.callerId };
    return newDraft(me.zone.id, mayPickUser ? 'user' : 'contact');
  });
  const [touched, setTouched] = useState<ReadonlySet<DraftField>>(new Set());
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const errors = useMemo(() => draftErrors(draft), [draft]);
  const shown = (field: DraftField) =>
    serverErrors[field] ?? (touched.has(field) ? errors[field] : undefined);

  function change<K extends keyof SubscriptionDraft>(key: K, value: SubscriptionDraft[K]) {
    setDraft((d) => ({ ...d, [key]: value }));
    const fields: DraftField[] = TOUCHES[key] ?? [];
    setTouched((t) => new Set([...t, ...fields]));
    // A field changed after the server refused it is judged again by the rules.
    setServerErrors((e) =>
      Object.fromEntries(Object.entries(e).filter(([f]) => !fields.includes(f as DraftField))),
    );
  }

  async function submit() {
    const body = bodyOf(draft);
    // A refusal naming a field shows on that field too (createOrUpdate words it for the modal's top).
    const onField = (err: unknown): never => {
      setServerErrors(serverFieldError(err, draft.recipientType));
      throw err;
    };
    setServerErrors({});
    await createOrUpdate(subscription, {
      create: () => create.mutateAsync(body).catch(onField),
      update: (edited) => update.mutateAsync({ id: edited.id, body }).catch(onField),
    });
  }

  return (
    <EditModal
      opened
      onClose={onClose}
      title={subscription ? 'Edit subscription' : 'Add subscription'}
      onSubmit={submit}
      submitLabel={subscription ? 'Save' : 'Add subscription'}
      submitDisabled={Object.keys(errors).length > 0}
      size="lg"
    >
      {ownOnly ? (
        <TextInput
          label="Recipient"
          description="You are told by e-mail, at the address you sign in with."
          readOnly
          variant="filled"
          value={`You (${ownEmail(subscription, me.userId)})`}
          error={shown('user')}
        />
      ) : (
        <RecipientFields
          draft={draft}
          subscription={subscription}
          mayPickUser={mayPickUser}
          change={change}
          shown={shown}
        />
      )}
      <ZonePicker
        label="Zone"
        description="Alerts in this zone and every zone inside it."
        required
        value={draft.zone}
        onChange={(id) => change('zone', id)}
        error={shown('zone')}
      />
      <Checkbox.Group
        label="Alert modes"
        withAsterisk
        value={draft.modes}
        onChange={(value) => change('modes', value as AlertMode[])}
        error={shown('modes')}
      >
        <Group mt="xs">
          {ALERT_MODES.map((mode) => (
            <Checkbox key={mode} value={mode} label={alertModeLabel(mode)} />
          ))}
        </Group>
      </Checkbox.Group>
      <Checkbox.Group
        label="When"
        withAsterisk
        value={draft.moments}
        onChange={(value) => change('moments', value as SubscriptionMoment[])}
        error={shown('moments')}
      >
        <Stack gap="xs" mt="xs">
          {SUBSCRIPTION_MOMENTS.map((moment) => (
            <Checkbox key={moment} value={moment} label={SUBSCRIPTION_MOMENT_LABELS[moment]} />
          ))}
        </Stack>
      </Checkbox.Group>
      {draft.moments.includes('unacknowledged') && (
        <NumberInput
          label="Unacknowledged after (seconds)"
          description={`Told when an alert is still unacknowledged this long after it was created (${UNACKNOWLEDGED_AFTER_MIN_S}–${UNACKNOWLEDGED_AFTER_MAX_S}).`}
          required
          min={UNACKNOWLEDGED_AFTER_MIN_S}
          max={UNACKNOWLEDGED_AFTER_MAX_S}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          value={draft.unacknowledgedAfterS}
          onChange={(value) => change('unacknowledgedAfterS', typeof value === 'number' ? value : '')}
          error={shown('after')}
        />
      )}
    </EditModal>
  );
}

/** Who a subscription tells, for a caller that may name anyone: a user of the organisation, or a contact. */
function RecipientFields({
  draft,
  subscription,
  mayPickUser,
  change,
  shown,
}: {
  draft: SubscriptionDraft;
  subscription: Subscription | null;
  mayPickUser: boolean;
  change: <K extends keyof SubscriptionDraft>(key: K, value: SubscriptionDraft[K]) => void;
  shown: (field: DraftField) => string | undefined;
}) {
  const hint = addressHint(draft.kind);
  return (
    <>
      <Radio.Group
        label="Recipient"
        value={draft.recipientType}
        onChange={(value) => change('recipientType', value as SubscriptionDraft['recipientType'])}
      >
        <Group mt="xs">
          <Radio value="user" label="A user" disabled={!mayPickUser} />
          <Radio value="contact" label="A contact" />
        </Group>
      </Radio.Group>
      {draft.recipientType === 'user' ? (
        <UserSelect
          value={draft.userId}
          current={subscription?.recipient.type === 'user' ? subscription.recipient : null}
          onChange={(id) => change('userId', id)}
          error={shown('user')}
        />
      ) : (
        <Stack gap="sm">
          <TextInput
            label="Contact name"
            description="How the contact reads in the list and the delivery log, e.g. 'Ward 3 pager'."
            required
            maxLength={100}
            value={draft.contactName}
            onChange={(e) => change('contactName', e.currentTarget.value)}
            error={shown('contactName')}
            data-autofocus
          />
          <Select
            label="Kind"
            required
            allowDeselect={false}
            data={CONTACT_KINDS.map((k) => ({ value: k, label: CONTACT_KIND_LABELS[k] }))}
            value={draft.kind}
            onChange={(value) => value && change('kind', value as ContactKind)}
          />
          <TextInput
            label="Address"
            required
            maxLength={500}
            description={hint.description}
            placeholder={hint.placeholder}
            value={draft.address}
            onChange={(e) => change('address', e.currentTarget.value)}
            error={shown('address')}
            autoComplete="off"
          />
        </Stack>
      )}
    </>
  );
}

/** The address a caller's own subscription reaches it at: the subscription's, else its sign-in e-mail. */
function ownEmail(subscription: Subscription | null, signInId: string | undefined): string {
  const recipient = subscription?.recipient;
  return (recipient?.type === 'user' ? recipient.email : null) ?? signInId ?? 'no e-mail address';
}

const labelOf = (user: { name: string; email: string | null }) =>
  `${user.name} (${user.email ?? 'no e-mail'})`;

/**
 * The users a subscription may name, searched by name on the server (a large organisation has more
 * than one answer holds); the edited subscription's user stays offered.
 */
function UserSelect({
  value,
  current,
  onChange,
  error,
}: {
  value: string | null;
  current: { userId: string; name: string; email: string | null } | null;
  onChange: (id: string | null) => void;
  error?: string;
}) {
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const [debounced] = useDebouncedValue(search.trim(), DEBOUNCE_MS);
  // The field shows the chosen user's label as its text: that is not a search.
  const chosenLabel = picked?.value === value ? picked.label : current ? labelOf(current) : null;
  const users = useRecipientUsers(debounced === chosenLabel ? '' : debounced, true);
  const data = useMemo(() => {
    const options = (users.data?.data ?? []).map((u) => ({ value: u.id, label: labelOf(u) }));
    const extra = [
      ...(current ? [{ value: current.userId, label: labelOf(current) }] : []),
      ...(picked ? [picked] : []),
    ];
    for (const option of extra) if (!options.some((o) => o.value === option.value)) options.push(option);
    return options;
  }, [users.data, current, picked]);

  return (
    <Select
      label="User"
      description="The user is told by e-mail, at the address they sign in with."
      required
      searchable
      data={data}
      value={value}
      onChange={(id, option) => {
        setPicked(id ? option : null);
        onChange(id);
      }}
      onSearchChange={setSearch}
      nothingFoundMessage={users.isFetching ? 'Searching…' : 'No user matches'}
      error={error ?? (users.isError ? 'Could not load the users' : undefined)}
      data-autofocus
    />
  );
}
