/**
 * «Nuevo equipo» / «Editar equipo»: code, name, area, the line that holds it (a machine of the
 * same area), maker, model, serial number, a photo and PDF manuals. Checked with the contract's
 * schema before sending; the server's field errors show under the fields.
 */
import { useForm } from '@mantine/form';
import { FileInput, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { IconFileTypePdf, IconPhoto } from '@tabler/icons-react';
import {
  ASSET_LIMITS,
  CreateAssetRequestSchema,
  DEFAULT_SELECT_PLACEHOLDER,
  MESSAGES,
  type AssetResponse,
  type CreateAssetRequest,
} from '@gestar/contracts';
import { FormDialog } from '../../../components/form-dialog';
import { errorMessage } from '../../../lib/api-client';
import { fieldErrorsFromApi, zodResolver } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useSaveAsset } from '../api/assets';
import { useAreaAssets, useAssetAreas } from '../api/lookups';
import classes from './assets.module.css';

interface Values {
  codigo: string;
  nombre: string;
  area_uuid: string | null;
  padre_uuid: string | null;
  fabricante: string;
  modelo: string;
  numero_serie: string;
  foto: File | null;
  documentos: File[];
}

function initialValues(asset: AssetResponse | null): Values {
  return {
    codigo: asset?.codigo ?? '',
    nombre: asset?.nombre ?? '',
    area_uuid: asset?.area.uuid ?? null,
    padre_uuid: asset?.padre?.uuid ?? null,
    fabricante: asset?.fabricante ?? '',
    modelo: asset?.modelo ?? '',
    numero_serie: asset?.numero_serie ?? '',
    foto: null,
    documentos: [],
  };
}

/** The request the form's values make: blank optional texts are cleared. */
function bodyOf(values: Values): CreateAssetRequest {
  const blank = (text: string) => (text.trim() === '' ? null : text);
  return {
    codigo: values.codigo,
    nombre: values.nombre,
    area_uuid: values.area_uuid ?? '',
    padre_uuid: values.padre_uuid,
    fabricante: blank(values.fabricante),
    modelo: blank(values.modelo),
    numero_serie: blank(values.numero_serie),
  };
}

const validate = zodResolver<CreateAssetRequest>(CreateAssetRequestSchema);

export interface AssetFormDialogProps {
  /** The machine being edited, or null for a new one. */
  asset: AssetResponse | null;
  onClose: () => void;
  onSaved?: (asset: AssetResponse) => void;
}

