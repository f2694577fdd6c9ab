import { MESSAGES } from '@gestar/contracts';
import { HelpArticle, P, type HelpSection } from '../components/help-article';
import { PermissionName } from '../components/permission-name';

const SECTIONS: HelpSection[] = [
  {
    id: 'que-es',
    title: 'Qué es un tipo de tarea',
    content: (
      <P>
        El tipo clasifica las tareas (por ejemplo Mantenimiento, Limpieza o Producción). Es obligatorio al crear una
        tarea y se muestra en la lista de tareas y en el panel de detalles.
      </P>
    ),
  },
  {
    id: 'pantalla',
    title: 'La pantalla Gestión de Tipos de Tareas',
    content: (
      <P>
        Muestra una tarjeta por tipo, en una, dos o tres columnas según el ancho de la pantalla. «Nuevo Tipo de Tarea»
        (permiso <PermissionName permission="create:task-type" />) pide el nombre y la descripción, ambos obligatorios («
        {MESSAGES.validation.nombreRequired}», «{MESSAGES.validation.descripcionRequired}»). Editar requiere{' '}
        <PermissionName permission="update:task-type" />.
      </P>
    ),
  },
  {
    id: 'eliminar',
    title: 'Eliminar un tipo',
    content: (
      <P>
        «Confirmar eliminación» pregunta por el tipo por su nombre; no se puede deshacer y requiere{' '}
        <PermissionName permission="delete:task-type" />. Un tipo que usa alguna tarea no se puede eliminar: «
        {MESSAGES.errors.taskTypeInUse}».
      </P>
    ),
  },
];

/** SPEC section 2.16: guide 'Tipos de tarea'. */
export function HelpTaskTypesPage() {
  return (
    <HelpArticle
      title="Tipos de tarea"
      intro="Cómo clasificar las tareas por tipo y qué reglas tienen su edición y su eliminación."
      sections={SECTIONS}
    />
  );
}
