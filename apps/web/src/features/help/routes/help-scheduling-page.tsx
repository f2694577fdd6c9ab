import { Link } from 'react-router';
import { Anchor } from '@mantine/core';
import { INTERVAL_PRESETS, MESSAGES, MIN_INTERVAL_DAYS } from '@gestar/contracts';
import { HelpArticle, P, Terms, type HelpSection } from '../components/help-article';
import { PermissionName } from '../components/permission-name';

const v = MESSAGES.validation;

const SECTIONS: HelpSection[] = [
  {
    id: 'que-es',
    title: 'Qué es una programación',
    content: (
      <P>
        Una programación hace que una tarea se repita: cada cierto intervalo, contado en días, el sistema crea
        automáticamente una tarea asignada para cada usuario por defecto de la tarea. Cada tarea tiene como máximo una
        programación («{MESSAGES.errors.scheduleExists}» si ya la tiene).
      </P>
    ),
  },
  {
    id: 'generacion',
    title: 'Cómo se genera el trabajo',
    content: (
      <>
        <P>
          El sistema revisa las programaciones cada minuto. Cuando llega la fecha de la próxima ejecución (en la zona
          horaria de la empresa) y la programación y la tarea están activas, crea una tarea asignada, en el primer
          estado, para cada usuario por defecto que siga activo, y avanza la próxima ejecución según el intervalo.
        </P>
        <P>
          Cada ocurrencia se genera exactamente una vez por fecha y por empleado, aunque haya varios servidores
          funcionando a la vez. Si el sistema estuvo detenido varios días, al volver genera una sola ocurrencia, la de
          la fecha más reciente que se perdió, en lugar de acumular todas las atrasadas.
        </P>
        <P>
          El vencimiento de cada ocurrencia conserva la distancia que había, al crear la tarea, entre la fecha de
          ejecución y la fecha de vencimiento: si vencía dos días después de ejecutarse, cada ocurrencia vence dos días
          después de su fecha.
        </P>
      </>
    ),
  },
  {
    id: 'desde-tarea',
    title: 'Programar al crear una tarea',
    content: (
      <>
        <P>
          En el formulario «Nueva Tarea», el interruptor «Programar tarea» agrega la fecha de ejecución y el intervalo.
          La primera ocurrencia se crea en esa fecha (en el momento, si es hoy).
        </P>
        <Terms
          items={[
            ['Fecha de ejecución', `obligatoria («${v.fechaRequired}») y no anterior a hoy.`],
            ['Intervalo', `obligatorio, de al menos ${MIN_INTERVAL_DAYS} día («${v.scheduleIntervalMin}»).`],
            [
              'Fecha de vencimiento',
              'si la fecha de ejecución queda después del vencimiento, el vencimiento se mueve a ella; no puede ser anterior a la ejecución ni superar la ejecución más el intervalo.',
            ],
          ]}
        />
        <P>
          Más detalles del formulario en{' '}
          <Anchor component={Link} to="/ayuda/tareas#nueva-tarea">
            Crear una tarea
          </Anchor>
          .
        </P>
      </>
    ),
  },
  {
    id: 'pantalla',
    title: 'La pantalla Programación de tarea',
    content: (
      <>
        <P>
          Requiere el permiso <PermissionName permission="read:scheduled-task" /> y muestra las programaciones de las tareas de su alcance:
          tarea, área, intervalo en días, estado (Activo/Inactivo), próxima ejecución, última generación y cuántas
          tareas generó. «Nueva Programación» requiere <PermissionName permission="create:scheduled-task" />; editar y el botón
          activar/desactivar, <PermissionName permission="update:scheduled-task" />; eliminar, <PermissionName permission="delete:scheduled-task" />.
        </P>
        <P>
          En el formulario se busca la tarea por su título («No se encontraron resultados» si no hay coincidencias) y se
          elige el intervalo: {INTERVAL_PRESETS.map((p) => `${p.label} (${p.days})`).join(', ')} o un número de días
          personalizado. Al cambiar el intervalo la próxima ejecución se recalcula como hoy más el intervalo.
        </P>
      </>
    ),
  },
  {
    id: 'activar',
    title: 'Activar, desactivar y eliminar',
    content: (
      <P>
        Una programación inactiva deja de generar tareas hasta que se vuelva a activar. Eliminar una programación no
        borra las tareas asignadas que ya generó.
      </P>
    ),
  },
];

/** SPEC section 2.16: guide 'Programación de tarea' (how recurring tasks generate work). */
export function HelpSchedulingPage() {
  return (
    <HelpArticle
      title="Programación de tarea"
      intro="Cómo las tareas recurrentes generan trabajo automáticamente, una vez por cada fecha, y cómo se configuran."
      sections={SECTIONS}
    />
  );
}
