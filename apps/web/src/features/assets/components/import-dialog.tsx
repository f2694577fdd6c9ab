/**
 * «Importar equipos»: the person picks an XLSX or CSV file, the server reads it and answers each
 * row with its errors in Spanish, and nothing is written until «Importar», which is offered only
 * when no row has an error (the server imports all the rows or none).
 */
import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  List,
  Modal,
  ScrollArea,
  Stack,
  Switch,
  Table,
  Text,
} from '@mantine/core';
import { IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { ASSET_IMPORT_ACCEPT, ASSET_IMPORT_COLUMNS, MESSAGES, type AssetImportRow } from '@gestar/contracts';
import { useStackedTable } from '../../../components/stacked-table';
import { errorMessage } from '../../../lib/api-client';
import { fieldErrorsFromApi } from '../../../lib/form-errors';
import { useImportAssets, usePreviewImport } from '../api/import-assets';
import classes from './assets.module.css';

/** Rows drawn at once: a file may hold thousands; the errors come first. */
const SHOWN_ROWS = 200;

function RowsTable({ rows }: { rows: AssetImportRow[] }) {
  const stackRef = useStackedTable();
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing={6} aria-label="Filas del archivo" ref={stackRef} data-stack striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Fila</Table.Th>
            <Table.Th>Código</Table.Th>
            <Table.Th>Nombre</Table.Th>
            <Table.Th>Área</Table.Th>
            <Table.Th>Padre</Table.Th>
            <Table.Th>Resultado</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.fila} data-errores={row.errores.length > 0 || undefined}>
              <Table.Td>{row.fila}</Table.Td>
              <Table.Td>{row.codigo || '-'}</Table.Td>
              <Table.Td>{row.nombre || '-'}</Table.Td>
              <Table.Td>{row.area || '-'}</Table.Td>
              <Table.Td>{row.padre || '-'}</Table.Td>
              <Table.Td>
                {row.errores.length === 0 ? (
                  <Badge color="green" variant="light" tt="none">
                    Correcta
                  </Badge>
                ) : (
                  <List size="sm" c="red.9" spacing={2} aria-label={`Errores de la fila ${row.fila}`}>
                    {row.errores.map((e) => (
                      <List.Item key={`${e.columna}:${e.mensaje}`}>
                        {e.columna}: {e.mensaje}
                      </List.Item>
                    ))}
                  </List>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function ImportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [onlyErrors, setOnlyErrors] = useState(false);
  const preview = usePreviewImport();
  const importer = useImportAssets();

  const choose = (chosen: File | null) => {
    setFile(chosen);
    importer.reset();
    preview.reset();
    if (chosen) preview.mutate(chosen);
  };
  const close = () => {
    choose(null);
    onClose();
  };

  const result = preview.data;
  const rows = result
    ? [...result.filas].sort((a, b) => Number(b.errores.length > 0) - Number(a.errores.length > 0) || a.fila - b.fila)
    : [];
  const shown = (onlyErrors ? rows.filter((r) => r.errores.length > 0) : rows).slice(0, SHOWN_ROWS);
  const canImport = result !== undefined && result.con_errores === 0 && result.filas.length > 0 && !importer.isSuccess;
  // A refusal of the import itself (the file changed on the server's side meanwhile): its rows' messages.
  const importErrors = importer.isError ? Object.entries(fieldErrorsFromApi(importer.error)) : [];

  return (
    <Modal opened={opened} onClose={close} title="Importar equipos" size="xl" closeOnClickOutside={!importer.isPending}>
      <Stack gap="md" className={classes.touch}>
        <Text size="sm">
          Elija una planilla XLSX o un archivo CSV cuya primera fila tenga las columnas{' '}
          {ASSET_IMPORT_COLUMNS.map((c, i) => (
            <span key={c}>
              {i > 0 && ', '}
              <code>{c}</code>
            </span>
          ))}
          . El área se escribe por su nombre y el padre por su código. Antes de importar verá cada fila con sus errores;
          no se guarda nada hasta que presione «Importar», y entonces se importan todas las filas o ninguna.
        </Text>
        <FileInput
          label="Archivo"
          placeholder="Elegir un archivo XLSX o CSV"
          accept={ASSET_IMPORT_ACCEPT}
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
          value={file}
          onChange={choose}
          clearable
          disabled={preview.isPending || importer.isPending}
        />
        {preview.isPending && (
          <Text size="sm" c="dimmed" role="status">
            Leyendo el archivo...
          </Text>
        )}
        {preview.isError && (
          <Alert color="red" variant="light" role="alert" title="No se pudo leer el archivo">
            {errorMessage(preview.error, MESSAGES.assets.importUnreadable)}
          </Alert>
        )}
        {result && (
          <>
            <Group justify="space-between" gap="sm">
              <Group gap="xs" role="status" aria-live="polite">
                <Badge color="green" variant="light" tt="none" size="lg">
                  {result.validas === 1 ? '1 fila correcta' : `${result.validas} filas correctas`}
                </Badge>
                <Badge color={result.con_errores ? 'red' : 'gray'} variant="light" tt="none" size="lg">
                  {result.con_errores === 1 ? '1 fila con errores' : `${result.con_errores} filas con errores`}
                </Badge>
              </Group>
              {result.con_errores > 0 && (
                <Switch
                  label="Solo filas con errores"
                  checked={onlyErrors}
                  onChange={(e) => setOnlyErrors(e.currentTarget.checked)}
                />
              )}
            </Group>
            {result.con_errores > 0 && (
              <Alert color="red" variant="light" role="alert">
                Corrija las filas con errores en el archivo y vuelva a elegirlo: no se importará ningún equipo mientras
                haya errores.
              </Alert>
            )}
            <ScrollArea.Autosize mah="50vh" type="auto">
              <RowsTable rows={shown} />
            </ScrollArea.Autosize>
            {rows.length > shown.length && (
              <Text size="xs" c="dimmed">
                Se muestran {shown.length} de {onlyErrors ? result.con_errores : rows.length} filas.
              </Text>
            )}
          </>
        )}
        {importer.isError && (
          <Alert
            color="red"
            variant="light"
            role="alert"
            title={errorMessage(importer.error, MESSAGES.assets.importHasErrors)}
          >
            {importErrors.length > 0 && (
              <List size="sm">
                {importErrors.slice(0, 20).map(([path, message]) => (
                  <List.Item key={path}>
                    Fila {path}: {message}
                  </List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}
        {importer.isSuccess && (
          <Alert color="green" variant="light" role="status" title="Importación terminada">
            {importer.data.importados === 1
              ? 'Se importó 1 equipo.'
              : `Se importaron ${importer.data.importados} equipos.`}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={importer.isPending}>
            {importer.isSuccess ? 'Cerrar' : 'Cancelar'}
          </Button>
          {!importer.isSuccess && (
            <Button
              leftSection={<IconUpload size={18} aria-hidden />}
              disabled={!canImport || !file}
              loading={importer.isPending}
              onClick={() => file && importer.mutate(file)}
            >
              Importar
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
