import { Link } from 'react-router';
import { Anchor } from '@mantine/core';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENTS_PER_TASK,
  CHECKLIST_MAX_ITEMS,
  DESCRIPTION_PREVIEW_LENGTH,
  MESSAGES,
  NO_RATING_LABEL,
  RATING_LABELS,
  SAME_DAY_CUTOFF_HOUR,
} from '@gestar/contracts';
import { DatePickerExample } from '../components/date-picker-example';
import { HelpArticle, P, Terms, type HelpSection } from '../components/help-article';
import { PermissionName } from '../components/permission-name';

const SECTIONS: HelpSection[] = [
  {
    id: 'tablero',
    title: 'El tablero de tareas asignadas',
    content: (
      <>
        <P>
          La pantalla de inicio (Tareas &gt; Tablero) muestra las tareas asignadas que no están archivadas, con una
          columna por estado, en el orden definido en Estados y con el nombre del estado en mayúsculas. En un teléfono
          las columnas se convierten en pestañas que muestran cuántas tareas hay en cada una.
        </P>
        <P>
          Un operario ve solo sus propias tareas. Quien tiene el permiso <PermissionName permission="read:all:assigned-tasks" /> ve las de
          todas las áreas y quien tiene <PermissionName permission="read:all:assigned-tasks:by-area" /> (el supervisor) las de sus áreas;
          ambos cuentan con dos filtros, por área y por usuario (la búsqueda de usuarios espera medio segundo después de
          la última tecla), y ven el nombre del empleado en cada tarjeta.
        </P>
        <P>El enlace junto al saludo abre «Mi Puesto de Trabajo», con la descripción del puesto que tiene asignado.</P>
      </>
    ),
  },
  {
    id: 'tarjeta',
    title: 'La tarjeta de una tarea',
    content: (
      <>
        <P>
          Cada tarjeta muestra el título, los primeros {DESCRIPTION_PREVIEW_LENGTH} caracteres de la descripción
          seguidos de «...», la fecha de vencimiento y las acciones: ver detalles, archivar (solo con permiso de
          supervisión) y el selector de estado.
        </P>
        <Terms
          items={[
            ['Vencida:', 'en rojo, cuando la fecha de vencimiento ya pasó y la tarea no está en un estado terminado.'],
            ['Vence pronto:', 'en amarillo, cuando vence hoy o mañana.'],
            ['Vencimiento:', 'para las demás fechas. Sin fecha no se muestra nada.'],
          ]}
        />
      </>
    ),
  },
  {
    id: 'cambiar-estado',
    title: 'Cambiar el estado',
    content: (
      <>
        <P>
          El selector de la tarjeta mueve la tarea a cualquier estado existente; elegir el mismo estado no hace nada. Al
          guardar aparece el aviso «Estado de tarea actualizado exitosamente» y la tarea cambia de columna. Puede
          hacerlo el empleado asignado y quien supervisa esa área.
        </P>
        <P>Cada cambio queda registrado en el historial de la tarea, con la fecha y la persona que lo hizo.</P>
      </>
    ),
  },
  {
    id: 'panel-detalles',
    title: 'El panel de detalles',
    content: (
      <>
        <P>El botón de detalles de una tarjeta abre un panel lateral con toda la información de la tarea asignada:</P>
        <Terms
          items={[
            ['Encabezado', 'título, estado (con su color) y fecha de vencimiento.'],
            [
              'Descripción',
              'el texto con formato completo; si es largo, «Leer más» lo despliega y «Mostrar menos» lo recoge.',
            ],
            ['Detalles', 'tipo de tarea, área y fecha de creación.'],
            ['Usuario Asignado', 'nombre y usuario del empleado, o «Sin usuario asignado».'],
            [
              'Programación',
              'solo en tareas recurrentes: la repetición en palabras (por ejemplo «Cada mes, el último viernes» o «Cada semana: lunes, miércoles y viernes»), la próxima ejecución y si está Activa o Inactiva.',
            ],
            [
              'Historial',
              'quién asignó, cambió de estado, archivó o comentó la tarea y cuándo, del más reciente al más antiguo.',
            ],
            ['Comentarios', 'abierta por defecto; se puede plegar.'],
          ]}
        />
        <P>
          El panel se cierra con el botón «Cerrar», con la tecla Escape o haciendo clic fuera de él. Con una foto abierta
          en grande, Escape cierra solo la foto.
        </P>
      </>
    ),
  },
  {
    id: 'comentarios',
    title: 'Comentarios',
    content: (
      <>
        <P>
          Cualquiera que pueda ver la tarea asignada puede leer sus comentarios y agregar uno nuevo: el botón de agregar
          se habilita cuando hay texto («{MESSAGES.validation.comentarioRequired}» si solo hay espacios).
        </P>
        <P>
          Solo el autor de un comentario ve los íconos para editarlo y eliminarlo, y el servidor rechaza cualquier otro
          intento. Los comentarios se muestran del más antiguo al más reciente, con su autor y fecha; sus propios
          comentarios se destacan con otro color.
        </P>
      </>
    ),
  },
  {
    id: 'lista-verificacion',
    title: 'Lista de verificación y fotos',
    content: (
      <>
        <P>
          Una tarea puede llevar una lista de pasos (hasta {CHECKLIST_MAX_ITEMS}), que se escribe en el formulario de la
          tarea: «Agregar paso», las flechas para cambiar el orden y la papelera para quitar uno. Cada paso puede exigir
          una foto o una nota.
        </P>
        <P>
          Cada tarea asignada copia la lista de su tarea en el momento en que se crea (también las que genera una
          programación): cambiar la lista de la tarea después no modifica el trabajo ya asignado. La tarjeta muestra el
          avance, por ejemplo «3/5».
        </P>
        <P>
          En el panel de detalles, la sección «Lista de verificación» permite marcar cada paso. Un paso que exige una foto
          no se puede marcar sin ella («{MESSAGES.errors.checklistPhotoRequired}»), y lo mismo con la nota. En un teléfono,
          el botón de foto abre la cámara; la imagen se achica antes de enviarse y el servidor le quita los datos de
          ubicación. Se aceptan JPEG, PNG, WebP, HEIC y PDF, de hasta {ATTACHMENT_MAX_BYTES / 1024 / 1024} MB cada uno y{' '}
          {ATTACHMENTS_PER_TASK} por tarea. Toque una miniatura para verla en grande y deslice para pasar a la siguiente.
        </P>
        <P>
          Una tarea no puede pasar a un estado terminado mientras falten pasos: el aviso nombra los que faltan. Quien
          supervisa ve los pasos y sus fotos en el panel y en el diálogo de archivar, junto a la calificación; los reportes
          muestran la columna «Lista» (pasos hechos de los totales) y el PDF puede incluir las fotos.
        </P>
        <P>
          Puede borrar un archivo quien lo subió o quien supervisa el área; el de una tarea terminada y archivada se
          conserva. La descripción de una tarea también puede llevar imágenes subidas con el botón «Subir imagen» del
          editor.
        </P>
      </>
    ),
  },
  {
    id: 'sin-conexion',
    title: 'Usar Gestar sin conexión',
    content: (
      <>
        <P>
          Gestar se puede instalar como una aplicación: en Chrome para Android, «Agregar a la pantalla principal» o
          «Instalar aplicación» en el menú; en una computadora, el ícono de instalar de la barra de direcciones. La
          aplicación instalada se abre aunque no haya red.
        </P>
        <P>
          La primera vez que ingresa en un dispositivo, Gestar guarda la aplicación en él y, cuando termina, avisa una
          sola vez «Lista para usar sin conexión». Hasta ese aviso, una página que se abre sin red muestra «Sin
          conexión» con un enlace para reintentar.
        </P>
        <P>
          Lo que ya vio en este dispositivo (el tablero, las tareas que abrió con su descripción, lista, comentarios e
          historial, y su perfil) queda guardado durante una semana y se puede consultar sin conexión. Mientras no hay
          red, una franja naranja «Sin conexión» debajo de la barra superior indica de qué hora son los datos que se
          muestran. Al volver la conexión, la franja desaparece y los datos se actualizan solos.
        </P>
        <P>
          Sin conexión también puede cambiar el estado de una tarea; agregar, editar y eliminar comentarios y
          sugerencias; marcar pasos de la lista con su nota y sacar las fotos que piden. Cada cambio se ve enseguida con
          la marca «Pendiente de sincronizar» (un comentario o una sugerencia que eliminó se ve tachado hasta que se
          envía), queda guardado aunque cierre la aplicación, y se envía solo, en el orden
          en que lo hizo, cuando vuelve la red. Cada cambio se envía una sola vez aunque la conexión se corte a mitad de
          camino. El historial de la tarea dice a qué hora hizo el cambio y a qué hora llegó.
        </P>
        <P>
          Si mientras tanto la tarea cambió (otra persona la movió, la archivó o se la asignó a otro), vale lo que ya está
          en el servidor: aparece el aviso «No se aplicó un cambio hecho sin conexión» con el cambio y el motivo, y ese
          cambio se descarta. Mientras un comentario, una sugerencia o una foto espera, puede corregirlo o descartarlo
          ahí mismo. Archivar, calificar, reasignar y las acciones sobre varias tareas necesitan conexión.
        </P>
        <P>
          Al salir con «Salir» se borran los datos guardados en el dispositivo, para que la próxima persona que lo use no
          vea sus tareas. Los cambios que todavía no se enviaron esperan: se envían cuando usted vuelva a ingresar; si
          ingresa otra persona, se descartan y se le avisa.
        </P>
        <P>
          Cuando hay una versión nueva de Gestar aparece el aviso «Hay una versión nueva de Gestar» con el botón
          «Actualizar»: la aplicación nunca se recarga sola mientras usted escribe.
        </P>
      </>
    ),
  },
  {
    id: 'archivar',
    title: 'Archivar y calificar',
    content: (
      <>
        <P>
          Quien supervisa la tarea (permiso <PermissionName permission="read:all:assigned-tasks" /> o{' '}
          <PermissionName permission="read:all:assigned-tasks:by-area" /> en sus áreas) puede archivarla cuando el trabajo terminó. El
          diálogo pide una calificación opcional y observaciones opcionales:
        </P>
        <Terms
          items={[
            ...Object.entries(RATING_LABELS).map(([value, label]) => [value, label] as const),
            [NO_RATING_LABEL, 'valor por defecto; la tarea se archiva sin calificar.'],
          ]}
        />
        <P>
          Una tarea archivada sale del tablero, pero no se pierde: sigue en los reportes con su calificación y sus
          observaciones (
          <Anchor component={Link} to="/ayuda/reportes">
            ver Reportes
          </Anchor>
          ).
        </P>
      </>
    ),
  },
  {
    id: 'lista-tareas',
    title: 'La lista de tareas',
    content: (
      <>
        <P>
          La pantalla Tareas (permiso <PermissionName permission="create:task" />) lista las definiciones de tareas de su alcance, con
          buscador por título, columnas Título, Tipo, Área, Usuarios por defecto, Creación, Intervalo y Próxima
          Ejecución, y las acciones ver detalles, editar (<PermissionName permission="update:task" />) y eliminar (<PermissionName permission="delete:task" />
          ).
        </P>
        <P>
          Una tarea es una definición (título, descripción con formato, tipo, área y usuarios por defecto); una tarea
          asignada es cada ocurrencia de esa tarea para un empleado, con su propio estado, vencimiento, comentarios y
          calificación.
        </P>
      </>
    ),
  },
  {
    id: 'nueva-tarea',
    title: 'Crear una tarea',
    content: (
      <>
        <Terms
          items={[
            ['Título', 'obligatorio.'],
            ['Descripción', 'opcional, con negrita, cursiva, subrayado, títulos, listas, citas, enlaces e imágenes.'],
            ['Tipo de tarea y Área', 'obligatorios; solo se ofrecen las áreas a las que usted pertenece.'],
            [
              'Usuarios asignados',
              `obligatorio; se habilita al elegir el área («${MESSAGES.validation.selectAreaFirst}») y ofrece solo los usuarios de esa área.`,
            ],
            [
              'Fecha de vencimiento',
              `por defecto hoy, o mañana a partir de las ${SAME_DAY_CUTOFF_HOUR}:00: ${MESSAGES.validation.dueDateHint}`,
            ],
          ]}
        />
        <P>
          Sin programación, al guardar se crea una tarea asignada para cada usuario elegido, en el primer estado. Con el
          interruptor «Programar tarea» la tarea se repite: vea{' '}
          <Anchor component={Link} to="/ayuda/programacion">
            Programación de tarea
          </Anchor>
          .
        </P>
      </>
    ),
  },
  {
    id: 'fechas',
    title: 'Elegir fechas',
    content: (
      <>
        <P>
          Los campos de fecha abren un calendario en español que empieza el domingo (D L M X J V S). Las flechas pasan
          al mes anterior o siguiente, «Ir a hoy» vuelve al mes actual y «Limpiar» (o la cruz del campo) borra la fecha.
          Los días que no se pueden elegir aparecen atenuados y, al pasar el puntero, dicen «Fecha no disponible». La
          fecha elegida se muestra como DD/MM/AAAA; en listas y detalles las fechas se muestran como «15 ene 2026», en
          la hora local.
        </P>
        <P>
          Puede probarlo aquí (no se guarda nada); en el primer ejemplo no se pueden elegir los días anteriores a hoy ni
          los domingos:
        </P>
        <DatePickerExample />
      </>
    ),
  },
  {
    id: 'en-vivo',
    title: 'Actualizaciones en vivo',
    content: (
      <P>
        El tablero se actualiza solo: cuando otra persona asigna, cambia de estado, archiva o comenta una tarea que
        usted puede ver, el cambio aparece en segundos sin recargar la página. El botón «Refrescar» de la barra superior
        vuelve a pedir todos los datos cuando lo necesite.
      </P>
    ),
  },
];

/** SPEC section 2.16: guide 'Tareas' (board, details panel, comments, archive, task list). */
export function HelpTasksPage() {
  return (
    <HelpArticle
      title="Tareas"
      intro="Cómo se ven y se trabajan las tareas asignadas en el tablero, qué muestra el panel de detalles, cómo se comenta, archiva y califica, y cómo se crean las tareas."
      sections={SECTIONS}
    />
  );
}
