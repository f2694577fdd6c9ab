import { Link } from 'react-router';
import { Anchor, Code } from '@mantine/core';
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
        Una programación hace que una tarea se repita según su regla (cada tantos días, algunos días de la semana, un
        día de cada mes o una fecha de cada año): en cada fecha de la regla, el sistema crea automáticamente una tarea
        asignada para cada usuario por defecto de la tarea. Cada tarea tiene como máximo una
        programación («{MESSAGES.errors.scheduleExists}» si ya la tiene).
      </P>
    ),
  },
  {
    id: 'reglas',
    title: 'Cómo se repite',
    content: (
      <>
        <P>
          Además de «cada tantos días», una programación puede repetirse cada semana en los días que usted elija (por
          ejemplo lunes, miércoles y viernes), cada tantas semanas, cada mes en un día del mes, cada mes en el primer,
          segundo, tercer, cuarto o último día de la semana que elija (por ejemplo «el último viernes») o cada año en
          una fecha. Un día del mes que un mes no tiene se saltea ese mes (el día 31 solo cae en los meses de 31 días),
          como en cualquier calendario; si prefiere el último día de los meses más cortos, elija «el día 31, o el último
          día del mes». Una regla escrita por una aplicación de calendario (RRULE, por ejemplo «
          <Code style={{ overflowWrap: 'anywhere' }}>FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1</Code>», el último
          día hábil de cada mes) también se acepta.
        </P>
        <P>
          Puede terminar en una fecha o después de una cantidad de repeticiones; al llegar al final la programación
          queda inactiva. Mientras la edita, el formulario muestra las cinco próximas fechas, y la tabla describe la
          repetición en palabras («Cada semana: lunes, miércoles y viernes»).
        </P>
        <P>
          Con «Crear con anticipación» cada tarea aparece en el tablero esa cantidad de días antes de su fecha, para
          preparar el trabajo.
        </P>
      </>
    ),
  },
  {
    id: 'calendario',
    title: 'Calendario laboral',
    content: (
      <>
        <P>
          En Configuración, «Calendario laboral» lista los días que no se trabaja de cada año: los que se agregan a mano
          (un inventario, un cierre) y los feriados nacionales. Los del año en curso y el siguiente se cargan solos, cada
          año una sola vez: un feriado que usted quita no vuelve; los de otro año se traen con un botón, y la pantalla
          dice qué años tienen sus feriados cargados (en un año sin cargar, los feriados cuentan como días laborables).
          Los días de la semana que la
          empresa no trabaja (por defecto el domingo) tampoco son laborables. Lo ve quien tiene{' '}
          <PermissionName permission="read:calendar" /> y lo edita quien tiene{' '}
          <PermissionName permission="update:calendar" />.
        </P>
        <P>
          Cada programación decide qué hacer cuando una fecha cae en un día no laborable: pasarla al siguiente día hábil
          (lo habitual), pasarla al día hábil anterior, omitirla, o generarla igual. Una regla cuyas fechas caen todas
          en días no laborables y se omiten no se puede guardar. Las programaciones que existían antes del calendario
          generan igual, como siempre lo hicieron.
        </P>
      </>
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
          estado, para cada usuario por defecto que siga activo, y avanza la próxima ejecución a la fecha siguiente de la
          regla (corrida por el calendario laboral, según la política de días no laborables).
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
          En el formulario «Nueva Tarea» (y en «Editar Tarea»), el interruptor «Programar tarea» agrega la repetición
          con las mismas opciones que la pantalla de programación: cada tantos días, algunos días de la
          semana, un día de cada mes, un día de la semana de cada mes o una fecha de cada año, cuándo termina, qué hacer
          en un día no laborable y sus próximas fechas. La primera ocurrencia se crea en la primera fecha (en el
          momento, si es hoy).
        </P>
        <Terms
          items={[
            [
              'Fecha de ejecución',
              `obligatoria («${v.fechaRequired}») y no anterior a hoy; con una repetición por días de la semana, del mes o del año se llama «Desde» y la primera fecha es la primera de la repetición a partir de ese día.`,
            ],
            ['Intervalo', `obligatorio, de al menos ${MIN_INTERVAL_DAYS} día («${v.scheduleIntervalMin}»).`],
            [
              'Fecha de vencimiento',
              'si la fecha de ejecución queda después del vencimiento, el vencimiento se mueve a ella; no puede ser anterior a la ejecución ni superar la ejecución más el intervalo. Con una repetición por días de la semana, del mes o del año, va de la primera fecha a la segunda (las que muestra «Próximas fechas»), y mientras no la elija usted sigue a la primera.',
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
          Requiere el permiso <PermissionName permission="read:scheduled-task" /> y muestra las programaciones de las
          tareas de su alcance: tarea, área, la repetición en palabras (y su final, si lo tiene), estado
          (Activo/Inactivo), próxima ejecución, última generación y cuántas tareas generó. «Nueva Programación» requiere{' '}
          <PermissionName permission="create:scheduled-task" />; editar y el botón activar/desactivar,{' '}
          <PermissionName permission="update:scheduled-task" />; eliminar,{' '}
          <PermissionName permission="delete:scheduled-task" />.
        </P>
        <P>
          En el formulario se busca la tarea por su título («No se encontraron resultados» si no hay coincidencias) y se
          elige el intervalo: {INTERVAL_PRESETS.map((p) => `${p.label} (${p.days})`).join(', ')} o un número de días
          personalizado. Al cambiar el intervalo la próxima ejecución se recalcula como hoy más el intervalo.
        </P>
        <P>
          En «Repetición» también puede elegir algunos días de la semana, un día de cada mes, un día de la semana de
          cada mes o una fecha de cada año, con la fecha desde la que rige; debajo elige cuándo termina, qué hacer en un
          día no laborable y con cuántos días de anticipación se crea cada tarea. Mientras edita, «Próximas fechas»
          muestra las cinco siguientes, ya corridas por el calendario laboral.
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
