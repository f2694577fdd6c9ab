import { MESSAGES, PERMISSION_LABELS } from '@gestar/contracts';
import { HelpArticle, P, Terms, type HelpSection } from '../components/help-article';
import { PermissionName } from '../components/permission-name';

const v = MESSAGES.validation;

const SECTIONS: HelpSection[] = [
  {
    id: 'enviar',
    title: 'Enviar una notificación',
    content: (
      <>
        <P>
          La pantalla Gestión de Notificaciones requiere el permiso <PermissionName permission="send:notifications" /> (Administrador y
          Supervisor). El título y el mensaje son obligatorios.
        </P>
        <Terms
          items={[
            [
              'Enviar a Usuario',
              `con un usuario elegido en el selector, le envía la notificación solo a él («${v.selectUser}» si no eligió ninguno).`,
            ],
            [
              'Enviar a Todos',
              `sin usuario elegido, la envía a todos los usuarios activos de su alcance: todas las áreas con «${PERMISSION_LABELS['read:all:areas']}», o las suyas («${v.allFieldsRequired}» si falta el título o el mensaje).`,
            ],
          ]}
        />
        <P>
          Mientras se envía, el formulario se bloquea y muestra «Enviando...». Si sale bien, aparece «Notificación
          enviada correctamente» (o «Notificación masiva enviada correctamente») y el formulario se vacía; si falla, el
          contenido se conserva para reintentar.
        </P>
      </>
    ),
  },
  {
    id: 'bandeja',
    title: 'La bandeja de notificaciones',
    content: (
      <>
        <P>
          Toda notificación queda guardada en la bandeja de quien la recibe. La campana de la barra superior muestra
          cuántas hay sin leer; al abrirla se listan de la más reciente a la más antigua, con «Ver más» para las
          anteriores. Cada una se puede marcar como leída, o todas a la vez.
        </P>
        <P>
          Con la aplicación abierta, una notificación nueva aparece en el momento como un aviso arriba a la derecha que
          permanece hasta que lo cierre.
        </P>
      </>
    ),
  },
  {
    id: 'recordatorios',
    title: 'Recordatorios y avisos de vencimiento',
    content: (
      <>
        <P>
          Gestar le recuerda su trabajo sin que nadie tenga que enviarlo: el día anterior al vencimiento de una tarea
          («Vence mañana») y el mismo día («Vence hoy»), desde las 8 de la mañana (hora de la empresa), y una vez
          cuando la tarea venció y sigue abierta («Tarea vencida»).
        </P>
        <P>
          Si una tarea lleva 24 horas vencida, los supervisores de su área reciben «Tarea vencida en su área» con la
          tarea y la persona. Cada mañana, cada supervisor recibe además un «Resumen del día» con las tareas abiertas,
          las que vencen hoy y las vencidas de sus áreas.
        </P>
        <P>
          Cada aviso llega una sola vez, aunque la aplicación funcione en varios servidores o haya estado detenida.
          Las tareas archivadas o terminadas no generan avisos, y una tarea vencida hace más de una semana no vuelve
          a avisarse.
        </P>
      </>
    ),
  },
  {
    id: 'avisos',
    title: 'Elegir cómo le llegan los avisos',
    content: (
      <>
        <P>
          En la aplicación los avisos le llegan siempre. En Perfil, sección «Avisos», elija para cada tipo de aviso si
          también quiere recibirlo por push (en el teléfono o la computadora donde activó las notificaciones) y por correo
          electrónico, y escriba la dirección donde quiere los correos. Si nunca lo cambió, le llegan por push todos
          salvo el resumen diario, y por correo solo las tareas vencidas en sus áreas y el resumen diario (si tiene
          dirección).
        </P>
        <P>
          El horario de silencio (por ejemplo de 22:00 a 06:00) evita push y correos en esas horas; los avisos quedan en
          la aplicación para cuando la abra.
        </P>
        <P>
          Los administradores ven en Administración &gt; Entregas de avisos cómo llegó cada push y cada correo: enviado,
          fallido con el motivo (los correos fallidos se reintentan solos), u omitido y por qué. Desde allí pueden
          enviarse una prueba por cada canal.
        </P>
      </>
    ),
  },
  {
    id: 'push',
    title: 'Notificaciones del navegador',
    content: (
      <P>
        Al iniciar sesión el navegador pide permiso para mostrar notificaciones. Si lo concede y la empresa configuró el
        servicio de notificaciones push, también las recibirá con la aplicación cerrada. Sin ese permiso la bandeja y
        los avisos en vivo siguen funcionando.
      </P>
    ),
  },
];

/** SPEC section 2.16: guide 'Notificaciones' (sending, the inbox, push). */
export function HelpNotificationsPage() {
  return (
    <HelpArticle
      title="Notificaciones"
      intro="Cómo enviar avisos a un usuario o a todos, y dónde se reciben: la bandeja, los avisos en vivo y las notificaciones del navegador."
      sections={SECTIONS}
    />
  );
}
