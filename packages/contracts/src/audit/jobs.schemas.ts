import { z } from 'zod';
import { IsoDateTimeSchema } from '../common/common.schemas';

/**
 * The background jobs of the API (issue 32), each with what it does as the audit screen names it:
 * each runs on the job runtime in PostgreSQL, once per period across every API process. The keys
 * are the runtime's queue names.
 */
export const JOB_LABELS = {
  'scheduled-tasks': 'Generación de las tareas programadas',
  reminders: 'Recordatorios, escalamiento y resumen de los supervisores',
  'reminders-prune': 'Limpieza de los recordatorios ya vencidos',
  'mail-retries': 'Reintentos de los correos no enviados',
  'attachments-orphans': 'Limpieza de fotos y archivos sin tarea',
  'audit-prune': 'Limpieza de la auditoría pasada su conservación',
  'sessions-prune': 'Limpieza de sesiones vencidas e intentos de ingreso',
  'idempotency-prune': 'Limpieza de las claves de reintento vencidas',
  'calendar-holidays': 'Carga de los feriados del año',
  'time-entries-auto-pause': 'Pausa de los cronómetros que quedaron en marcha y aviso para confirmarlos',
} as const;
export type JobName = keyof typeof JOB_LABELS;
export const JOB_NAMES = Object.keys(JOB_LABELS) as [JobName, ...JobName[]];

export const JobStatusSchema = z.object({
  nombre: z.enum(JOB_NAMES),
  descripcion: z.string(),
  /** The cron expression (minute, hour, day, month, weekday), in the company time zone. */
  periodicidad: z.string(),
  /** The end of the last run that finished well, null before the first. */
  ultima_ejecucion: IsoDateTimeSchema.nullable(),
  /** Milliseconds the last good run took. */
  ultima_duracion_ms: z.number().int().nonnegative().nullable(),
  /** When the next run is due (from the period). */
  proxima_ejecucion: IsoDateTimeSchema.nullable(),
  ultimo_fallo: IsoDateTimeSchema.nullable(),
  /** The error of the last failed try (each failure is retried with backoff). */
  ultimo_error: z.string().nullable(),
  ejecuciones: z.number().int().nonnegative(),
  fallos: z.number().int().nonnegative(),
});
export type JobStatus = z.infer<typeof JobStatusSchema>;

export const JobStatusListResponseSchema = z.object({
  /** False where this API process runs no background work (SCHEDULER_ENABLED=false). */
  activo: z.boolean(),
  zona_horaria: z.string(),
  data: z.array(JobStatusSchema),
});
export type JobStatusListResponse = z.infer<typeof JobStatusListResponseSchema>;
