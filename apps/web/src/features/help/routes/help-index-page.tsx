import { Link } from 'react-router';
import { Anchor, Card, Group, List, SimpleGrid, Text, Title } from '@mantine/core';
import {
  IconBell,
  IconBriefcase,
  IconBuildingCommunity,
  IconCalendarRepeat,
  IconCategory,
  IconHelpCircle,
  IconListCheck,
  IconProgressCheck,
  IconReportAnalytics,
  IconUsers,
  type TablerIcon,
} from '@tabler/icons-react';
import { ROLE_NAMES } from '@gestar/contracts';
import { PageHeader } from '../../../components/page-header';
import { HELP_TOPICS, type HelpPath } from '../help-topics';

const ICONS: Record<HelpPath, TablerIcon> = {
  '/ayuda/tareas': IconListCheck,
  '/ayuda/usuarios': IconUsers,
  '/ayuda/reportes': IconReportAnalytics,
  '/ayuda/areas': IconBuildingCommunity,
  '/ayuda/notificaciones': IconBell,
  '/ayuda/programacion': IconCalendarRepeat,
  '/ayuda/estados': IconProgressCheck,
  '/ayuda/tipo-tarea': IconCategory,
  '/ayuda/puestos-trabajo': IconBriefcase,
};

/** SPEC section 2.16: one card per guide, and the three roles. */
export function HelpIndexPage() {
  return (
    <>
      <PageHeader title="Ayuda" description="Guías de uso de cada pantalla" icon={<IconHelpCircle size={24} />} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {HELP_TOPICS.map((topic) => {
          const TopicIcon = ICONS[topic.path];
          return (
            <Card key={topic.path} component={Link} to={topic.path} withBorder radius="md" padding="lg">
              <Group gap="xs" wrap="nowrap" mb={4}>
                <TopicIcon size={20} aria-hidden />
                <Text fw={600}>{topic.title}</Text>
              </Group>
              <Text size="sm">{topic.text}</Text>
            </Card>
          );
        })}
      </SimpleGrid>
      <Title order={2} fz="h4" mt="xl" mb="xs">
        Roles
      </Title>
      <List size="sm" spacing={4}>
        <List.Item>
          <b>{ROLE_NAMES.admin}</b>: acceso total.
        </List.Item>
        <List.Item>
          <b>{ROLE_NAMES.supervisor}</b> (encargado): gestiona los usuarios y las áreas que tiene asignadas, y supervisa
          el trabajo.
        </List.Item>
        <List.Item>
          <b>{ROLE_NAMES.operario}</b> (usuario): acceso básico a las tareas que tiene asignadas.
        </List.Item>
      </List>
      <Text size="sm" mt="xs">
        El detalle de cada permiso está en{' '}
        <Anchor component={Link} to="/ayuda/usuarios#permisos">
          Usuarios: qué permite cada permiso
        </Anchor>
        . Para integraciones, la <Anchor href="/api/docs">documentación de la API</Anchor> lista cada llamada con su
        permiso.
      </Text>
    </>
  );
}
