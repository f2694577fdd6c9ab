import { z } from 'zod';
import { MESSAGES } from '../messages';
import { IsoDateTimeSchema, PageQuerySchema, pagedResponseSchema, UuidSchema } from '../common/common.schemas';
import { AreaRefSchema, AssetRefSchema, UserRefSchema } from '../common/refs.schemas';
import { blankToUndefined, booleanInput, queryUuid, requiredText, requiredUuid } from '../common/fields';

const m = MESSAGES.terminals;

/**
 * Shared terminals (DECISIONS section 9): a device with a credential of its own, bound to one
 * area; people sign in on it with a personal PIN and get a session of terminal kind.
 */

/** The device's credential travels in this header on every call the terminal makes. */
export const TERMINAL_HEADER = 'X-Terminal-Token';
/** A queued write replayed later: the person's replay credential (with the terminal's, never alone). */
export const TERMINAL_REPLAY_HEADER = 'X-Terminal-Replay';
/** On a replayed write: the person the client believes made it; must be the replay credential's person. */
export const TERMINAL_PERSON_HEADER = 'X-Terminal-Person';
/** On a replayed write: when the change was made on the device (ISO date-time). */
export const TERMINAL_CLIENT_TIME_HEADER = 'X-Client-Time';

export const TERMINAL_LIMITS = {
  /** Idle minutes before the terminal ends the person's session (per terminal). */
  idleMinutesDefault: 2,
  idleMinutesMin: 1,
  idleMinutesMax: 60,
  /** The server ends a terminal session after its idle minutes plus this grace without any request. */
  serverIdleGraceSeconds: 60,
  /** Wrong PINs per person (at any terminal) within the window; then locked until it passes or a supervisor unlocks. */
  pinFailuresPerPerson: 5,
  /** Wrong PINs per terminal (any person) within the window. */
  pinFailuresPerTerminal: 20,
  pinWindowMinutes: 15,
  /** A replay credential works this long after the sign-in that issued it. */
  replayTtlHours: 24,
  /** Tolerance between the device's clock and the server's for a replayed write's `X-Client-Time`. */
  replayClockSkewSeconds: 300,
  /** The access token of a terminal session lasts this long at most (idle expiry ends it far earlier). */
  sessionMaxHours: 12,
  /** Revocation and idle expiry are checked on every request of a terminal (no cache). */
  revocationCacheSeconds: 0,
} as const;

export const PIN_MIN_LENGTH = 4;
export const PIN_MAX_LENGTH = 6;

/**
 * True for PINs too easy to guess: one digit repeated (0000, 111111) or a run of consecutive
 * digits up or down (1234, 123456, 4321, 987654, 0123).
 */
export function isTrivialPin(pin: string): boolean {
  if (/^(\d)\1+$/.test(pin)) return true;
  const d = [...pin].map(Number);
  const up = d.every((x, i) => i === 0 || x === d[i - 1]! + 1);
  const down = d.every((x, i) => i === 0 || x === d[i - 1]! - 1);
  return up || down;
}

/** A PIN as typed: 4 to 6 digits, not a trivial one. */
export const PinSchema = z
  .string({ error: m.pinRequired })
  .trim()
  .min(1, { error: m.pinRequired, abort: true })
  .regex(/^\d{4,6}$/, { error: m.pinFormat, abort: true })
  .refine((pin) => !isTrivialPin(pin), { error: m.pinTrivial });

/** A PIN as entered at sign-in: only its shape is checked (a trivial one was never stored). */
const PinAttemptSchema = z
  .string({ error: m.pinRequired })
  .trim()
  .min(1, { error: m.pinRequired, abort: true })
  .regex(/^\d{4,6}$/, { error: m.pinFormat });

const idleMinutes = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : blankToUndefined(value)),
  z
    .number({ error: m.idleMinutesRange })
    .int({ error: m.idleMinutesRange })
    .min(TERMINAL_LIMITS.idleMinutesMin, { error: m.idleMinutesRange })
    .max(TERMINAL_LIMITS.idleMinutesMax, { error: m.idleMinutesRange }),
);

