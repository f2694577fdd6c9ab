/** Where the request's actor lives in the CLS context: the guard puts it, `Db` hands it to PostgreSQL. */
export const AUDIT_ACTOR = 'gestar.audit.actor';

export interface AuditActor {
  uuid: string;
  ip: string | null;
}
