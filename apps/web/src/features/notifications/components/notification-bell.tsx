/**
 * The bell of the top bar: unread count, the caller's inbox (newest first,
 * 'Ver más' pages on), mark one or all read. It also turns live
 * 'notification' events and foreground pushes into toasts and keeps the
 * push registration current, so it is mounted once, in the logged-in shell.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ActionIcon, Box, Button, Divider, Group, Indicator, Loader, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBell, IconChecks } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, NotificationEventSchema, SERVER_EVENTS, type NotificationResponse } from '@gestar/contracts';
import { formatDate } from '../../../lib/dates';
import { subscribeServerEvent } from '../../../lib/live-events';
import { onForegroundPush, resumePush, showNotificationToast } from '../../../lib/push';
import { NOTIFICATIONS_KEY, useInbox, useMarkAllRead, useMarkRead, useUnreadCount } from '../api/inbox';

const m = MESSAGES.notifications;

/** Live events and foreground pushes: a toast, and a fresh count and inbox. */
function useIncomingNotifications(): void {
  const client = useQueryClient();
  useEffect(() => {
    resumePush();
    const refresh = () => void client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    const offLive = subscribeServerEvent(SERVER_EVENTS.notification, (data) => {
      const event = NotificationEventSchema.safeParse(data);
      if (!event.success) return;
      showNotificationToast(event.data.titulo, event.data.mensaje, 'live');
      refresh();
    });
    const offPush = onForegroundPush((titulo, mensaje) => {
      showNotificationToast(titulo, mensaje, 'push');
      refresh();
    });
    return () => {
      offLive();
      offPush();
    };
  }, [client]);
}

function InboxItem({
  item,
  onRead,
  onOpenTask,
  busy,
}: {
  item: NotificationResponse;
  onRead: (id: string) => void;
  onOpenTask: (assignedTaskId: string) => void;
  busy: boolean;
}) {
  const task = item.tarea_asignada_uuid;
  const content = (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Box
        mt={6}
        w={8}
        h={8}
        style={{ flexShrink: 0, borderRadius: '50%', background: item.leida ? 'transparent' : 'var(--mantine-color-blue-6)' }}
        aria-hidden
      />
      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Text size="sm" fw={item.leida ? 500 : 700} style={{ overflowWrap: 'anywhere' }}>
          {item.titulo}
        </Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }} lineClamp={4}>
          {item.mensaje}
        </Text>
        <Text size="xs" c="dimmed">
          {formatDate(item.fecha_creacion, 'DD/MM/YYYY HH:mm')}
        </Text>
      </Stack>
    </Group>
  );
  if (item.leida && !task) return <Box p="xs">{content}</Box>;
  // About a task: a click marks it read and opens that task (`/?tarea=`); otherwise it marks it read.
  return (
    <UnstyledButton
      p="xs"
      w="100%"
      onClick={() => {
        if (!item.leida) onRead(item.uuid);
        if (task) onOpenTask(task);
      }}
      disabled={busy && !task}
      aria-label={task ? `Abrir la tarea: ${item.titulo}` : `${m.markRead}: ${item.titulo}`}
      style={{ borderRadius: 'var(--mantine-radius-sm)', background: item.leida ? undefined : 'var(--mantine-color-blue-0)' }}
    >
      {content}
    </UnstyledButton>
  );
}

function InboxList({ open, onOpenTask }: { open: boolean; onOpenTask: (assignedTaskId: string) => void }) {
  const inbox = useInbox(open);
  const markRead = useMarkRead();
  if (inbox.isPending) {
    return (
      <Group justify="center" p="md">
        <Loader size="sm" />
      </Group>
    );
  }
  if (inbox.isError) {
    return (
      <Text c="red" size="sm" p="sm" role="alert">
        {m.inboxLoadFailed}
      </Text>
    );
  }
  const items = inbox.data.pages.flatMap((p) => p.data);
  if (!items.length) {
    return (
      <Text c="dimmed" size="sm" p="sm" ta="center">
        {m.inboxEmpty}
      </Text>
    );
  }
  return (
    <ScrollArea.Autosize mah={360} type="auto">
      <Stack gap={4} role="list" aria-label={m.inboxTitle}>
        {items.map((item) => (
          <Box role="listitem" key={item.uuid}>
            <InboxItem item={item} onRead={(id) => markRead.mutate(id)} onOpenTask={onOpenTask} busy={markRead.isPending} />
          </Box>
        ))}
        {inbox.hasNextPage && (
          <Button variant="subtle" size="xs" onClick={() => void inbox.fetchNextPage()} loading={inbox.isFetchingNextPage}>
            Ver más
          </Button>
        )}
      </Stack>
    </ScrollArea.Autosize>
  );
}

export function NotificationBell() {
  useIncomingNotifications();
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  // Closing a toast is no click "outside" the inbox: the inbox stays open.
  const downOnToast = useRef(false);
  useEffect(() => {
    const mark = (e: PointerEvent) => {
      downOnToast.current = e.target instanceof Element && e.target.closest('.mantine-Notifications-root') !== null;
    };
    document.addEventListener('pointerdown', mark, true);
    return () => document.removeEventListener('pointerdown', mark, true);
  }, []);
  const onChange = (next: boolean) => {
    if (!next && downOnToast.current) return;
    setOpen(next);
  };
  const unread = useUnreadCount().data?.no_leidas ?? 0;
  const openTask = (assignedTaskId: string) => {
    setOpen(false);
    void navigate(`/?tarea=${encodeURIComponent(assignedTaskId)}`);
  };
  const markAll = useMarkAllRead();
  const label = unread > 0 ? `${m.inboxTitle} (${unread} sin leer)` : m.inboxTitle;

  return (
    <Popover opened={open} onChange={onChange} position="bottom-end" width={360} shadow="md" withArrow trapFocus withRoles={false}>
      <Popover.Target>
        <Indicator label={unread > 99 ? '99+' : unread} size={16} color="red" disabled={unread === 0} offset={4}>
          <ActionIcon variant="subtle" size="lg" aria-label={label} aria-expanded={open} onClick={() => setOpen((o) => !o)}>
            <IconBell size={20} />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown p="xs" maw="calc(100vw - 16px)" aria-label={m.inboxTitle} role="dialog">
        <Group justify="space-between" px="xs" pb={6} wrap="nowrap">
          <Text fw={700} size="sm" truncate>
            {m.inboxTitle}
          </Text>
          <Button
            variant="subtle"
            size="compact-xs"
            leftSection={<IconChecks size={14} />}
            style={{ flexShrink: 0 }}
            disabled={unread === 0}
            loading={markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            {m.markAllRead}
          </Button>
        </Group>
        <Divider mb={4} />
        <InboxList open={open} onOpenTask={openTask} />
      </Popover.Dropdown>
    </Popover>
  );
}