/** Registers the device the request comes from (signed in normally) as a terminal of an area. */
export const RegisterTerminalRequestSchema = z.object({
  nombre: requiredText(m.nombreRequired, 100),
  area_uuid: requiredUuid(m.areaRequired),
  minutos_inactividad: idleMinutes.optional().default(TERMINAL_LIMITS.idleMinutesDefault),
});
export type RegisterTerminalRequest = z.infer<typeof RegisterTerminalRequestSchema>;

export const UpdateTerminalRequestSchema = z
  .object({
    nombre: requiredText(m.nombreRequired, 100).optional(),
    minutos_inactividad: idleMinutes.optional(),
  })
  .refine((b) => b.nombre !== undefined || b.minutos_inactividad !== undefined, { error: m.nothingToUpdate });
export type UpdateTerminalRequest = z.infer<typeof UpdateTerminalRequestSchema>;

export const TerminalResponseSchema = z.object({
  uuid: UuidSchema,
  nombre: z.string(),
  area: AreaRefSchema,
  minutos_inactividad: z.number().int().min(1),
  creada_en: IsoDateTimeSchema,
  creada_por: UserRefSchema.nullable(),
  /** The last request the terminal made (its own or a person's at it); null when never used. */
  ultimo_uso_en: IsoDateTimeSchema.nullable(),
  revocada_en: IsoDateTimeSchema.nullable(),
});
export type TerminalResponse = z.infer<typeof TerminalResponseSchema>;

/** The registration's answer: the credential, shown once (only its hash is kept). */
export const RegisterTerminalResponseSchema = TerminalResponseSchema.extend({
  token: z.string().min(40),
});
export type RegisterTerminalResponse = z.infer<typeof RegisterTerminalResponseSchema>;

export const TerminalListQuerySchema = PageQuerySchema.extend({
  area_uuid: queryUuid(),
  /** true: revoked ones too (default: only active terminals). */
  revocadas: booleanInput(),
});
export type TerminalListQuery = z.infer<typeof TerminalListQuerySchema>;
export const TerminalListResponseSchema = pagedResponseSchema(TerminalResponseSchema);
export type TerminalListResponse = z.infer<typeof TerminalListResponseSchema>;

/** What the device learns of itself with its credential. */
export const CurrentTerminalResponseSchema = z.object({
  uuid: UuidSchema,
  nombre: z.string(),
  area: AreaRefSchema,
  minutos_inactividad: z.number().int().min(1),
});
export type CurrentTerminalResponse = z.infer<typeof CurrentTerminalResponseSchema>;

/** The tiles: the area's active people. */
export const TerminalPeopleQuerySchema = PageQuerySchema.extend({
  q: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
});
export type TerminalPeopleQuery = z.infer<typeof TerminalPeopleQuerySchema>;

export const TerminalPersonSchema = z.object({
  uuid: UuidSchema,
  nombre: z.string(),
  apellido: z.string(),
  /** Two letters for the tile («AM»). */
  iniciales: z.string(),
  /** A photo of the person; Gestar keeps none yet, so always null for now. */
  foto_url: z.string().nullable(),
  /** False: the person has no PIN yet (set it in «Mi perfil»). */
  tiene_pin: z.boolean(),
  /** Locked by wrong PINs: a supervisor can unlock. */
  bloqueado: z.boolean(),
});
export type TerminalPerson = z.infer<typeof TerminalPersonSchema>;
export const TerminalPeopleResponseSchema = pagedResponseSchema(TerminalPersonSchema);
export type TerminalPeopleResponse = z.infer<typeof TerminalPeopleResponseSchema>;

export const TerminalSignInRequestSchema = z.object({
  usuario_uuid: requiredUuid(m.personRequired),
  pin: PinAttemptSchema,
});
export type TerminalSignInRequest = z.infer<typeof TerminalSignInRequestSchema>;

