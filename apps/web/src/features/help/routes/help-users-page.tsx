import { Link } from 'react-router';
import { Anchor } from '@mantine/core';
import { MESSAGES, ROLE_NAMES, SESSION_ENDED_TITLE } from '@gestar/contracts';
import { HelpArticle, P, Terms, type HelpSection } from '../components/help-article';
import { PermissionsTable } from '../components/permissions-table';
import { PermissionName } from '../components/permission-name';

const v = MESSAGES.validation;

const SECTIONS: HelpSection[] = [
  {
    id: 'roles',
    title: 'Roles',
    content: (
      <>
        <P>Cada usuario tiene exactamente un rol, una o más áreas y, opcionalmente, un puesto de trabajo.</P>
        <Terms
          items={[
            [ROLE_NAMES.admin, 'acceso total: todas las áreas, todos los usuarios y toda la configuración.'],
            [
              `${ROLE_NAMES.supervisor} (encargado)`,
              'gestiona los usuarios y las tareas de las áreas que tiene asignadas, programa tareas, supervisa el tablero de sus áreas (archiva y califica), genera reportes de sus áreas y envía notificaciones.',
            ],
            [
              `${ROLE_NAMES.operario} (usuario)`,
              'acceso básico: ve y trabaja sus propias tareas asignadas (cambia el estado y comenta).',
            ],
          ]}
        />
      </>
    ),
  },
  {
    id: 'permisos',
    title: 'Qué permite cada permiso',
    content: (
      <>
        <P>
          Los permisos vienen del rol. El menú oculta las pantallas para las que no tiene permiso y los botones de cada
          pantalla se muestran solo a quien puede usarlos; además, el servidor verifica cada operación, así que un
          permiso faltante siempre se rechaza.
        </P>
        <PermissionsTable />
      </>
    ),
  },
  {
    id: 'alcance',
    title: 'Alcance por áreas',
    content: (
      <>
        <P>
          Quien tiene <PermissionName permission="read:all:areas" /> trabaja con todas las áreas. Cualquier otro rol queda limitado a las
          áreas a las que pertenece: ve los usuarios, tareas, tableros y reportes de esas áreas y nada más.
        </P>
        <P>
          Un supervisor solo puede crear, editar o desactivar usuarios cuyas áreas sean todas suyas, solo puede darles
          áreas propias y no puede otorgar un rol con permisos que él mismo no tiene (por eso no se le ofrece el rol{' '}
          {ROLE_NAMES.admin}).
        </P>
        <P>
          Tampoco puede editar, desactivar ni reactivar a un usuario cuyo rol tenga más permisos que el suyo, como un{' '}
          {ROLE_NAMES.admin}: la pantalla no le ofrece esas acciones y, si lo intenta, la respuesta es «
          {MESSAGES.errors.userRoleAboveEdit}».
        </P>
      </>
    ),
  },
  {
    id: 'pantalla',
    title: 'La pantalla Gestión de Usuarios',
    content: (
      <>
        <P>
          Filtre por nombre o apellido («Filtrar por nombre o apellido») o por usuario («Filtrar por usuario»); la lista
          se actualiza medio segundo después de dejar de escribir. La tabla muestra Nombre, Apellido, Usuario, Rol,
          Áreas Asignadas, Estado, Fecha de creación y las acciones. En un teléfono la tabla se desplaza dentro de su
          tarjeta.
        </P>
        <P>
          El lápiz (permiso <PermissionName permission="update:user" />) y la papelera (<PermissionName permission="delete:user" />) aparecen solo en usuarios
          activos; el botón «Nuevo Usuario» requiere <PermissionName permission="create:user" />.
        </P>
      </>
    ),
  },
  {
    id: 'crear-editar',
    title: 'Crear o editar un usuario',
    content: (
      <>
        <Terms
          items={[
            ['Usuario', `obligatorio y sin espacios («${v.usernameNoSpaces}»); no se puede cambiar después.`],
            [
              'Contraseña',
              `obligatoria al crear, con al menos 8 caracteres; al editar, dejarla en blanco la mantiene sin cambios.`,
            ],
            ['Nombre, Apellido y Rol', 'obligatorios.'],
            ['Áreas', `al menos una («${v.userAreaRequired}»).`],
            [
              'Puesto de trabajo',
              <>
                opcional (
                <Anchor component={Link} to="/ayuda/puestos-trabajo">
                  Puestos de Trabajo
                </Anchor>
                ).
              </>,
            ],
          ]}
        />
        <P>
          Dos usuarios no pueden tener el mismo nombre de usuario, sin importar mayúsculas: «
          {MESSAGES.errors.usernameTaken}». Si un administrador le cambia la contraseña a otro usuario, ese usuario debe
          volver a iniciar sesión.
        </P>
      </>
    ),
  },
  {
    id: 'eliminar',
    title: 'Eliminar (desactivar) un usuario',
    content: (
      <>
        <P>
          «Eliminar Usuario» pide escribir la palabra ELIMINAR para confirmar. El usuario queda Inactivo: no puede
          volver a iniciar sesión y sus sesiones abiertas dejan de funcionar en segundos, pero sus tareas, comentarios y
          reportes se conservan. Nadie puede desactivarse a sí mismo.
        </P>
        <P>
          Un usuario inactivo muestra «Reactivar» a quien puede editarlo: vuelve a quedar Activo con los mismos datos y
          puede iniciar sesión otra vez con su contraseña de siempre.
        </P>
      </>
    ),
  },
  {
    id: 'perfil',
    title: 'Mi Perfil y contraseña',
    content: (
      <P>
        En Mi Perfil cada usuario ve sus datos y puede cambiar su propia contraseña: la actual, la nueva y su
        confirmación («{v.passwordsDoNotMatch}» si no son iguales).
      </P>
    ),
  },
  {
    id: 'sesiones',
    title: 'Sesiones abiertas',
    content: (
      <>
        <P>
          En Mi Perfil, «Sesiones abiertas» lista los dispositivos donde su cuenta tiene la sesión iniciada; puede cerrar
          cualquiera de ellos o todos los demás. Cambiar la contraseña cierra las demás sesiones.
        </P>
        <P>
          Cuando una sesión se cierra desde otro lugar, ese dispositivo vuelve a la pantalla de inicio de sesión con el
          aviso «{SESSION_ENDED_TITLE}» y, cuando se conoce, el motivo: se cerró desde otro dispositivo, la contraseña
          cambió o la cuenta fue desactivada.
        </P>
      </>
    ),
  },
  {
    id: 'cuenta-empresa',
    title: 'Ingreso con la cuenta de la empresa',
    content: (
      <>
        <P>
          Si el servidor lo tiene configurado (OpenID Connect o LDAP), la pantalla de inicio ofrece ingresar con la
          cuenta de la empresa. Un usuario de Gestar se vincula a esa cuenta solo por su identificador en el directorio,
          nunca por el nombre de usuario: lo vincula un administrador desde la tabla de usuarios. Desde entonces ese
          usuario ingresa solo con la cuenta de la empresa (la tabla lo marca con un ícono) y su contraseña de Gestar
          deja de abrir la cuenta.
        </P>
        <P>
          Si los grupos del directorio administran el usuario, su rol y sus áreas siguen a sus grupos en cada ingreso.
          Una cuenta de la empresa que no pertenece a ningún grupo habilitado no puede ingresar.
        </P>
      </>
    ),
  },
];

/** SPEC section 2.16: guide 'Usuarios' (roles, permissions, area scope, the users screen). */
export function HelpUsersPage() {
  return (
    <HelpArticle
      title="Usuarios"
      intro="Quién puede hacer qué: los roles Administrador, Supervisor y Operario, cada permiso, el alcance por áreas y cómo se crean, editan y desactivan los usuarios."
      sections={SECTIONS}
    />
  );
}
