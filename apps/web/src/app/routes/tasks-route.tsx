/**
 * The task list, with the schedule's next dates asked the scheduled-tasks feature's way: features
 * do not import each other, so the two meet here.
 */
import { TasksPage } from '../../features/tasks/routes/tasks-page';
import { nextDatesQuery } from '../../features/scheduled-tasks/api/next-dates';

export function TasksRoute() {
  return <TasksPage nextDates={nextDatesQuery} />;
}
