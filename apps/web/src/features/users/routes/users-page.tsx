import { useState } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch, IconUsers } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import {
  DEBOUNCE_MS,
  MESSAGES,
  PAGE_SIZE,
  USERS_ROUTES,
  userManageRefusal,
  type UserResponse,
} from '@gestar/contracts';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { errorMessage } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useUser } from '../api/get-user';
import { usersQueryOptions, useUsers } from '../api/get-users';
import { useReactivateUser } from '../api/save-user';
import { DeleteUserDialog } from '../components/delete-user-dialog';
import { DirectoryLinkDialog } from '../components/directory-link-dialog';
import { PinDialog } from '../components/pin-dialog';
import { UserFormDialog } from '../components/user-form-dialog';
import { UsersTable, type UserActions } from '../components/users-table';

type Editing = { mode: 'create' } | { mode: 'edit'; user: UserResponse } | null;

/** SPEC section 2.8: Gestión de Usuarios. */
export function UsersPage() {
  const can = useCan();
  const [page, setPage] = useState(1);
  const [nameInput, setNameInput] = useState('');
  // `?usuario=` (the audit log's link to a user) starts the list searched for that username.
  const [address] = useSearchParams();
  const [usernameInput, setUsernameInput] = useState(() => address.get('usuario') ?? '');
  const [name] = useDebouncedValue(nameInput.trim(), DEBOUNCE_MS);
  const [username] = useDebouncedValue(usernameInput.trim(), DEBOUNCE_MS);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<UserResponse | null>(null);
  const [linking, setLinking] = useState<UserResponse | null>(null);
  const [pinFor, setPinFor] = useState<UserResponse | null>(null);
  const session = useSession();
  // The caller's own areas: a supervisor manages only users all of whose areas are its own.
  const me = useUser(session.user?.uuid);
  const reactivate = useReactivateUser();

  /** The API's rule (contracts' userManageRefusal) plus the route's permission: offer only what will be allowed. */
  const actionsFor = (user: UserResponse): UserActions => {
    const manageable =
      userManageRefusal(
        { permisos: session.permissions, areaUuids: me.data?.usuario_areas_uuid ?? [] },
        { rolPermisos: user.rol.permisos, areaUuids: user.usuario_areas_uuid },
      ) === null;
    return {
      edit: user.activo && manageable && can('update:user'),
      // The API refuses deactivating oneself.
      remove: user.activo && manageable && can('delete:user') && user.uuid !== session.user?.uuid,
      reactivate: !user.activo && manageable && can('update:user'),
      link: user.activo && can(USERS_ROUTES.linkDirectory.access),
      pin: user.activo && (can('reset:pin') || (manageable && can('manage:terminal'))),
    };
  };

  const onReactivate = (user: UserResponse) =>
    reactivate.mutate(user, {
      onSuccess: () => toast.success(MESSAGES.success.userReactivated),
      onError: (error) => toast.error(errorMessage(error, MESSAGES.errors.internal)),
    });

  const params = { page, limit: PAGE_SIZE, name, username };
  const listKey = usersQueryOptions(params).queryKey;
  const users = useUsers(params);
  const rows = users.data?.data;

  // A filter change starts again from the first page.
  const [lastFilters, setLastFilters] = useState({ name, username });
  if (lastFilters.name !== name || lastFilters.username !== username) {
    setLastFilters({ name, username });
    setPage(1);
  }

  return (
    <>
      <PageHeader
        title="Gestión de Usuarios"
        description="Administra los usuarios del sistema"
        icon={<IconUsers size={24} />}
        helpHref="/ayuda/usuarios"
        helpLabel="Más sobre usuarios"
        actions={
          can('create:user') && (
            <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing({ mode: 'create' })}>
              Nuevo Usuario
            </Button>
          )
        }
      >
        <Group gap="sm" grow preventGrowOverflow={false} wrap="wrap" role="search" aria-label="Filtros de usuarios">
          <TextInput
            placeholder="Filtrar por nombre o apellido"
            aria-label="Filtrar por nombre o apellido"
            leftSection={<IconSearch size={16} />}
            value={nameInput}
            onChange={(e) => setNameInput(e.currentTarget.value)}
            miw={220}
          />
          <TextInput
            placeholder="Filtrar por usuario"
            aria-label="Filtrar por usuario"
            leftSection={<IconSearch size={16} />}
            value={usernameInput}
            onChange={(e) => setUsernameInput(e.currentTarget.value)}
            miw={220}
          />
        </Group>
      </PageHeader>

      {users.isError ? (
        <EmptyState
          title={MESSAGES.errors.insufficientPermissions}
          description={errorMessage(users.error, MESSAGES.errors.usersLoadFailed)}
        />
      ) : !users.isPending && rows?.length === 0 ? (
        <EmptyState title={MESSAGES.errors.infoUnavailable} description={MESSAGES.errors.usersLoadFailed} />
      ) : (
        <UsersTable
          users={rows}
          loading={users.isPending}
          actionsFor={actionsFor}
          reactivating={reactivate.isPending ? (reactivate.variables?.uuid ?? null) : null}
          onEdit={(user) => setEditing({ mode: 'edit', user })}
          onDelete={setDeleting}
          onReactivate={onReactivate}
          onLink={setLinking}
          onPin={setPinFor}
        />
      )}

      <Pagination
        page={page}
        totalPages={users.data?.meta.totalPages ?? 0}
        onChange={setPage}
        disabled={users.isFetching}
      />

      {editing && (
        <UserFormDialog
          key={editing.mode === 'edit' ? editing.user.uuid : 'new'}
          opened
          user={editing.mode === 'edit' ? editing.user : null}
          listKey={listKey}
          onClose={() => setEditing(null)}
        />
      )}
      {linking && <DirectoryLinkDialog key={linking.uuid} user={linking} onClose={() => setLinking(null)} />}
      {pinFor && <PinDialog key={pinFor.uuid} user={pinFor} onClose={() => setPinFor(null)} />}
      {deleting && <DeleteUserDialog key={deleting.uuid} user={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}
