/**
 * SPEC section 2.6 'Lista de Tareas': debounced search (back to page 1), the
 * paged table, skeletons while loading, 'Error: {message}', and the details,
 * create/edit and delete dialogs, each action gated by the permission of the
 * call it makes (DECISIONS section 2).
 */
import { useStackedTable } from '../../../components/stacked-table';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ActionIcon, Button, Group, Modal, Skeleton, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconEye, IconListCheck, IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { DEBOUNCE_MS, MESSAGES, PAGE_SIZE, type TaskResponse } from '@gestar/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { errorMessage } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { repetitionText } from '../../../components/schedule-rule/rule-values';
import type { NextDatesSource } from '../../../components/schedule-rule/use-next-dates';
import { formatDate } from '../../../lib/dates';
import { toast } from '../../../lib/toast';
import { useTasks } from '../api/get-tasks';
import { useCreateTask, useDeleteTask, useUpdateTask } from '../api/mutate-task';
import { TaskDetailsDialog } from '../components/task-details-dialog';
import { TaskForm, serverErrors, type FieldErrors } from '../components/task-form';

const COLUMNS = ['Título', 'Tipo', 'Área', 'Usuarios por defecto', 'Creación', 'Intervalo', 'Próxima Ejecución', 'Acciones'];
const NO_ERRORS: FieldErrors = {};

function assigneeNames(task: TaskResponse): string {
  return task.usuarios_tareas.map((u) => `${u.nombre} ${u.apellido}`).join(', ');
}

type FormState = { mode: 'create' } | { mode: 'edit'; task: TaskResponse } | null;