/** A person's session at the terminal. */
export const TerminalSessionResponseSchema = z.object({
  sesion_uuid: UuidSchema,
  usuario: UserRefSchema.extend({ username: z.string() }),
  terminal: CurrentTerminalResponseSchema,
  /** What the session may do: the person's permissions that an operario also has. */
  permisos: z.array(z.string()),
  minutos_inactividad: z.number().int().min(1),
  iniciada_en: IsoDateTimeSchema,
  /** When the server ends it without further requests (idle minutes plus a grace). */
  vence_por_inactividad_en: IsoDateTimeSchema,
});
export type TerminalSessionResponse = z.infer<typeof TerminalSessionResponseSchema>;

export const TerminalSignInResponseSchema = TerminalSessionResponseSchema.extend({
  /** Access token (Bearer) of the session; valid only together with the terminal's credential. */
  token: z.string(),
  /** Replay credential for this person's queued writes (with the terminal's credential only). */
  replay_token: z.string().min(40),
  replay_vence_en: IsoDateTimeSchema,
});
export type TerminalSignInResponse = z.infer<typeof TerminalSignInResponseSchema>;

/** Setting one's own PIN in the profile. `contrasena_actual` is required for accounts with a local password. */
export const SetOwnPinRequestSchema = z.object({
  pin: PinSchema,
  contrasena_actual: z.preprocess(blankToUndefined, z.string().max(200).optional()),
});
export type SetOwnPinRequest = z.infer<typeof SetOwnPinRequestSchema>;

/** An administrator resetting a person's PIN: a new one, or none (the person sets one). */
export const ResetPinRequestSchema = z.object({
  pin: z.preprocess(blankToUndefined, PinSchema.optional()),
});
export type ResetPinRequest = z.infer<typeof ResetPinRequestSchema>;

export const PinStatusResponseSchema = z.object({
  tiene_pin: z.boolean(),
  actualizado_en: IsoDateTimeSchema.nullable(),
  bloqueado: z.boolean(),
});
export type PinStatusResponse = z.infer<typeof PinStatusResponseSchema>;

/** One task on the wall board. */
export const WallTaskSchema = z.object({
  uuid: UuidSchema,
  titulo: z.string(),
  estado: z.object({ uuid: UuidSchema, nombre: z.string(), color: z.string(), categoria: z.string() }),
  fecha_vencimiento: IsoDateTimeSchema.nullable(),
  empleado: UserRefSchema,
  equipo: AssetRefSchema.nullable(),
});
export type WallTask = z.infer<typeof WallTaskSchema>;

export const WallAssetSchema = AssetRefSchema.extend({
  estado: z.string(),
  estado_desde: IsoDateTimeSchema,
});
export const WallProblemReportSchema = z.object({
  uuid: UuidSchema,
  numero: z.number().int(),
  descripcion: z.string(),
  urgencia: z.string(),
  equipo: AssetRefSchema.nullable(),
  equipo_detenido: z.boolean(),
  creado_en: IsoDateTimeSchema,
});

/** The area's board for the wall, with nobody signed in. Each list holds at most 50 items; `totales` the full counts. */
export const WallBoardResponseSchema = z.object({
  area: AreaRefSchema,
  generado_en: IsoDateTimeSchema,
  vencidas: z.array(WallTaskSchema),
  hoy: z.array(WallTaskSchema),
  en_curso: z.array(WallTaskSchema),
  equipos_detenidos: z.array(WallAssetSchema),
  solicitudes_pendientes: z.array(WallProblemReportSchema),
  totales: z.object({
    vencidas: z.number().int(),
    hoy: z.number().int(),
    en_curso: z.number().int(),
    equipos_detenidos: z.number().int(),
    solicitudes_pendientes: z.number().int(),
  }),
});
export type WallBoardResponse = z.infer<typeof WallBoardResponseSchema>;

export const WallTicketResponseSchema = z.object({ ticket: z.string(), expira_en: IsoDateTimeSchema });
export type WallTicketResponse = z.infer<typeof WallTicketResponseSchema>;
export const WallStreamQuerySchema = z.object({ ticket: z.string().min(1).max(200) });
