import { useState } from 'react';
import { PasswordInput, Select, TextInput } from '@mantine/core';
import { USER_PASSWORD_MIN_LENGTH, type User } from '@vigil/domain';
import { useCreateUser, useUpdateUser } from '../../api/users';
import { useSignedIn } from '../../session/session';
import { createOrUpdate } from '../../ui/create-or-update';
import { EditModal } from '../../ui/edit-modal';
import { NameField } from '../../ui/name-field';
import { ZonePicker } from '../../ui/zone-picker';
import { useAssignableRoles } from '../../api/role-options';

/** Create or edit a user: name, e-mail, role (only those SPEC §5 lets the caller assign), zone, password. */
export function UserFormModal({ user, onClose }: { user: User | null; onClose: () => void }) {
  const { me } = useSignedIn();
  const create = useCreateUser();
  const update = useUpdateUser();
  const { roles, mayChange, loading } = useAssignableRoles(user?.role);
  const [name, setName] = useState(user?.name ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [role, setRole] = useState<string | null>(user?.role ?? null);
  const [zone, setZone] = useState<string | null>(user?.zone.id ?? me.zone.id);
  const [password, setPassword] = useState('');
  // The current role of a user the caller may not assign stays visible but cannot be changed.
  const roleLocked = !!user && !loading && !mayChange;
  const passwordShort = password !== '' && password.length < USER_PASSWORD_MIN_LENGTH;

  async function submit() {
    await createOrUpdate(user, {
      create: () =>
        create.mutateAsync({
          name,
          email,
          role: role ?? '',
          zone: zone ?? '',
          ...(password ? { password } : {}),
        }),
      update: (edited) =>
        update.mutateAsync({
          id: edited.id,
          name,
          ...(role && role !== edited.role ? { role } : {}),
          ...(zone && zone !== edited.zone.id ? { zone } : {}),
          ...(password ? { password } : {}),
        }),
    });
  }

  return (
    <EditModal
      opened
      onClose={onClose}
      title={user ? `Edit ${user.name}` : 'Add user'}
      onSubmit={submit}
      submitLabel={user ? 'Save' : 'Add user'}
      submitDisabled={!name.trim() || (!user && !email.trim()) || !role || !zone || passwordShort}
    >
      <NameField value={name} onChange={setName} />
      <TextInput
        label="E-mail"
        type="email"
        required
        value={email}
        disabled={!!user}
        description={user ? 'The e-mail is the sign-in name and cannot change.' : undefined}
        onChange={(e) => setEmail(e.currentTarget.value)}
      />
      <Select
        label="Role"
        required
        data={roles}
        value={role}
        onChange={setRole}
        disabled={roleLocked}
        searchable
        description={roleLocked ? 'You may not change the role of this user.' : undefined}
      />
      <ZonePicker label="Zone" required value={zone} onChange={(id) => setZone(id)} />
      <PasswordInput
        label={user ? 'New password' : 'Password'}
        description={
          user
            ? 'Leave empty to keep the current password.'
            : `At least ${USER_PASSWORD_MIN_LENGTH} characters. Without one the user cannot sign in with a password.`
        }
        value={password}
        error={passwordShort ? `At least ${USER_PASSWORD_MIN_LENGTH} characters` : undefined}
        onChange={(e) => setPassword(e.currentTarget.value)}
        autoComplete="new-password"
      />
    </EditModal>
  );
}
