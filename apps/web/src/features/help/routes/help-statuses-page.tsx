import { MESSAGES, MIN_STATUS_ORDER } from '@gestar/contracts';
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
    id: 'campos',
    title: 'Crear o editar un estado',
    content: (
      <>
        <P>
          El botón «Nuevo Estado» requiere el permiso <PermissionName permission="create:status" />; editar, <PermissionName permission="update:status" />.
        </P>
        <Terms
          items={[
            ['Nombre y Descripción', 'obligatorios.'],
            ['Orden', `obligatorio, un entero desde ${MIN_STATUS_ORDER} («${v.orderMin}»).`],
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
      intro="Cómo los estados forman las columnas del tablero, qué significa su orden y su color, y cuándo se pueden eliminar."
      sections={SECTIONS}
    />
  );
}
