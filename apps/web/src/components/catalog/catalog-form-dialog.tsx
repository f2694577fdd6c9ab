import { useState } from 'react';
import { ColorInput, NumberInput, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { HEX_COLOR_PATTERN, MESSAGES } from '@gestar/contracts';
import type { z } from 'zod';
import { errorMessage } from '../../lib/api-client';
import { fieldErrorsFromApi, zodResolver } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { FormDialog } from '../form-dialog';

/** One input of a catalog form; `half` fields sit two to a row from the small breakpoint on. */
export type CatalogField<Values> = { name: keyof Values & string; label: string; half?: boolean } & (
  | { kind: 'text' }
  | { kind: 'textarea'; minRows: number; maxRows: number }
  | { kind: 'number'; min: number }
  | { kind: 'color'; swatches: readonly string[] }
  | { kind: 'select'; options: readonly { value: string; label: string }[]; description?: string }
);

export interface CatalogFormDialogProps<Values extends Record<string, unknown>, Body> {
  title: string;
  submitLabel: string;
  initialValues: Values;
  fields: readonly CatalogField<Values>[];
  /** The contract's request schema: the only validation, its Spanish messages under the fields. */
  schema: z.ZodType<Body>;
  /** Sends the parsed body; a refusal's messages show under the fields, or at the top of the dialog. */
  save: (body: Body) => Promise<unknown>;
  successMessage: string;
  busy: boolean;
  onClose: () => void;
}

/** The create/edit dialog of every catalog, driven by its fields. Mounted per opening. */
export function CatalogFormDialog<Values extends Record<string, unknown>, Body>({
  title,
  submitLabel,
  initialValues,
  fields,
  schema,
  save,
  successMessage,
  busy,
  onClose,
}: CatalogFormDialogProps<Values, Body>) {
  const form = useForm<Values>({ mode: 'controlled', initialValues, validate: zodResolver(schema) });
  const [serverError, setServerError] = useState<string | null>(null);

  const submit = async () => {
    setServerError(null);
    if (form.validate().hasErrors) return;
    // The schema also shapes the body (trimmed text, the order as a number, the colour upper-cased).
    const body = schema.parse(form.getValues());
    try {
      await save(body);
    } catch (error) {
      // Once, where the person is looking: under the field it is about, else at the top of the dialog.
      const message = errorMessage(error, MESSAGES.errors.internal);
      const fields = fieldErrorsFromApi(error) as Record<string, string>;
      form.setErrors(fields);
      setServerError(Object.values(fields).includes(message) ? null : message);
      return;
    }
    toast.success(successMessage);
    onClose();
  };

  const input = (field: CatalogField<Values>, index: number) => {
    const props = { ...form.getInputProps(field.name), label: field.label, required: true, disabled: busy };
    const autofocus = index === 0 ? { 'data-autofocus': true } : {};
    switch (field.kind) {
      case 'text':
        return <TextInput key={field.name} {...props} {...autofocus} />;
      case 'textarea':
        return (
          <Textarea
            key={field.name}
            {...props}
            {...autofocus}
            autosize
            minRows={field.minRows}
            maxRows={field.maxRows}
          />
        );
      case 'number':
        return (
          <NumberInput
            key={field.name}
            {...props}
            {...autofocus}
            min={field.min}
            // Not clamped: an order below the minimum stays as typed and the schema's message says why.
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
          />
        );
      case 'color':
        return (
          <ColorInput
            key={field.name}
            {...props}
            {...autofocus}
            format="hex"
            swatches={[...field.swatches]}
            swatchesPerRow={8}
            // A typed value stays as typed: a valid #rrggbb is shown upper-cased, anything else gets the
            // schema's message instead of being changed into another colour or upper-cased.
            fixOnBlur={false}
            onBlur={() => {
              const typed = String(form.getValues()[field.name] ?? '').trim();
              if (HEX_COLOR_PATTERN.test(typed)) form.setFieldValue(field.name, typed.toUpperCase() as never);
              else if (typed !== '') form.validateField(field.name);
            }}
            popoverProps={{ withinPortal: true }}
          />
        );
      case 'select':
        return (
          <Select
            key={field.name}
            {...props}
            {...autofocus}
            description={field.description}
            data={field.options.map((o) => ({ ...o }))}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        );
    }
  };

  // Consecutive `half` fields share a row.
  const rows: CatalogField<Values>[][] = [];
  for (const field of fields) {
    const last = rows.at(-1);
    if (field.half && last?.[0]?.half) last.push(field);
    else rows.push([field]);
  }

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
      {rows.map((row) =>
        row.length === 1 && !row[0]!.half ? (
          input(row[0]!, fields.indexOf(row[0]!))
        ) : (
          <SimpleGrid key={row.map((f) => f.name).join('+')} cols={{ base: 1, xs: 2 }} spacing="sm">
            {row.map((f) => input(f, fields.indexOf(f)))}
          </SimpleGrid>
        ),
      )}
    </FormDialog>
  );
}
