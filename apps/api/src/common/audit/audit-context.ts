/** Where the request's actor lives in the CLS context: the guard puts it, `Db` hands it to PostgreSQL. */
export const AUDIT_ACTOR = 'gestar.audit.actor';

export interface AuditActor {
  /** Null for a terminal's own requests (no person signed in). */
  uuid: string | null;
  ip: string | null;
  /** The terminal the request comes from (its rows name it: `gestar.terminal`). */
  terminal?: string | null;
}
