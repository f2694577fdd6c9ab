import { useState } from 'react';
import { ColorInput, NumberInput, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { CreateStatusRequestSchema, MESSAGES, MIN_STATUS_ORDER, type StatusResponse } from '@gestar/contracts';
import { FormDialog } from '../../../components/form-dialog';
import { errorMessage } from '../../../lib/api-client';
import { fieldErrorsFromApi, fieldErrorsFromIssues, type FieldErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useCreateStatus, useUpdateStatus } from '../api/save-status';

const SWATCHES = ['#FAB005', '#228BE6', '#40C057', '#FA5252', '#7950F2', '#FD7E14', '#12B886', '#868E96'];

interface FormValues {
  nombre: string;
  descripcion: string;
  order: string | number;
  color: string;
}

export interface StatusFormDialogProps {
  status: StatusResponse | null;
  /** Order offered to a new status: one after the last. */
  nextOrder: number;
  onClose: () => void;
}

/** SPEC sections 2.9 and 5: name, description, order (>= 1) and a #RRGGBB colour. Mounted per opening. */
export function StatusFormDialog({ status, nextOrder, onClose }: StatusFormDialogProps) {
  const [values, setValues] = useState<FormValues>({
    nombre: status?.nombre ?? '',
    descripcion: status?.descripcion ?? '',
    order: status?.order ?? nextOrder,
    color: status?.color ?? SWATCHES[1]!,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const create = useCreateStatus();
  const update = useUpdateStatus();
  const busy = create.isPending || update.isPending;

  const set = <K extends keyof FormValues>(field: K, value: FormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async () => {
    setServerError(null);
    // The schema turns the order into a number and the colour to upper case.
    const parsed = CreateStatusRequestSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorsFromIssues(parsed.error.issues));
      return;
    }
    try {
      if (status) await update.mutateAsync({ id: status.uuid, body: parsed.data });
      else await create.mutateAsync(parsed.data);
    } catch (error) {
      const message = errorMessage(error, MESSAGES.errors.internal);
      setErrors(fieldErrorsFromApi(error));
      setServerError(message);
      toast.error(message);
      return;
    }
    toast.success(status ? MESSAGES.success.statusUpdated : MESSAGES.success.statusCreated);
    onClose();
  };

  return (
    <FormDialog
      opened
      title={status ? 'Editar Estado' : 'Nuevo Estado'}
      submitLabel={status ? 'Actualizar' : 'Crear'}
      onClose={onClose}
      onSubmit={() => void submit()}
      loading={busy}
      error={serverError}
    >
      <TextInput
        label="Nombre"
        required
        data-autofocus
        value={values.nombre}
        onChange={(e) => set('nombre', e.currentTarget.value)}
        error={errors.nombre}
        disabled={busy}
      />
      <Textarea
        label="Descripción"
        required
        autosize
        minRows={2}
        maxRows={6}
        value={values.descripcion}
        onChange={(e) => set('descripcion', e.currentTarget.value)}
        error={errors.descripcion}
        disabled={busy}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <NumberInput
          label="Orden"
          required
          min={MIN_STATUS_ORDER}
          allowDecimal={false}
          allowNegative={false}
          value={values.order}
          onChange={(value) => set('order', value)}
          error={errors.order}
          disabled={busy}
        />
        <ColorInput
          label="Color"
          required
          format="hex"
          swatches={SWATCHES}
          swatchesPerRow={8}
          value={values.color}
          onChange={(value) => set('color', value)}
          onBlur={() => set('color', values.color.trim().toUpperCase())}
          error={errors.color}
          disabled={busy}
          popoverProps={{ withinPortal: true }}
        />
      </SimpleGrid>
    </FormDialog>
  );
}
