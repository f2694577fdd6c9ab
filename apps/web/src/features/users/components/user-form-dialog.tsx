import { useState } from 'react';
import { MultiSelect, PasswordInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { QueryKey } from '@tanstack/react-query';
import { CreateUserRequestSchema, MESSAGES, UpdateUserRequestSchema, type UserResponse } from '@gestar/contracts';
import { FormDialog } from '../../../components/form-dialog';
import { errorMessage } from '../../../lib/api-client';
import { fieldErrorsFromApi, zodResolver } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useAreaOptions, useJobPositionOptions, useRoles } from '../api/get-form-options';
import { useCreateUser, useUpdateUser } from '../api/save-user';

const SELECT_PLACEHOLDER = 'Seleccione una opción';
// The contract checks the body the form builds (the username only on create).
const validateCreate = zodResolver(CreateUserRequestSchema);
const validateUpdate = zodResolver(UpdateUserRequestSchema);

interface FormValues {
  username: string;
  password: string;
  nombre: string;
  apellido: string;
  rol_uuid: string | null;
  usuario_areas_uuid: string[];
  descripcion_puesto_uuid: string | null;
}

function initialValues(user: UserResponse | null): FormValues {
  return {
    username: user?.username ?? '',
    password: '',
    nombre: user?.nombre ?? '',
    apellido: user?.apellido ?? '',
    rol_uuid: user?.rol_uuid ?? null,
    usuario_areas_uuid: user?.usuario_areas_uuid ?? [],
    descripcion_puesto_uuid: user?.descripcion_puesto_uuid ?? null,
  };
}

/** Options from the lookup plus the values the record already holds, so none shows blank. */
function withCurrent(options: { value: string; label: string }[], current: { value: string; label: string }[]) {
  const known = new Set(options.map((o) => o.value));
  return [...options, ...current.filter((c) => !known.has(c.value))];
}

export interface UserFormDialogProps {
  opened: boolean;
  /** null: 'Nuevo Usuario'; a user: 'Editar Usuario'. */
  user: UserResponse | null;
  listKey: QueryKey;
  onClose: () => void;
}

