import { MESSAGES } from '@gestar/contracts';
import { HelpArticle, P, type HelpSection } from '../components/help-article';
import { PermissionName } from '../components/permission-name';

const SECTIONS: HelpSection[] = [
  {
    id: 'que-es',
    title: 'Qué es un área',
    content: (
      <>
        <P>
          Un área es un sector de la empresa (por ejemplo Carpintería, Tapicería o Logística). Cada usuario pertenece a
          una o más áreas y cada tarea pertenece a un área.
        </P>
        <P>
          Las áreas definen el alcance: salvo quien tiene <PermissionName permission="read:all:areas" />, cada persona ve y gestiona solo
          los usuarios, tareas, tableros, programaciones y reportes de sus propias áreas. Al crear una tarea solo se
          ofrecen las áreas del usuario, y como asignados solo los usuarios activos de esa área.
        </P>
      </>
    ),
  },
  {
    id: 'pantalla',
    title: 'La pantalla Gestión de Áreas',
    content: (
      <P>
        Muestra una tarjeta por área. El botón «Nueva Área» (permiso <PermissionName permission="create:area" />) pide solo el nombre, que
        es obligatorio. Cada tarjeta tiene editar (<PermissionName permission="update:area" />) y eliminar (<PermissionName permission="delete:area" />).
      </P>
    ),
  },
  {
    id: 'eliminar',
    title: 'Eliminar un área',
    content: (
      <P>
        La eliminación es permanente. Un área con usuarios (activos o no) o con tareas no se puede eliminar: «
        {MESSAGES.errors.areaInUse}». Primero mueva esos usuarios y tareas a otra área.
      </P>
    ),
  },
];

/** SPEC section 2.16: guide 'Áreas'. */
export function HelpAreasPage() {
  return (
    <HelpArticle
      title="Áreas"
      intro="Cómo las áreas organizan a los usuarios y las tareas, y cómo limitan lo que cada persona ve."
      sections={SECTIONS}
    />
  );
}
