/**
 * «Terminales» (issue 34): the shared terminals an administrator (all) or a supervisor (their
 * areas) manages — name, area, last use, idle minutes — with revocation, and the way to register
 * this device as one.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Badge, Button, Group, Stack, Switch, Table, Text } from '@mantine/core';
import { IconDeviceTablet, IconPlus } from '@tabler/icons-react';
import type { TerminalResponse } from '@gestar/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { useStackedTable } from '../../../components/stacked-table';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import { toast } from '../../../lib/toast';
import { useRevokeTerminal, useTerminals } from '../api/terminals';

const WHEN = 'DD MMM YYYY HH:mm';

export function TerminalsPage() {
  const [page, setPage] = useState(1);
  const [revocadas, setRevocadas] = useState(false);
  const terminals = useTerminals(page, revocadas);
  const revoke = useRevokeTerminal();
  const [revoking, setRevoking] = useState<TerminalResponse | null>(null);
  const tableRef = useStackedTable();
  const rows = terminals.data?.data ?? [];

  return (
    <>
      <PageHeader
        title="Terminales"
        description="Tabletas compartidas de cada área: las personas ingresan con su PIN"
        icon={<IconDeviceTablet size={24} />}
        actions={
          <Button component={Link} to="/terminales/registrar" leftSection={<IconPlus size={16} />}>
            Registrar este dispositivo
          </Button>
        }
      />
      <Stack gap="md">
        <Switch
          label="Mostrar también las revocadas"
          checked={revocadas}
          onChange={(e) => {
            setRevocadas(e.currentTarget.checked);
            setPage(1);
          }}
        />
        {terminals.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(terminals.error, 'No se pudieron cargar las terminales')}
          </Alert>
        ) : terminals.isPending ? (
          <Text c="dimmed">Cargando...</Text>
        ) : rows.length === 0 ? (
          <EmptyState
            title="No hay terminales"
            description="Registre una tableta del taller como terminal de su área desde esa misma tableta."
          />
        ) : (
          <Table ref={tableRef} data-stack striped highlightOnHover aria-label="Terminales">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nombre</Table.Th>
                <Table.Th>Área</Table.Th>
                <Table.Th>Último uso</Table.Th>
                <Table.Th>Inactividad</Table.Th>
                <Table.Th>Acciones</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((t) => (
                <Table.Tr key={t.uuid}>
                  <Table.Td fw={600}>{t.nombre}</Table.Td>
                  <Table.Td>{t.area.nombre}</Table.Td>
                  <Table.Td>{t.ultimo_uso_en ? formatDate(t.ultimo_uso_en, WHEN) : 'Nunca'}</Table.Td>
                  <Table.Td>{t.minutos_inactividad} min</Table.Td>
                  <Table.Td>
                    {t.revocada_en ? (
                      <Badge color="gray">Revocada el {formatDate(t.revocada_en, WHEN)}</Badge>
                    ) : (
                      <Group gap="xs">
                        <Button
                          size="xs"
                          color="red"
                          variant="light"
                          onClick={() => setRevoking(t)}
                          aria-label={`Revocar ${t.nombre}`}
                        >
                          Revocar
                        </Button>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Pagination page={page} totalPages={terminals.data?.meta.totalPages ?? 1} onChange={setPage} />
      </Stack>
      <ConfirmDialog
        opened={revoking !== null}
        title="Revocar terminal"
        message={
          revoking
            ? `«${revoking.nombre}» (${revoking.area.nombre}) dejará de funcionar en segundos y se cerrará la sesión de quien esté en ella. Los cambios que queden guardados sin conexión en esa tableta ya no podrán enviarse.`
            : ''
        }
        confirmLabel="Revocar"
        loading={revoke.isPending}
        error={revoke.isError ? errorMessage(revoke.error, 'No se pudo revocar la terminal') : null}
        onClose={() => {
          setRevoking(null);
          revoke.reset();
        }}
        onConfirm={() => {
          if (!revoking) return;
          revoke.mutate(revoking.uuid, {
            onSuccess: () => {
              toast.success(`Terminal «${revoking.nombre}» revocada`);
              setRevoking(null);
            },
          });
        }}
      />
    </>
  );
}
