import { AssignedTaskEntity, AssignedTaskHistoryEntity, CommentEntity } from '../modules/assigned-tasks/assigned-task.entity';
import { AreaEntity } from '../modules/areas/area.entity';
import { LoginAttemptEntity, RefreshTokenEntity } from '../modules/auth/auth.entities';
import { JobDescriptionEntity } from '../modules/job-descriptions/job-description.entity';
import { DeviceEntity, NotificationEntity } from '../modules/notifications/notification.entity';
import { RoleEntity } from '../modules/roles/role.entity';
import { ScheduleEntity } from '../modules/scheduled-tasks/schedule.entity';
import { StatusEntity } from '../modules/statuses/status.entity';
import { TaskTypeEntity } from '../modules/task-types/task-type.entity';
import { SuggestionEntity, TaskDefaultAssigneeEntity, TaskEntity } from '../modules/tasks/task.entity';
import { UserAreaEntity, UserEntity } from '../modules/users/user.entity';

export const ENTITIES = [
  RoleEntity,
  AreaEntity,
  JobDescriptionEntity,
  UserEntity,
  UserAreaEntity,
  StatusEntity,
  TaskTypeEntity,
  TaskEntity,
  TaskDefaultAssigneeEntity,
  SuggestionEntity,
  ScheduleEntity,
  AssignedTaskEntity,
  CommentEntity,
  AssignedTaskHistoryEntity,
  DeviceEntity,
  NotificationEntity,
  RefreshTokenEntity,
  LoginAttemptEntity,
];
