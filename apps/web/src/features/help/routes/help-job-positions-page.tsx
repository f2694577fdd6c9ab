import { Link } from 'react-router';
import { Anchor } from '@mantine/core';
import { MESSAGES } from '@gestar/contracts';
import { HelpArticle, P, type HelpSection } from '../components/help-article';
import { PermissionName } from '../components/permission-name';

const SECTIONS: HelpSection[] = [
  {
    id: 'que-es',
    title: 'Qué es un puesto de trabajo',
    content: (
      <P>
        Un puesto de trabajo (por ejemplo Jefe de planta o Tapicero) describe las responsabilidades de una persona. Cada
        usuario puede tener un puesto; cada uno ve el suyo desde el tablero, en el enlace «Mi Puesto de Trabajo», y en
        Mi Perfil.
      </P>
    ),
  },
  {
    id: 'pantalla',
    title: 'La pantalla Gestión de Puestos de Trabajo',
    content: (
      <P>
        Muestra una tarjeta por puesto, o «{MESSAGES.errors.jobPositionsEmpty}». «Nuevo Puesto» (permiso{' '}
        <PermissionName permission="create:job-description" />) pide nombre y descripción, ambos obligatorios. Editar requiere{' '}
        <PermissionName permission="update:job-description" /> y eliminar <PermissionName permission="delete:job-description" />.
      </P>
    ),
  },
  {
    id: 'asignar',
    title: 'Asignar un puesto a un usuario',
    content: (
      <P>
        El puesto se elige en el formulario del usuario (campo opcional, que se puede vaciar); ver{' '}
        <Anchor component={Link} to="/ayuda/usuarios#crear-editar">
          Crear o editar un usuario
        </Anchor>
        .
      </P>
    ),
  },
  {
    id: 'eliminar',
    title: 'Eliminar un puesto',
    content: (
      <P>
        Un puesto que tiene algún usuario, activo o no, no se puede eliminar: «{MESSAGES.errors.jobPositionInUse}».
        Quite antes el puesto de esos usuarios.
      </P>
    ),
  },
];

/** SPEC section 2.16: guide 'Puestos de Trabajo' (its frame carries the back link to /ayuda). */
export function HelpJobPositionsPage() {
  return (
    <HelpArticle
      title="Puestos de Trabajo"
      intro="Cómo describir los puestos de trabajo de la empresa y asignarlos a los usuarios."
      sections={SECTIONS}
    />
  );
}
