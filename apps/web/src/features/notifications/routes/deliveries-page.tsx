import { useState } from 'react';
import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import {
  DELIVERY_CHANNEL_LABELS,
  DELIVERY_CHANNELS,
  DELIVERY_STATE_LABELS,
  DELIVERY_STATES,
  OPTIONAL_CHANNELS,
  type DeliveryChannel,
} from '@gestar/contracts';
import { DateField } from '../../../components/date-field';
import { PageHeader } from '../../../components/page-header';
import { PagedResults } from '../../../components/paged-results';
import { EMPTY_DELIVERY_FILTERS, useDeliveries, useSendTest, type DeliveryFilterValues } from '../api/deliveries';
import { DeliveryList } from '../components/delivery-list';

const CHANNELS = OPTIONAL_CHANNELS.map((c) => ({ value: c, label: DELIVERY_CHANNEL_LABELS[c] }));
/** How each channel reads after «La prueba ...». */
const VIA: Record<DeliveryChannel, string> = { app: 'en la aplicación', push: 'por push', email: 'por correo electrónico' };
const STATES = DELIVERY_STATES.map((s) => ({ value: s, label: DELIVERY_STATE_LABELS[s] }));

/** Administración > Entregas de avisos: how each push and e-mail went, and a test to oneself per channel. */
export function DeliveriesPage() {
  const [filters, setFilters] = useState<DeliveryFilterValues>(EMPTY_DELIVERY_FILTERS);
  const [page, setPage] = useState(1);
  const deliveries = useDeliveries(filters, page);
  const test = useSendTest();
  const set = (patch: Partial<DeliveryFilterValues>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const server = deliveries.data?.canales_servidor;

  // The outcome of the last test, said in the card where it was asked (not a toast that other
  // notices arriving at the same time could push out of sight).
  const [outcome, setOutcome] = useState<{ text: string; color: string } | null>(null);
  const sendTest = (canal: DeliveryChannel) => {
    setOutcome(null);
    test.mutate(canal, {
      onSuccess: (r) => {
        const via = VIA[r.canal];
        if (r.estado === 'enviada') setOutcome({ text: `La prueba ${via} se envió.`, color: 'teal.9' });
        else if (r.estado === 'pendiente' || r.estado === 'enviando') setOutcome({ text: `La prueba ${via} está en camino.`, color: 'dimmed' });
        else setOutcome({ text: `${DELIVERY_STATE_LABELS[r.estado]}: ${r.motivo ?? ''}`, color: 'red.9' });
      },
      onError: (e) => setOutcome({ text: e.message, color: 'red.9' }),
    });
  };

  return (
    <>
      <PageHeader
        title="Entregas de avisos"
        description="Cómo llegó cada aviso por push y por correo: enviado, fallido con el motivo, u omitido y por qué"
        icon={<IconMailForward size={24} />}
      />
      <Stack gap="md">
        <Card withBorder radius="md" padding="md" component="section" aria-labelledby="entregas-prueba">
          <Title order={2} fz="h4" id="entregas-prueba" mb={4}>
            Enviarme una prueba
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            Le llega a usted por el canal que elija, sin importar sus preferencias ni su horario de silencio. El correo va
            a la dirección de su Perfil.
          </Text>
          <Group gap="sm">
            {DELIVERY_CHANNELS.map((c) => (
              <Button
                key={c}
                variant="light"
                onClick={() => sendTest(c)}
                loading={test.isPending && test.variables === c}
                disabled={test.isPending && test.variables !== c}
              >
                {DELIVERY_CHANNEL_LABELS[c]}
              </Button>
            ))}
          </Group>
          <Text size="sm" mt="sm" c={outcome?.color} role="status" aria-live="polite" data-testid="prueba-resultado">
            {outcome?.text}
          </Text>
        </Card>
        {server && (!server.push || !server.email) && (
          <Alert color="yellow" variant="light" role="status">
            {[
              !server.push && 'Las notificaciones push no están configuradas en el servidor (FIREBASE_SERVICE_ACCOUNT).',
              !server.email && 'El correo no está configurado en el servidor (SMTP_URL).',
            ]
              .filter(Boolean)
              .join(' ')}{' '}
            Mientras tanto los avisos llegan solo en la aplicación, y ese canal no se registra aquí.
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" component="section" aria-label="Filtros de entregas">
          <Select label="Canal" placeholder="Todos" data={CHANNELS} clearable value={filters.canal} onChange={(v) => set({ canal: v })} />
          <Select label="Estado" placeholder="Todos" data={STATES} clearable value={filters.estado} onChange={(v) => set({ estado: v })} />
          <DateField label="Desde" value={filters.desde} onChange={(v) => set({ desde: v })} maxDate={filters.hasta ?? undefined} />
          <DateField label="Hasta" value={filters.hasta} onChange={(v) => set({ hasta: v })} minDate={filters.desde ?? undefined} />
        </SimpleGrid>
        <Text size="sm" c="dimmed" aria-live="polite">
          {deliveries.data ? (deliveries.data.meta.totalItems === 1 ? '1 entrega' : `${deliveries.data.meta.totalItems} entregas`) : ''}
        </Text>
        <PagedResults
          query={deliveries}
          page={page}
          onPage={setPage}
          what="el registro de entregas"
          empty={{ title: 'Sin entregas', description: 'No hay entregas por push ni por correo con estos filtros.' }}
        >
          {(rows) => <DeliveryList deliveries={rows} />}
        </PagedResults>
      </Stack>
    </>
  );
}