export function AssetFormDialog({ asset, onClose, onSaved }: AssetFormDialogProps) {
  const form = useForm<Values>({ mode: 'controlled', initialValues: initialValues(asset) });
  const values = form.getValues();
  const save = useSaveAsset();
  const areas = useAssetAreas();
  const machines = useAreaAssets(values.area_uuid);

  const areaOptions = (areas.data ?? []).map((a) => ({ value: a.uuid, label: a.nombre }));
  if (asset && !areaOptions.some((o) => o.value === asset.area.uuid))
    areaOptions.push({ value: asset.area.uuid, label: asset.area.nombre });
  const parentOptions = (machines.data ?? [])
    .filter((m) => m.uuid !== asset?.uuid)
    .map((m) => ({ value: m.uuid, label: `${m.codigo} · ${m.nombre}` }));
  if (
    asset?.padre &&
    values.padre_uuid === asset.padre.uuid &&
    !parentOptions.some((o) => o.value === asset.padre!.uuid)
  ) {
    parentOptions.push({ value: asset.padre.uuid, label: `${asset.padre.codigo} · ${asset.padre.nombre}` });
  }

  const submit = () => {
    const body = bodyOf(values);
    const found = validate(body);
    form.setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { original: asset?.codigo ?? null, body, files: { foto: values.foto, documentos: values.documentos } },
      {
        onSuccess: ({ saved, failed }) => {
          toast.success(asset ? 'Equipo actualizado exitosamente' : 'Equipo creado exitosamente');
          if (failed.length) toast.error(failed.join('\n'), 'No se pudieron subir algunos archivos');
          onSaved?.(saved);
          onClose();
        },
        onError: (error) => form.setErrors(fieldErrorsFromApi(error)),
      },
    );
  };

  const text = (
    field: 'codigo' | 'nombre' | 'fabricante' | 'modelo' | 'numero_serie',
    label: string,
    max: number,
    required = false,
  ) => (
    <TextInput
      label={label}
      withAsterisk={required}
      maxLength={max}
      {...form.getInputProps(field)}
      disabled={save.isPending}
    />
  );

  // A failed field check shows under its field; anything else (a 409, a refused file) above the buttons.
  const fieldErrors = save.isError ? fieldErrorsFromApi(save.error) : {};
  const generalError =
    save.isError && Object.keys(fieldErrors).length === 0 ? errorMessage(save.error, MESSAGES.errors.internal) : null;

  return (
    <FormDialog
      opened
      title={asset ? 'Editar equipo' : 'Nuevo equipo'}
      submitLabel={asset ? 'Guardar' : 'Crear'}
      onClose={onClose}
      onSubmit={submit}
      loading={save.isPending}
      error={generalError}
      size="lg"
    >
      <div className={classes.touch}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {text('codigo', 'Código', ASSET_LIMITS.codigo, true)}
          {text('nombre', 'Nombre', ASSET_LIMITS.nombre, true)}
          <Select
            label="Área"
            withAsterisk
            placeholder={DEFAULT_SELECT_PLACEHOLDER}
            data={areaOptions}
            value={values.area_uuid}
            onChange={(area) => {
              // The parent must be of the same area.
              form.setValues({ area_uuid: area, padre_uuid: area === values.area_uuid ? values.padre_uuid : null });
              form.clearFieldError('area_uuid');
            }}
            error={form.errors.area_uuid}
            disabled={save.isPending}
            searchable
            nothingFoundMessage="No se encontraron resultados"
          />
          <Select
            label="Equipo padre (opcional)"
            placeholder={
              values.area_uuid ? 'Ninguno: no forma parte de una línea' : MESSAGES.validation.selectAreaFirst
            }
            data={parentOptions}
            value={values.padre_uuid}
            onChange={(padre) => form.setFieldValue('padre_uuid', padre)}
            error={form.errors.padre_uuid}
            disabled={save.isPending || !values.area_uuid}
            clearable
            searchable
            nothingFoundMessage="No hay otros equipos en esta área"
          />
          {text('fabricante', 'Fabricante', ASSET_LIMITS.fabricante)}
          {text('modelo', 'Modelo', ASSET_LIMITS.modelo)}
          {text('numero_serie', 'Número de serie', ASSET_LIMITS.numeroSerie)}
          <FileInput
            label={asset?.foto_uuid ? 'Cambiar la foto' : 'Foto'}
            placeholder="Elegir una imagen"
            accept="image/jpeg,image/png,image/webp,image/heic,.heic"
            leftSection={<IconPhoto size={16} aria-hidden />}
            clearable
            value={values.foto}
            onChange={(file) => form.setFieldValue('foto', file)}
            disabled={save.isPending}
          />
        </SimpleGrid>
        <FileInput
          mt="sm"
          label="Documentos (PDF)"
          description="Manuales, planos o certificados; hasta 10 MB cada uno"
          placeholder="Elegir archivos PDF"
          accept="application/pdf,.pdf"
          multiple
          leftSection={<IconFileTypePdf size={16} aria-hidden />}
          clearable
          value={values.documentos}
          onChange={(files) => form.setFieldValue('documentos', files)}
          disabled={save.isPending}
        />
        {asset && (
          <Text size="xs" c="dimmed" mt="xs">
            El estado se cambia desde la página del equipo, con su motivo.
          </Text>
        )}
      </div>
    </FormDialog>
  );
}
