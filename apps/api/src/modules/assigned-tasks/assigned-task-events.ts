import { Injectable } from '@nestjs/common';
import { AssignedTaskChange, AssignedTaskChangedEvent, SERVER_EVENTS } from '@gestar/contracts';
import { EventsService } from '../events/events.service';
import { AssignmentNotifier } from '../notifications/assignment-notifier.service';
import { AssignedTasksRepository } from './assigned-tasks.repository';

export interface ChangedAssignedTask {
  uuid: string;
  tarea_uuid: string;
  empleado_uuid: string;
  area_uuid: string;
}

/**
 * Announces committed changes of assigned tasks to their employee and to whoever
 * watches the task's area. Call only after the transaction has committed.
 */
@Injectable()
export class AssignedTaskEvents {
  constructor(
    private readonly events: EventsService,
    private readonly notifier: AssignmentNotifier,
    private readonly repo: AssignedTasksRepository,
  ) {}

  /**
   * `actorUuid`: who made the change; with 'asignacion' the new assignees (not the actor) get a
   * notification, which names the task: `titles` (task uuid to title) when the caller has them.
   */
  async changed(
    rows: readonly ChangedAssignedTask[],
    cambio: AssignedTaskChange,
    actorUuid: string | null = null,
    titles: ReadonlyMap<string, string> = new Map(),
  ): Promise<void> {
    for (const r of rows) {
      const data: AssignedTaskChangedEvent = {
        uuid: r.uuid,
        tarea_uuid: r.tarea_uuid,
        empleado_uuid: r.empleado_uuid,
        cambio,
      };
      await this.events.publish({
        type: SERVER_EVENTS.assignedTaskChanged,
        data,
        audience: { userUuids: [r.empleado_uuid], areaUuid: r.area_uuid },
      });
    }
    if (cambio === 'asignacion' && rows.length) await this.notifyAssignees(rows, actorUuid, titles);
  }

  private async notifyAssignees(
    rows: readonly ChangedAssignedTask[],
    actorUuid: string | null,
    known: ReadonlyMap<string, string>,
  ): Promise<void> {
    const byTask = new Map<string, { empleadoUuid: string; tareaAsignadaUuid: string }[]>();
    for (const r of rows) {
      byTask.set(r.tarea_uuid, [...(byTask.get(r.tarea_uuid) ?? []), { empleadoUuid: r.empleado_uuid, tareaAsignadaUuid: r.uuid }]);
    }
    const unknown = [...byTask.keys()].filter((uuid) => !known.has(uuid));
    const fetched = unknown.length ? await this.repo.taskTitles(unknown) : [];
    const titles = new Map([...known, ...fetched.map((t) => [t.uuid, t.titulo] as const)]);
    for (const [uuid, asignaciones] of byTask) {
      const titulo = titles.get(uuid);
      if (titulo !== undefined) await this.notifier.notifyAssigned({ asignaciones, titulo, actorUuid });
    }
  }
}
