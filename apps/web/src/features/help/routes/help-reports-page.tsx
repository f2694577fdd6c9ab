import { Link } from 'react-router';
import { Anchor } from '@mantine/core';
import { MESSAGES, PDF_MAX_ROWS, RATING_LABELS, REPORT_COLUMNS, REPORT_EXPORT_COLUMNS } from '@gestar/contracts';
import { HelpArticle, P, Terms, type HelpSection } from '../components/help-article';
import { PermissionName } from '../components/permission-name';

const SECTIONS: HelpSection[] = [
  {
    id: 'acceso',
    title: 'Quién puede ver reportes',
    content: (
      <P>
        Con el permiso <PermissionName permission="generate:report" /> (Administrador) el reporte abarca todas las áreas; con{' '}
        <PermissionName permission="generate:area-report" /> (Supervisor) solo las áreas a las que pertenece, y elegir otra área se
        rechaza. Los operarios no tienen acceso a Reportes.
      </P>
    ),
  },
  {
    id: 'filtros',
    title: 'Filtros',
    content: (
      <>
        <Terms
          items={[
            ['Estado', 'uno o varios estados.'],
            ['Áreas', 'una o varias áreas de su alcance.'],
            ['Usuarios', 'uno o varios colaboradores.'],
            ['Tarea', 'parte del título de la tarea.'],
            [
              'Rango de fecha',
              `por defecto el mes en curso. Se aplica a la fecha de asignación de cada tarea; la fecha de fin no puede ser anterior a la de inicio («${MESSAGES.validation.dateRangeInvalid}»).`,
            ],
          ]}
        />
        <P>
          Un filtro vacío no limita nada. Las tareas archivadas también se incluyen. Sobre la tabla, los totales y
          gráficos (por estado, por área y calificación promedio por colaborador) usan los mismos filtros.
        </P>
      </>
    ),
  },
  {
    id: 'tabla',
    title: 'La tabla',
    content: (
      <>
        <P>
          Columnas: {REPORT_COLUMNS.join(', ')} y Acciones. La tabla está paginada; sin resultados se muestra «No
          existen reportes para los filtros seleccionados».
        </P>
        <P>
          La calificación es la que puso el supervisor al archivar la tarea:{' '}
          {Object.entries(RATING_LABELS)
            .map(([value, label]) => `${value} ${label}`)
            .join(', ')}{' '}
          (
          <Anchor component={Link} to="/ayuda/tareas#archivar">
            cómo se archiva
          </Anchor>
          ).
        </P>
        <P>
          La acción «Ver sugerencias» abre «Sugerencias de la tarea», una lista numerada de las sugerencias registradas
          para esa tarea, o «No hay sugerencias disponibles».
        </P>
        <P>
          Una tarea cuenta como completada cuando está en un estado de la categoría Terminada, desde la primera vez que
          pasó a uno; «Completadas a tiempo» son las que se completaron, según la zona horaria de la empresa, el día de
          su vencimiento o antes: la tabla lo muestra fila por fila en «Fecha de finalización» y «A tiempo» (Sí o No; vacía
          mientras la tarea no se completó), de modo que la cifra puede comprobarse contando las filas. «Vencidas» son las que no están completadas ni archivadas y cuyo vencimiento ya pasó (
          <Anchor component={Link} to="/ayuda/estados#categorias">
            categorías de los estados
          </Anchor>
          ).
        </P>
      </>
    ),
  },
  {
    id: 'exportar',
    title: 'Exportar',
    content: (
      <>
        <P>
          «Exportar XLSX», «Exportar PDF» y «Exportar CSV» descargan un archivo con todas las filas que cumplen los
          filtros, no solo la página visible. El archivo se llama Reporte-AAAA-MM-DD con la fecha del día, y sus
          columnas son {REPORT_EXPORT_COLUMNS.join(', ')}.
        </P>
        <P>
          El PDF lleva el encabezado de la empresa, los filtros usados, las cifras y los gráficos del resumen, la tabla
          y números de página; admite hasta{' '}
          {PDF_MAX_ROWS.toLocaleString('es')} filas (con más, «{MESSAGES.errors.reportTooLargeForPdf}»). En las
          planillas, un texto que empieza con =, +, - o @ se guarda como texto, nunca como fórmula. El XLSX suma una
          segunda hoja, «Resumen», con los filtros, las cifras y los totales por estado, por área y por colaborador.
        </P>
      </>
    ),
  },
];

/** SPEC section 2.16: guide 'Reportes' (scope, filters, table, exports). */
export function HelpReportsPage() {
  return (
    <HelpArticle
      title="Reportes"
      intro="Cómo consultar el trabajo realizado por colaborador, área y estado, y cómo exportarlo a XLSX, PDF o CSV."
      sections={SECTIONS}
    />
  );
}