/** SPEC sections 2.8 and 5: create or edit a user. Mounted per opening, so it starts from the record. */
export function UserFormDialog({ opened, user, listKey, onClose }: UserFormDialogProps) {
  const editing = user !== null;
  const form = useForm<FormValues>({ mode: 'controlled', initialValues: initialValues(user) });
  const values = form.getValues();
  const errors = form.errors;
  const [serverError, setServerError] = useState<string | null>(null);
  const roles = useRoles(opened);
  const areas = useAreaOptions(opened);
  const positions = useJobPositionOptions(opened);
  const create = useCreateUser(listKey);
  const update = useUpdateUser();
  const busy = create.isPending || update.isPending;

  const set = <K extends keyof FormValues>(field: K, value: FormValues[K]) => {
    form.setFieldValue(field, value as never);
    form.clearFieldError(field);
  };

  const onFailure = (error: unknown) => {
    const message = errorMessage(error, MESSAGES.errors.internal);
    form.setErrors(fieldErrorsFromApi(error) as Record<string, string>);
    setServerError(message);
    toast.error(message);
  };

  const submit = () => {
    setServerError(null);
    const common = {
      password: values.password,
      nombre: values.nombre,
      apellido: values.apellido,
      rol_uuid: values.rol_uuid ?? '',
      usuario_areas_uuid: values.usuario_areas_uuid,
      descripcion_puesto_uuid: values.descripcion_puesto_uuid ?? null,
    };
    if (editing) {
      // The username is read-only on edit, so it is not sent.
      const found = validateUpdate(common);
      if (Object.keys(found).length > 0) return form.setErrors(found);
      update.mutate(
        { id: user.uuid, body: UpdateUserRequestSchema.parse(common) },
        {
          onSuccess: () => {
            toast.success(MESSAGES.success.userUpdated);
            onClose();
          },
          onError: onFailure,
        },
      );
      return;
    }
    const body = { ...common, username: values.username };
    const found = validateCreate(body);
    if (Object.keys(found).length > 0) return form.setErrors(found);
    create.mutate(CreateUserRequestSchema.parse(body), {
      onSuccess: () => {
        toast.success(MESSAGES.success.userCreated);
        onClose();
      },
      onError: onFailure,
    });
  };

  const roleOptions = withCurrent(
    (roles.data?.data ?? []).map((r) => ({ value: r.uuid, label: r.nombre })),
    user ? [{ value: user.rol.uuid, label: user.rol.nombre }] : [],
  );
  const areaOptions = withCurrent(
    (areas.data?.data ?? []).map((a) => ({ value: a.uuid, label: a.nombre })),
    (user?.usuario_areas ?? []).map((ua) => ({ value: ua.area.uuid, label: ua.area.nombre })),
  );
  const positionOptions = withCurrent(
    (positions.data?.data ?? []).map((p) => ({ value: p.uuid, label: p.nombre })),
    user?.descripcion_puesto ? [{ value: user.descripcion_puesto.uuid, label: user.descripcion_puesto.nombre }] : [],
  );

  return (
    <FormDialog
      opened={opened}
      title={editing ? 'Editar Usuario' : 'Nuevo Usuario'}
      submitLabel={editing ? 'Actualizar' : 'Crear'}
      onClose={onClose}
      onSubmit={submit}
      loading={busy}
      error={serverError}
      size="lg"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
        <TextInput
          label="Usuario"
          required={!editing}
          readOnly={editing}
          variant={editing ? 'filled' : 'default'}
          description={editing ? 'El usuario no se puede modificar' : undefined}
          autoComplete="off"
          value={values.username}
          onChange={(e) => set('username', e.currentTarget.value)}
          error={errors.username}
          disabled={busy}
        />
        <PasswordInput
          label="Contraseña"
          required={!editing}
          description={editing ? 'Dejar en blanco para no cambiarla' : undefined}
          autoComplete="new-password"
          value={values.password}
          onChange={(e) => set('password', e.currentTarget.value)}
          error={errors.password}
          disabled={busy}
        />
        <TextInput
          label="Nombre"
          required
          value={values.nombre}
          onChange={(e) => set('nombre', e.currentTarget.value)}
          error={errors.nombre}
          disabled={busy}
        />
        <TextInput
          label="Apellido"
          required
          value={values.apellido}
          onChange={(e) => set('apellido', e.currentTarget.value)}
          error={errors.apellido}
          disabled={busy}
        />
        <Select
          label="Rol"
          required
          placeholder={SELECT_PLACEHOLDER}
          data={roleOptions}
          value={values.rol_uuid}
          onChange={(value) => set('rol_uuid', value)}
          error={errors.rol_uuid}
          disabled={busy}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label="Puesto de trabajo"
          placeholder={SELECT_PLACEHOLDER}
          data={positionOptions}
          value={values.descripcion_puesto_uuid}
          onChange={(value) => set('descripcion_puesto_uuid', value)}
          error={errors.descripcion_puesto_uuid}
          disabled={busy}
          clearable
          // Mantine hides its clear button from keyboards and screen readers; the job position must stay clearable for all.
          clearButtonProps={{ 'aria-label': 'Quitar puesto de trabajo', 'aria-hidden': false, tabIndex: 0 }}
          searchable
        />
      </SimpleGrid>
      <MultiSelect
        label="Áreas"
        required
        placeholder={values.usuario_areas_uuid.length === 0 ? SELECT_PLACEHOLDER : undefined}
        data={areaOptions}
        value={values.usuario_areas_uuid}
        onChange={(value) => set('usuario_areas_uuid', value)}
        error={errors.usuario_areas_uuid}
        disabled={busy}
        searchable
        clearable
        nothingFoundMessage="No se encontraron resultados"
      />
    </FormDialog>
  );
}
