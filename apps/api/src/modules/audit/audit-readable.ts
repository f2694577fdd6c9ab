import {
  ACCOUNT_ORIGIN_LABELS,
  AUDIT_ACTION_LABELS,
  AUDIT_FIELD_LABELS,
  AUDIT_RESOURCE_LABELS,
  auditFieldLabel,
  describeRecurrence,
  describeUserAgent,
  descriptionToPlainText,
  FailedLoginDetailSchema,
  NON_WORKING_POLICY_LABELS,
  parseRecurrence,
  PERMISSION_LABELS,
  SIGN_IN_METHOD_LABELS,
  STATUS_CATEGORY_LABELS,
  type AuditAction,
  type AuditField,
  type AuditResource,
  type AuditSubject,
} from '@gestar/contracts';
import type { AuditRow } from '../../common/audit/audit.repository';
import { GONE, NameBook, NamedKind, Wanted } from './audit-names';

/** The fields that point to another record, and its kind. */
const FIELD_KINDS: Readonly<Record<string, NamedKind>> = {
  rol_uuid: 'rol',
  descripcion_puesto_uuid: 'puesto',
  area_uuid: 'area',
  estado_uuid: 'estado',
  tipo_tarea_uuid: 'tipo_tarea',
  tarea_uuid: 'tarea',
  programacion_uuid: 'programacion',
  empleado_uuid: 'usuario',
  asignado_por_uuid: 'usuario',
  creado_por_uuid: 'usuario',
  usuario_uuid: 'usuario',
  actor_uuid: 'usuario',
};

const BULK_ACTION_LABELS: Readonly<Record<string, string>> = {
  estado: 'Cambio de estado',
  archivar: 'Archivar y calificar',
  reasignar: 'Reasignar',
};

const FIELD_ORDER = new Map(Object.keys(AUDIT_FIELD_LABELS).map((k, i) => [k, i]));
const fieldOrder = (key: string) => FIELD_ORDER.get(key) ?? FIELD_ORDER.size;

const LONGEST = 200;
const cut = (text: string) => (text.length > LONGEST ? `${text.slice(0, LONGEST - 1)}…` : text);

/** The kind of the record an entry is about, if it names one. */
function subjectKind(r: Pick<AuditRow, 'accion' | 'recurso'>): NamedKind | null {
  switch (r.recurso) {
    case 'usuario':
    case 'rol':
    case 'area':
    case 'estado':
    case 'puesto':
    case 'tipo_tarea':
    case 'tarea':
    case 'programacion':
    case 'tarea_asignada':
      return r.recurso;
    // A failed sign-in names the account tried; a sign-in or logout, its session.
    case 'sesion':
      return r.accion === 'ingreso_fallido' ? 'usuario' : 'sesion';
    // A notification names the person it was sent to.
    case 'notificacion':
      return 'usuario';
    default:
      return null;
  }
}

const isChange = (d: Record<string, unknown>): d is { antes?: Record<string, unknown>; despues?: Record<string, unknown> } =>
  (typeof d.antes === 'object' && d.antes !== null) || (typeof d.despues === 'object' && d.despues !== null);

/** Every uuid the rows point to, by kind: what `AuditNames.resolve` looks up. */
export function wantedBy(rows: readonly AuditRow[]): Wanted {
  const wanted: Wanted = new Map();
  const want = (kind: NamedKind, id: unknown) => {
    if (typeof id !== 'string' || !id) return;
    if (!wanted.has(kind)) wanted.set(kind, new Set());
    wanted.get(kind)!.add(id);
  };
  for (const r of rows) {
    const kind = subjectKind(r);
    if (kind && r.recurso_uuid) want(kind, r.recurso_uuid);
    const d = r.detalle ?? {};
    const parts = isChange(d) ? [d.antes ?? {}, d.despues ?? {}] : [d, typeof d.filtros === 'object' && d.filtros ? (d.filtros as Record<string, unknown>) : {}];
    for (const part of parts) {
      for (const [key, value] of Object.entries(part)) if (FIELD_KINDS[key]) want(FIELD_KINDS[key], value);
    }
  }
  return wanted;
}

/** How one entry reads, given the names of what it points to. */
export class AuditReader {
  constructor(
    private readonly book: NameBook,
    private readonly timezone: string,
  ) {}

  private name(kind: NamedKind, id: string): string {
    return this.book.get(kind)?.get(id)?.nombre ?? GONE[kind];
  }

  subject(r: AuditRow): AuditSubject | null {
    const kind = subjectKind(r);
    if (!kind || !r.recurso_uuid) return null;
    const found = this.book.get(kind)?.get(r.recurso_uuid);
    if (found) return found;
    const agent = r.detalle?.dispositivo;
    const nombre = kind === 'sesion' && typeof agent === 'string' ? `Sesión en ${describeUserAgent(agent)}` : GONE[kind];
    return { nombre, busqueda: null, existe: false };
  }

  device(r: AuditRow): string | null {
    const agent = r.detalle?.dispositivo;
    return typeof agent === 'string' && agent ? describeUserAgent(agent) : null;
  }

  private instant(iso: string): string {
    const when = new Date(iso);
    if (Number.isNaN(when.getTime())) return iso;
    return new Intl.DateTimeFormat('es-AR', { timeZone: this.timezone, dateStyle: 'short', timeStyle: 'short' }).format(when);
  }

