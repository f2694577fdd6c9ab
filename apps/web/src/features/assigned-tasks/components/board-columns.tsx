/**
 * One column per status in `order`, titled in upper case; on phones the
 * columns become tabs with counts, opening on the in-progress status
 * (SPEC section 2.4). Tasks whose status is not listed are not shown.
 */
import { useState, type ReactNode } from 'react';
import { Badge, Box, Card, Group, ScrollArea, Stack, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AssignedTaskResponse, StatusResponse } from '@gestar/contracts';

export interface BoardColumnsProps {
  statuses: StatusResponse[];
  tasks: AssignedTaskResponse[];
  renderTask: (task: AssignedTaskResponse) => ReactNode;
}

function normalise(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** The status the phone view opens on: the one named like 'En progreso' / 'En curso', else the first. */
export function inProgressStatus(statuses: StatusResponse[]): StatusResponse | undefined {
  return statuses.find((s) => /progres|curso/.test(normalise(s.nombre))) ?? statuses[0];
}

function groupByStatus(statuses: StatusResponse[], tasks: AssignedTaskResponse[]): Map<string, AssignedTaskResponse[]> {
  const groups = new Map<string, AssignedTaskResponse[]>(statuses.map((s) => [s.uuid, []]));
  for (const task of tasks) groups.get(task.estado_uuid)?.push(task);
  return groups;
}

function EmptyColumn() {
  return (
    <Text size="xs" c="dimmed" ta="center" py="md">
      Sin tareas
    </Text>
  );
}

export function BoardColumns({ statuses, tasks, renderTask }: BoardColumnsProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  const groups = groupByStatus(statuses, tasks);
  const [tab, setTab] = useState<string | null>(null);
  const activeTab = tab && groups.has(tab) ? tab : (inProgressStatus(statuses)?.uuid ?? null);

  if (phone) {
    return (
      <Tabs value={activeTab} onChange={setTab} variant="pills" radius="md" keepMounted={false}>
        <ScrollArea type="never" mb="sm">
          <Tabs.List style={{ flexWrap: 'nowrap' }}>
            {statuses.map((s) => (
              <Tabs.Tab key={s.uuid} value={s.uuid} px="xs" fz="xs" fw={600}>
                {s.nombre.toUpperCase()} ({groups.get(s.uuid)?.length ?? 0})
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </ScrollArea>
        {statuses.map((s) => (
          <Tabs.Panel key={s.uuid} value={s.uuid}>
            <Stack gap="sm" data-testid={`column-${s.nombre}`}>
              {(groups.get(s.uuid) ?? []).map(renderTask)}
              {groups.get(s.uuid)?.length === 0 && <EmptyColumn />}
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
    );
  }

  return (
    <ScrollArea type="auto" offsetScrollbars>
      <Group align="flex-start" wrap="nowrap" gap="md" pb="xs">
        {statuses.map((s) => {
          const items = groups.get(s.uuid) ?? [];
          return (
            <Card
              key={s.uuid}
              withBorder
              radius="md"
              padding="sm"
              bg="gray.0"
              w={300}
              miw={260}
              style={{ flex: '1 0 260px', borderTop: `4px solid ${s.color}` }}
              component="section"
              aria-label={s.nombre}
              data-testid={`column-${s.nombre}`}
            >
              <Group justify="space-between" mb="sm">
                <Text fw={700} size="sm">
                  {s.nombre.toUpperCase()}
                </Text>
                <Badge variant="light" color="gray">
                  {items.length}
                </Badge>
              </Group>
              <Box>
                <Stack gap="sm">
                  {items.map(renderTask)}
                  {items.length === 0 && <EmptyColumn />}
                </Stack>
              </Box>
            </Card>
          );
        })}
      </Group>
    </ScrollArea>
  );
}
