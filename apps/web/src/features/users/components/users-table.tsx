import { useStackedTable } from '../../../components/stacked-table';
import { ActionIcon, Badge, Button, Card, Group, Skeleton, Table, Text, Tooltip } from '@mantine/core';
import { IconDeviceTablet, IconLink, IconPencil, IconTrash, IconUserCheck } from '@tabler/icons-react';
import { type UserResponse } from '@gestar/contracts';
import { formatDate } from '../../../lib/dates';
import { USERS_SKELETON_ROWS } from '../../../lib/ui-settings';

// Badges otherwise shrink to an ellipsis when the table is squeezed.
const FULL_WIDTH = { minWidth: 'max-content' } as const;

const COLUMNS = ['Nombre', 'Apellido', 'Usuario', 'Rol', 'Áreas Asignadas', 'Estado', 'Fecha de creación', 'Acciones'];

/** What the caller may do to one user: only what the API will allow (see the users page). */
export interface UserActions {
  edit: boolean;
  remove: boolean;
  reactivate: boolean;
  /** Link to (or unlink from) a company account: administrators only. */
  link: boolean;
  /** The terminal PIN: unlock (supervisor of the person's areas) or reset (administrator). */
  pin: boolean;
}

export interface UsersTableProps {
  users: UserResponse[] | undefined;
  loading: boolean;
  actionsFor: (user: UserResponse) => UserActions;
  /** uuid of the user being reactivated. */
  reactivating: string | null;
  onEdit: (user: UserResponse) => void;
  onDelete: (user: UserResponse) => void;
  onReactivate: (user: UserResponse) => void;
  onLink: (user: UserResponse) => void;
  onPin: (user: UserResponse) => void;
}

function SkeletonRows() {
  return Array.from({ length: USERS_SKELETON_ROWS }, (_, row) => (
    <Table.Tr key={row} data-testid="users-skeleton-row">
      {COLUMNS.map((column) => (
        <Table.Td key={column}>
          <Skeleton height={14} radius="sm" />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}

function UserRow({
  user,
  actions,
  reactivating,
  onEdit,
  onDelete,
  onReactivate,
  onLink,
  onPin,
}: {
  user: UserResponse;
  actions: UserActions;
  reactivating: string | null;
  onEdit: (user: UserResponse) => void;
  onDelete: (user: UserResponse) => void;
  onReactivate: (user: UserResponse) => void;
  onLink: (user: UserResponse) => void;
  onPin: (user: UserResponse) => void;
}) {
  return (
    <Table.Tr key={user.uuid}>
      <Table.Td>{user.nombre}</Table.Td>
      <Table.Td>{user.apellido}</Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          {user.username}
          {user.vinculo && (
            <Tooltip label="Este usuario ingresa con la cuenta de la empresa">
              <Badge variant="light" color="blue" tt="none" style={FULL_WIDTH}>
                Empresa
              </Badge>
            </Tooltip>
          )}
        </Group>
      </Table.Td>
      <Table.Td>{user.rol.nombre}</Table.Td>
      <Table.Td>
        <Group gap={4}>
          {user.usuario_areas.length === 0 ? (
            <Text size="sm" c="dimmed">
              —
            </Text>
          ) : (
            user.usuario_areas.map((ua) => (
              <Badge key={ua.area.uuid} variant="light" color="gray" tt="none" style={FULL_WIDTH}>
                {ua.area.nombre}
              </Badge>
            ))
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={user.activo ? 'green' : 'gray'} tt="none" style={FULL_WIDTH}>
          {user.activo ? 'Activo' : 'Inactivo'}
        </Badge>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(user.created_at)}</Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          {actions.edit && (
            <Tooltip label="Editar">
              <ActionIcon
                variant="subtle"
                color="blue"
                aria-label={`Editar usuario ${user.username}`}
                onClick={() => onEdit(user)}
              >
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          {actions.link && (
            <Tooltip label="Cuenta de la empresa">
              <ActionIcon
                variant="subtle"
                color="blue"
                aria-label={`Cuenta de la empresa de ${user.username}`}
                onClick={() => onLink(user)}
              >
                <IconLink size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          {actions.pin && (
            <Tooltip label="PIN de terminal">
              <ActionIcon
                variant="subtle"
                color="blue"
                aria-label={`PIN de terminal de ${user.username}`}
                onClick={() => onPin(user)}
              >
                <IconDeviceTablet size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          {actions.remove && (
            <Tooltip label="Eliminar">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Eliminar usuario ${user.username}`}
                onClick={() => onDelete(user)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          {actions.reactivate && (
            <Button
              size="compact-sm"
              variant="light"
              color="green"
              leftSection={<IconUserCheck size={16} />}
              aria-label={`Reactivar usuario ${user.username}`}
              loading={reactivating === user.uuid}
              disabled={reactivating !== null && reactivating !== user.uuid}
              onClick={() => onReactivate(user)}
            >
              Reactivar
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * SPEC section 2.8's table. It keeps its columns on a phone and scrolls
 * sideways inside its card, so the page itself never scrolls horizontally.
 */
export function UsersTable({
  users,
  loading,
  actionsFor,
  reactivating,
  onEdit,
  onDelete,
  onReactivate,
  onLink,
  onPin,
}: UsersTableProps) {
  const stackRef = useStackedTable();
  return (
    <Card withBorder radius="md" padding={0}>
      <Table.ScrollContainer minWidth={960} type="native">
        <Table
          ref={stackRef}
          data-stack
          striped
          highlightOnHover
          verticalSpacing="sm"
          horizontalSpacing="md"
          aria-label="Usuarios"
          aria-busy={loading}
        >
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((column) => (
                <Table.Th key={column} scope="col" style={{ whiteSpace: 'nowrap' }}>
                  {column}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loading ? (
              <SkeletonRows />
            ) : (
              (users ?? []).map((user) => (
                <UserRow
                  key={user.uuid}
                  user={user}
                  actions={actionsFor(user)}
                  reactivating={reactivating}
                  onEdit={onEdit}
                  onDelete={onDelete}
                  onReactivate={onReactivate}
                  onLink={onLink}
                  onPin={onPin}
                />
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
