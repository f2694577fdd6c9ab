"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.AssignedTaskEvents = void 0;
const common_1 = require("@nestjs/common");
const contracts_1 = require("@gestar/contracts");
const typeorm_1 = require("typeorm");
const events_service_1 = require("../events/events.service");
const assignment_notifier_service_1 = require("../notifications/assignment-notifier.service");
/**
 * Announces committed changes of assigned tasks to their employee and to whoever
 * watches the task's area. Call only after the transaction has committed.
 */
let AssignedTaskEvents = class AssignedTaskEvents {
    events;
    notifier;
    ds;
    constructor(events, notifier, ds) {
        this.events = events;
        this.notifier = notifier;
        this.ds = ds;
    }
    /** `actorUuid`: who made the change; with 'asignacion' the new assignees (not the actor) get a notification. */
    async changed(rows, cambio, actorUuid = null) {
        for (const r of rows) {
            const data = {
                uuid: r.uuid,
                tarea_uuid: r.tarea_uuid,
                empleado_uuid: r.empleado_uuid,
                cambio,
            };
            await this.events.publish({
                type: contracts_1.SERVER_EVENTS.assignedTaskChanged,
                data,
                audience: { userUuids: [r.empleado_uuid], areaUuid: r.area_uuid },
            });
        }
        if (cambio === 'asignacion' && rows.length)
            await this.notifyAssignees(rows, actorUuid);
    }
    async notifyAssignees(rows, actorUuid) {
        const byTask = new Map();
        for (const r of rows)
            byTask.set(r.tarea_uuid, [...(byTask.get(r.tarea_uuid) ?? []), r.empleado_uuid]);
        const titles = await this.ds.query(`SELECT uuid, titulo FROM tareas WHERE uuid = ANY($1)`, [
            [...byTask.keys()],
        ]);
        for (const t of titles) {
            await this.notifier.notifyAssigned({ empleadoUuids: byTask.get(t.uuid) ?? [], titulo: t.titulo, actorUuid });
        }
    }
};
exports.AssignedTaskEvents = AssignedTaskEvents;
exports.AssignedTaskEvents = AssignedTaskEvents = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [events_service_1.EventsService,
        assignment_notifier_service_1.AssignmentNotifier,
        typeorm_1.DataSource])
], AssignedTaskEvents);
//# sourceMappingURL=assigned-task-events.js.map