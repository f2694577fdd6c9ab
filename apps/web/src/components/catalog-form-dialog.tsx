import { useState } from 'react';
import { Textarea, TextInput } from '@mantine/core';
import { MESSAGES } from '@gestar/contracts';
import type { z } from 'zod';
import { errorMessage } from '../lib/api-client';
import { fieldErrorsFromApi, fieldErrorsFromIssues, type FieldErrors } from '../lib/form-errors';
import { toast } from '../lib/toast';
import { FormDialog } from './form-dialog';

export interface CatalogValues {
  nombre: string;
  descripcion?: string;
}

export interface CatalogFormDialogProps<T extends CatalogValues> {
  title: string;
  submitLabel: string;
  initial: CatalogValues;
  /** With a 'Descripción' field (job positions, task types) or name only (areas). */
  withDescription: boolean;
  /** The contract's request schema: its Spanish messages show under the fields. */
  schema: z.ZodType<T, CatalogValues>;
  /** Sends the validated body; a rejection's message shows under the fields and as a toast. */
  save: (body: T) => Promise<unknown>;
  successMessage: string;
  busy: boolean;
  onClose: () => void;
}

/**
 * The create/edit dialog of the name (+ description) catalogs. Mounted per
 * opening, so it always starts from `initial`.
 */
export function CatalogFormDialog<T extends CatalogValues>({
  title,
  submitLabel,
  initial,
  withDescription,
  schema,
  save,
  successMessage,
  busy,
  onClose,
}: CatalogFormDialogProps<T>) {
  const [values, setValues] = useState<CatalogValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);

  const set = (field: keyof CatalogValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async () => {
    setServerError(null);
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorsFromIssues(parsed.error.issues));
      return;
    }
    try {
      await save(parsed.data);
    } catch (error) {
      const message = errorMessage(error, MESSAGES.errors.internal);
      setErrors(fieldErrorsFromApi(error));
      setServerError(message);
      toast.error(message);
      return;
    }
    toast.success(successMessage);
    onClose();
  };

  return (
    <FormDialog
      opened
      title={title}
      submitLabel={submitLabel}
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
      {withDescription && (
        <Textarea
          label="Descripción"
          required
          autosize
          minRows={3}
          maxRows={8}
          value={values.descripcion ?? ''}
          onChange={(e) => set('descripcion', e.currentTarget.value)}
          error={errors.descripcion}
          disabled={busy}
        />
      )}
    </FormDialog>
  );
}
