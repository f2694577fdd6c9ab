import { MESSAGES, MIN_STATUS_ORDER, STATUS_CATEGORY_LABELS } from '@gestar/contracts';
import { HelpArticle, P, Terms, type HelpSection } from '../components/help-article';
import { PermissionName } from '../components/permission-name';

const v = MESSAGES.validation;

const SECTIONS: HelpSection[] = [
  {
    id: 'que-es',
    title: 'Qué es un estado',
    content: (
      <>
        <P>
          Los estados son las etapas por las que pasa una tarea asignada, por ejemplo Pendiente (amarillo), En progreso
          (azul) y Completada (verde). Cada estado es una columna del tablero, en el orden indicado.
        </P>
        <P>Una tarea nueva, o cada ocurrencia de una tarea programada, empieza en el primer estado según el orden.</P>
      </>
    ),
  },
  {
    id: 'categorias',
    title: 'Categorías',
    content: (
      <>
        <P>
          Cada estado pertenece a una categoría, que dice qué significa para los informes, sea cual sea su nombre:
        </P>
        <Terms
          items={[
            [STATUS_CATEGORY_LABELS.pendiente, 'la tarea todavía no se empezó.'],
            [STATUS_CATEGORY_LABELS.en_curso, 'se está trabajando en la tarea.'],
            [
              STATUS_CATEGORY_LABELS.terminada,
              'la tarea está completa. Puede haber más de un estado terminado (por ejemplo Completada y Verificada).',
            ],
          ]}
        />
        <P>
          Una tarea se completa en el momento en que pasa por primera vez a un estado de la categoría Terminada; pasar
          después a otro estado terminado no cambia ese momento. Los informes la cuentan «a tiempo» cuando ese día (en la
          zona horaria de la empresa) es anterior o igual a su fecha de vencimiento. Si vuelve a un estado Pendiente o En
          curso, deja de estar completa. Una tarjeta en un estado terminado no se muestra como vencida.
        </P>
        <P>
          Siempre debe existir al menos un estado de la categoría Terminada: no se puede eliminar ni cambiar de categoría
          el último («{MESSAGES.errors.lastFinishedStatus}»). Al cambiar la categoría de un estado, las tareas que están en
          él pasan a contarse como completas (desde que entraron en ese estado) o dejan de estarlo.
        </P>
      </>
    ),
  },
  {
    id: 'campos',
    title: 'Crear o editar un estado',
    content: (
      <>
        <P>
          El botón «Nuevo Estado» requiere el permiso <PermissionName permission="create:status" />; editar, <PermissionName permission="update:status" />.
        </P>
        <Terms
          items={[
            ['Nombre y Descripción', `obligatorios; no puede haber dos estados con el mismo nombre, sin distinguir mayúsculas ni acentos («${MESSAGES.errors.statusNameTaken}»).`],
            ['Orden', `obligatorio, un entero desde ${MIN_STATUS_ORDER} («${v.orderMin}»); dos estados no pueden tener el mismo orden («${MESSAGES.errors.statusOrderTaken}»).`],
            ['Categoría', 'Pendiente, En curso o Terminada (ver «Categorías»).'],
            [
              'Color',
              `hexadecimal de 6 dígitos con # (por ejemplo #1C7ED6), guardado en mayúsculas («${v.colorHex}»).`,
            ],
          ]}
        />
      </>
    ),
  },
  {
    id: 'eliminar',
    title: 'Eliminar un estado',
    content: (
      <P>
        La eliminación es permanente y requiere <PermissionName permission="delete:status" />. Un estado que usa alguna tarea asignada,
        incluso archivada, no se puede eliminar: «{MESSAGES.errors.statusInUse}». Después de eliminar uno, revise el
        orden de los estados restantes.
      </P>
    ),
  },
];

/** SPEC section 2.16: guide 'Estados'. */
export function HelpStatusesPage() {
  return (
    <HelpArticle
      title="Estados"
      intro="Cómo los estados forman las columnas del tablero, qué significan su orden, su color y su categoría, y cuándo se pueden eliminar."
      sections={SECTIONS}
    />
  );
}
