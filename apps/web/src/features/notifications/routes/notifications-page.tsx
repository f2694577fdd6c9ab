import { IconBell } from '@tabler/icons-react';
import { PageHeader } from '../../../components/page-header';
import { NotificationForm } from '../components/notification-form';

/** SPEC section 2.14: Gestión de Notificaciones. */
export function NotificationsPage() {
  return (
    <>
      <PageHeader
        title="Gestión de Notificaciones"
        description="Envíe avisos a un usuario o a todos"
        icon={<IconBell size={24} />}
        helpHref="/ayuda/notificaciones"
        helpLabel="Más sobre notificaciones"
      />
      <NotificationForm />
    </>
  );
}
