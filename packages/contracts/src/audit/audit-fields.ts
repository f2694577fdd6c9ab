import type { AuditResource } from './audit.schemas';

/**
 * The Spanish label of each key an audit entry's `detalle` may hold: the audited tables' columns
 * (row changes) and the keys the API writes (sign-ins, refusals, exports, notifications).
 */
export const AUDIT_FIELD_LABELS: Readonly<Record<string, string>> = {
  // People
  username: 'Nombre de usuario',
  nombre: 'Nombre',
  apellido: 'Apellido',
  rol_uuid: 'Rol',
  descripcion_puesto_uuid: 'Puesto de trabajo',
  area_uuid: 'Área',
  activo: 'Activo',
  origen: 'Origen de la cuenta',
  externo_id: 'Identificador en el directorio',
  externo_emisor: 'Emisor del directorio',
  directorio_gestiona: 'El directorio asigna rol y áreas',
  contraseña: 'Contraseña',
  usuario_uuid: 'Usuario',
  // Catalogs
  permisos: 'Permisos',
  descripcion: 'Descripción',
  order: 'Orden',
  color: 'Color',
  categoria: 'Categoría',
  // Tasks and schedules
  titulo: 'Título',
  tipo_tarea_uuid: 'Tipo de tarea',
  creado_por_uuid: 'Creada por',
  tarea_uuid: 'Tarea',
  intervalo_repeticion: 'Repetir cada (días)',
  dias_vencimiento: 'Días para vencer',
  regla: 'Repetición',
  inicio: 'Desde',
  fin: 'Hasta',
  repeticiones: 'Cantidad de veces',
  fechas_generadas: 'Fechas generadas',
  dias_no_laborables: 'En días no laborables',
  anticipacion_dias: 'Días de anticipación',
  // Occurrences
  empleado_uuid: 'Asignada a',
  estado_uuid: 'Estado',
  fecha_asignacion: 'Asignada el',
  fecha_vencimiento: 'Vencimiento',
  archivada: 'Archivada',
  calificacion: 'Calificación',
  observaciones: 'Observaciones',
  fecha_archivado: 'Archivada el',
  fecha_completada: 'Completada el',
  asignado_por_uuid: 'Asignada por',
  programacion_uuid: 'Programación',
  fecha_ocurrencia: 'Fecha de la ocurrencia',
  // Time on task
  tarea_asignada_uuid: 'Tarea asignada',
  pausa_automatica: 'Pausa automática',
  confirmado: 'Confirmado',
  inicio_dispositivo: 'Inicio según el dispositivo',
  inicio_desfase_ms: 'Desfase del reloj al iniciar (ms)',
  fin_dispositivo: 'Fin según el dispositivo',
  fin_desfase_ms: 'Desfase del reloj al pausar (ms)',
  avisado_en: 'Aviso de confirmación enviado el',
  creado_en: 'Creado el',
  corregido_por_uuid: 'Corregido por',
  corregido_en: 'Corregido el',
  minutos_estimados: 'Minutos estimados',
  // Entries that are no row change
  metodo: 'Método',
  dispositivo: 'Dispositivo',
  motivo: 'Motivo',
  ruta: 'Ruta',
  formato: 'Formato',
  filtros: 'Filtros',
  destinatarios: 'Destinatarios',
  masiva: 'Envío masivo',
  accion: 'Acción',
  aplicadas: 'Aplicadas',
  rechazadas: 'Rechazadas',
  intento: 'Intento',
  intentos: 'Intentos fallidos',
  minutos: 'Duración del bloqueo',
  // Filters of an export
  actor_uuid: 'Usuario',
  recurso: 'Recurso',
  recurso_uuid: 'Registro',
  desde: 'Desde',
  hasta: 'Hasta',
};

/** Where a key means something else on one kind of record. */
const RESOURCE_FIELD_LABELS: Partial<Record<AuditResource, Readonly<Record<string, string>>>> = {
  tarea: { activo: 'Activa' },
  programacion: { activo: 'Activa' },
  intervalo_tiempo: { inicio: 'Inicio', fin: 'Fin', origen: 'Origen', usuario_uuid: 'Persona', creado_por_uuid: 'Cargado por' },
};

/** The label of `campo` on `recurso`; an unknown key is shown as words («alguna_cosa» → «Alguna cosa»). */
export function auditFieldLabel(recurso: AuditResource, campo: string): string {
  const label = RESOURCE_FIELD_LABELS[recurso]?.[campo] ?? AUDIT_FIELD_LABELS[campo];
  if (label) return label;
  const words = campo.replace(/_uuid$/, '').replace(/_/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : campo;
}

/** How a person signed in (`detalle.metodo` of `ingresar` and `ingreso_fallido`). */
export const SIGN_IN_METHOD_LABELS: Readonly<Record<string, string>> = {
  contraseña: 'Contraseña',
  ldap: 'Directorio de la empresa (LDAP)',
  oidc: 'Inicio de sesión de la empresa (OpenID Connect)',
};

/** Where an account comes from (`usuarios.origen`). */
export const ACCOUNT_ORIGIN_LABELS: Readonly<Record<string, string>> = {
  local: 'Cuenta de Gestar',
  ldap: 'Directorio de la empresa (LDAP)',
  oidc: 'Inicio de sesión de la empresa (OpenID Connect)',
};
