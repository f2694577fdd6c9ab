"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ENTITIES = void 0;
const assigned_task_entity_1 = require("../modules/assigned-tasks/assigned-task.entity");
const area_entity_1 = require("../modules/areas/area.entity");
const auth_entities_1 = require("../modules/auth/auth.entities");
const job_description_entity_1 = require("../modules/job-descriptions/job-description.entity");
const notification_entity_1 = require("../modules/notifications/notification.entity");
const role_entity_1 = require("../modules/roles/role.entity");
const schedule_entity_1 = require("../modules/scheduled-tasks/schedule.entity");
const status_entity_1 = require("../modules/statuses/status.entity");
const task_type_entity_1 = require("../modules/task-types/task-type.entity");
const task_entity_1 = require("../modules/tasks/task.entity");
const user_entity_1 = require("../modules/users/user.entity");
exports.ENTITIES = [
    role_entity_1.RoleEntity,
    area_entity_1.AreaEntity,
    job_description_entity_1.JobDescriptionEntity,
    user_entity_1.UserEntity,
    user_entity_1.UserAreaEntity,
    status_entity_1.StatusEntity,
    task_type_entity_1.TaskTypeEntity,
    task_entity_1.TaskEntity,
    task_entity_1.TaskDefaultAssigneeEntity,
    task_entity_1.SuggestionEntity,
    schedule_entity_1.ScheduleEntity,
    assigned_task_entity_1.AssignedTaskEntity,
    assigned_task_entity_1.CommentEntity,
    assigned_task_entity_1.AssignedTaskHistoryEntity,
    notification_entity_1.DeviceEntity,
    notification_entity_1.NotificationEntity,
    auth_entities_1.RefreshTokenEntity,
    auth_entities_1.LoginAttemptEntity,
];
//# sourceMappingURL=entities.js.map