  /** A stored value in words: names for uuids, «Sí»/«No», dates as dates, rules and policies in words. */
  value(recurso: AuditResource, key: string, value: unknown): string | null {
    if (value === null || value === undefined || value === '') return null;
    // An export's record filter: the record's name when the page names it.
    if (key === 'recurso_uuid' && typeof value === 'string') {
      for (const names of this.book.values()) if (names.has(value)) return names.get(value)!.nombre;
      return 'Un registro';
    }
    if (FIELD_KINDS[key] && typeof value === 'string') return this.name(FIELD_KINDS[key], value);
    if (typeof value === 'boolean') return value ? 'Sí' : 'No';
    if (typeof value === 'number') return String(value);
    if (Array.isArray(value)) {
      if (key === 'permisos') return value.map((p) => PERMISSION_LABELS[p as keyof typeof PERMISSION_LABELS] ?? String(p)).join(', ') || 'Ninguno';
      if (key === 'aplicadas') return String(value.length);
      return cut(value.map((v) => this.value(recurso, key, v) ?? '—').join(', '));
    }
    if (typeof value === 'object') {
      const parts = Object.entries(value as Record<string, unknown>).map(
        ([k, v]) => `${auditFieldLabel(recurso, k)}: ${this.filterValue(k, v) ?? '—'}`,
      );
      return parts.length ? cut(parts.join('; ')) : 'Ninguno';
    }
    const text = String(value);
    switch (key) {
      case 'origen':
        return ACCOUNT_ORIGIN_LABELS[text] ?? text;
      case 'metodo':
        return recurso === 'ruta' ? text : (SIGN_IN_METHOD_LABELS[text] ?? text);
      case 'categoria':
        return STATUS_CATEGORY_LABELS[text as keyof typeof STATUS_CATEGORY_LABELS] ?? text;
      case 'dias_no_laborables':
        return NON_WORKING_POLICY_LABELS[text as keyof typeof NON_WORKING_POLICY_LABELS] ?? text;
      case 'regla': {
        const rule = parseRecurrence(text);
        return rule.ok ? describeRecurrence(rule.rule) : text;
      }
      case 'contraseña':
        return text === 'cambiada' ? 'Cambiada' : text;
      case 'accion':
        return BULK_ACTION_LABELS[text] ?? text;
      case 'formato':
        return text.toUpperCase();
      case 'descripcion':
        return recurso === 'tarea' ? cut(descriptionToPlainText(text)) || null : cut(text);
    }
    if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return text.split('-').reverse().join('/');
    if (/^\d{4}-\d{2}-\d{2}T/.test(text)) return this.instant(text);
    return cut(text);
  }

  /** A value among an export's filters (their `accion` and `recurso` are the log's own). */
  private filterValue(key: string, value: unknown): string | null {
    if (key === 'accion' && typeof value === 'string' && value in AUDIT_ACTION_LABELS) return AUDIT_ACTION_LABELS[value as AuditAction];
    if (key === 'recurso' && typeof value === 'string' && value in AUDIT_RESOURCE_LABELS) return AUDIT_RESOURCE_LABELS[value as AuditResource];
    return this.value('auditoria', key, value);
  }

  fields(r: AuditRow): AuditField[] {
    const d = r.detalle ?? {};
    const field = (campo: string, antes: string | null, despues: string | null, etiqueta = auditFieldLabel(r.recurso, campo)) => ({
      campo,
      etiqueta,
      antes,
      despues,
    });
    if (isChange(d)) {
      const before = d.antes ?? {};
      const after = d.despues ?? {};
      // In the order a person expects (name before role before flags), not the stored one.
      const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort((x, y) => fieldOrder(x) - fieldOrder(y));
      const out: AuditField[] = [];
      for (const k of keys) {
        const had = k in before;
        const has = k in after;
        const a = this.value(r.recurso, k, before[k]);
        const b = this.value(r.recurso, k, after[k]);
        // A user's area added or removed (the link rows) is an edit of the user.
        if (r.accion === 'editar' && k === 'area_uuid' && had !== has) {
          out.push(field(k, null, has ? b : a, has ? 'Área agregada' : 'Área quitada'));
        } else if (had && has) out.push(field(k, a ?? '—', b ?? '—'));
        // A creation or a deletion lists the values it had, leaving out the empty and the false ones.
        else if (has ? b !== null && after[k] !== false : a !== null && before[k] !== false) out.push(field(k, has ? null : a, has ? b : null));
      }
      return out;
    }
    if (r.accion === 'ingreso_fallido') {
      const failed = FailedLoginDetailSchema.safeParse(d);
      const out: AuditField[] = [];
      if (failed.success) {
        const { usuario, sin_cuenta } = failed.data;
        out.push(field('usuario', null, usuario, sin_cuenta ? 'Nombre escrito (no es una cuenta)' : 'Cuenta'));
      }
      for (const k of ['motivo', 'metodo']) if (typeof d[k] === 'string') out.push(field(k, null, this.value(r.recurso, k, d[k])));
      return out;
    }
    if (r.accion === 'rechazado' && typeof d.metodo === 'string' && typeof d.ruta === 'string') {
      const out = [field('ruta', null, `${d.metodo} ${d.ruta}`, 'Petición')];
      if (typeof d.motivo === 'string') out.push(field('motivo', null, d.motivo));
      return out;
    }
    if (r.accion === 'contrasena_incorrecta' && typeof d.intento === 'number' && typeof d.limite === 'number') {
      return [field('intento', null, `${d.intento} de ${d.limite}`)];
    }
    if (r.accion === 'bloqueo' && typeof d.intentos === 'number' && typeof d.minutos === 'number') {
      return [field('intentos', null, String(d.intentos)), field('minutos', null, `${d.minutos} minutos`)];
    }
    return Object.entries(d)
      .filter(([k]) => k !== 'dispositivo')
      .map(([k, v]) => field(k, null, this.value(r.recurso, k, v) ?? '—'));
  }
}