/** `nextDates`: the schedule's next dates, the scheduled-tasks feature's query (composed in app/routes). */
export function TasksPage({ nextDates }: { nextDates: NextDatesSource }) {
  const can = useCan();
  // `?q=` (the audit log's link to a task) starts the list searched for that title.
  const [params] = useSearchParams();
  const [search, setSearch] = useState(() => params.get('q') ?? '');
  const [debounced] = useDebouncedValue(search.trim(), DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [searched, setSearched] = useState(debounced);
  // A new search starts again at page 1 (SPEC section 2.6).
  if (searched !== debounced) {
    setSearched(debounced);
    setPage(1);
  }
  const tasks = useTasks({ page, titulo: debounced });
  const [details, setDetails] = useState<TaskResponse | null>(null);
  const [form, setForm] = useState<FormState>(null);
  const [formErrors, setFormErrors] = useState<FieldErrors>(NO_ERRORS);
  const [deleting, setDeleting] = useState<TaskResponse | null>(null);
  const create = useCreateTask();
  const update = useUpdateTask();
  const remove = useDeleteTask();

  const closeForm = () => {
    setForm(null);
    setFormErrors(NO_ERRORS);
  };

  const rows = tasks.data?.data ?? [];
  const canUpdate = can('update:task');
  const canDelete = can('delete:task');

  const stackRef = useStackedTable();
  return (
    <>
      <PageHeader
        title="Lista de Tareas"
        description="Defina las tareas, sus responsables por defecto y su programación"
        icon={<IconListCheck size={24} />}
        helpHref="/ayuda/tareas"
        helpLabel="Más sobre tareas"
        actions={
          can('create:task') && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ mode: 'create' })}>
              Nueva Tarea
            </Button>
          )
        }
      >
        <TextInput
          placeholder="Buscar tareas..."
          aria-label="Buscar tareas"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          maw={420}
        />
      </PageHeader>

      {tasks.isError ? (
        <Text c="red" role="alert">
          Error: {errorMessage(tasks.error, MESSAGES.errors.tasksLoadFailed)}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={980}>
          <Table striped highlightOnHover verticalSpacing="xs" aria-label="Tareas" ref={stackRef} data-stack>
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((c) => (
                  <Table.Th key={c}>{c}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tasks.isPending &&
                Array.from({ length: 5 }, (_, i) => (
                  <Table.Tr key={i} data-testid="skeleton-row">
                    {COLUMNS.map((c) => (
                      <Table.Td key={c}>
                        <Skeleton height={14} radius="sm" />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              {!tasks.isPending && rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={COLUMNS.length}>
                    <Text c="dimmed" ta="center" size="sm" py="md">
                      No se encontraron tareas
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {rows.map((task) => (
                <Table.Tr key={task.uuid}>
                  <Table.Td fw={500}>{task.titulo}</Table.Td>
                  <Table.Td>{task.tipo_tarea.nombre}</Table.Td>
                  <Table.Td>{task.area.nombre}</Table.Td>
                  <Table.Td maw={220}>
                    <Text size="sm" lineClamp={2}>
                      {assigneeNames(task) || '-'}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(task.fecha_creacion)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {task.programaciones_tareas ? repetitionText(task.programaciones_tareas) : '-'}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {task.programaciones_tareas ? formatDate(task.programaciones_tareas.proxima_ejecucion) : '-'}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Tooltip label="Ver detalles">
                        <ActionIcon variant="subtle" aria-label={`Ver detalles de ${task.titulo}`} onClick={() => setDetails(task)}>
                          <IconEye size={16} />
                        </ActionIcon>
                      </Tooltip>
                      {canUpdate && (
                        <Tooltip label="Editar">
                          <ActionIcon variant="subtle" aria-label={`Editar ${task.titulo}`} onClick={() => setForm({ mode: 'edit', task })}>
                            <IconPencil size={16} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                      {canDelete && (
                        <Tooltip label="Eliminar">
                          <ActionIcon variant="subtle" color="red" aria-label={`Eliminar ${task.titulo}`} onClick={() => setDeleting(task)}>
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pagination page={page} totalPages={tasks.data?.meta.totalPages ?? 0} onChange={setPage} disabled={tasks.isFetching} />
      {tasks.data && (
        <Text size="xs" c="dimmed" ta="center" mt="xs">
          {tasks.data.meta.totalItems} {tasks.data.meta.totalItems === 1 ? 'tarea' : 'tareas'} · {PAGE_SIZE} por página
        </Text>
      )}

      <TaskDetailsDialog task={details} onClose={() => setDetails(null)} />

      <Modal
        opened={form !== null}
        onClose={closeForm}
        title={form?.mode === 'edit' ? 'Editar Tarea' : 'Nueva Tarea'}
        size="xl"
        closeOnClickOutside={false}
        fullScreen={false}
      >
        {form && (
          <TaskForm
            key={form.mode === 'edit' ? form.task.uuid : 'new'}
            task={form.mode === 'edit' ? form.task : null}
            busy={create.isPending || update.isPending}
            submitErrors={formErrors}
            nextDates={nextDates}
            onCancel={closeForm}
            onCreate={(body) =>
              create.mutate(body, {
                onSuccess: () => {
                  toast.success(MESSAGES.success.taskCreated);
                  closeForm();
                },
                onError: (error) => {
                  toast.error(errorMessage(error, MESSAGES.errors.tasksLoadFailed));
                  setFormErrors(serverErrors(error));
                },
              })
            }
            onUpdate={(body) =>
              form.mode === 'edit' &&
              update.mutate(
                { id: form.task.uuid, body },
                {
                  onSuccess: () => {
                    toast.success(MESSAGES.success.taskStatusUpdated);
                    closeForm();
                  },
                  onError: (error) => {
                    toast.error(errorMessage(error, MESSAGES.errors.tasksLoadFailed));
                    setFormErrors(serverErrors(error));
                  },
                },
              )
            }
          />
        )}
      </Modal>

      <ConfirmDialog
        opened={deleting !== null}
        title="Eliminar Tarea"
        message={
          deleting && (
            <Text size="sm">
              ¿Está seguro de que desea eliminar la tarea <b>{deleting.titulo}</b>? Usuarios asignados:{' '}
              {assigneeNames(deleting) || 'Ninguno'}
            </Text>
          )
        }
        confirmLabel="Eliminar"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.uuid, {
            onSuccess: () => {
              toast.success(MESSAGES.success.taskDeleted);
              setDeleting(null);
            },
            onError: (error) => toast.error(errorMessage(error, MESSAGES.errors.tasksLoadFailed)),
          })
        }
      />
    </>
  );
}
