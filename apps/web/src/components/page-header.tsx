import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';

export interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** A Tabler icon element, e.g. `<IconUsers />`. */
  icon?: ReactNode;
  /** Help page of this screen, e.g. '/ayuda/usuarios'. */
  helpHref?: string;
  helpLabel?: string;
  /** Buttons on the right (e.g. 'Nuevo Usuario'). */
  actions?: ReactNode;
  /** Content under the title row (filters, tabs). */
  children?: ReactNode;
}

/** The shared header of every screen (SPEC section 2.2): title, description, icon, help link, actions. */
export function PageHeader({ title, description, icon, helpHref, helpLabel = 'Ayuda', actions, children }: PageHeaderProps) {
  return (
    <Stack gap="sm" mb="lg">
      <Group justify="space-between" align="flex-start" gap="md">
        <Group gap="sm" align="flex-start" wrap="nowrap">
          {icon && (
            <ThemeIcon size={42} radius="md" variant="light" aria-hidden>
              {icon}
            </ThemeIcon>
          )}
          <Stack gap={2}>
            <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
              {title}
            </Title>
            {description && (
              <Text c="dimmed" size="sm">
                {description}
              </Text>
            )}
            {helpHref && (
              <Anchor component={Link} to={helpHref} size="sm" w="fit-content">
                <Group gap={4} component="span" wrap="nowrap">
                  <IconHelpCircle size={16} aria-hidden />
                  {helpLabel}
                </Group>
              </Anchor>
            )}
          </Stack>
        </Group>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
      {children}
    </Stack>
  );
}
