import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Box, Collapse, NavLink, ScrollArea, Stack } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useCan } from '../../lib/can';
import { ROUTE_PERMISSIONS } from '../route-permissions';
import { NAVIGATION, isActivePath, type NavGroup, type NavItem } from './navigation';
import { SUBMENU_ANIMATION_MS, SUBMENU_MAX_HEIGHT } from '../../lib/ui-settings';

interface NavMenuProps {
  /** Called after an item is chosen (closes the phone dropdown). */
  onNavigate?: () => void;
}

function NavItemLink({ item, pathname, onNavigate }: { item: NavItem; pathname: string; onNavigate?: () => void }) {
  const Icon = item.icon;
  return (
    <NavLink
      component={Link}
      to={item.path}
      label={item.label}
      leftSection={<Icon size={18} stroke={1.6} />}
      active={isActivePath(item.path, pathname)}
      onClick={onNavigate}
    />
  );
}

function NavGroupSection({
  group,
  items,
  pathname,
  onNavigate,
}: {
  group: NavGroup;
  items: readonly NavItem[];
  pathname: string;
  onNavigate?: () => void;
}) {
  const contentId = useId();
  const containsCurrent = items.some((item) => isActivePath(item.path, pathname));
  const [opened, setOpened] = useState(containsCurrent);
  const [lastPath, setLastPath] = useState(pathname);
  // Auto-expand when navigation lands inside the group (state adjusted while rendering, not in an effect).
  if (lastPath !== pathname) {
    setLastPath(pathname);
    if (containsCurrent && !opened) setOpened(true);
  }
  const Icon = group.icon;
  return (
    <Box component="li" style={{ listStyle: 'none' }}>
      <NavLink
        component="button"
        type="button"
        label={group.label}
        leftSection={<Icon size={18} stroke={1.6} />}
        rightSection={
          <IconChevronRight
            size={16}
            stroke={1.6}
            style={{
              transform: opened ? 'rotate(90deg)' : 'none',
              transition: `transform ${SUBMENU_ANIMATION_MS}ms ease`,
            }}
          />
        }
        aria-expanded={opened}
        aria-controls={contentId}
        onClick={() => setOpened((o) => !o)}
        fw={600}
      />
      <Collapse expanded={opened} transitionDuration={SUBMENU_ANIMATION_MS} id={contentId}>
        <ScrollArea.Autosize mah={SUBMENU_MAX_HEIGHT} type="auto">
          <Box pl="md" role="group" aria-label={group.label}>
            {items.map((item) => (
              <NavItemLink key={item.path} item={item} pathname={pathname} onNavigate={onNavigate} />
            ))}
          </Box>
        </ScrollArea.Autosize>
      </Collapse>
    </Box>
  );
}

/** The side drawer's and the phone dropdown's content: entries the user may open, nothing else. */
export function NavMenu({ onNavigate }: NavMenuProps) {
  const { pathname } = useLocation();
  const can = useCan();
  const visible = (item: NavItem) => can(ROUTE_PERMISSIONS[item.path]);

  return (
    <Stack component="ul" gap={2} p={0} m={0} aria-label="Menú principal">
      {NAVIGATION.map((entry) => {
        if (entry.kind === 'item') {
          if (!visible(entry)) return null;
          return (
            <Box component="li" key={entry.path} style={{ listStyle: 'none' }}>
              <NavItemLink item={entry} pathname={pathname} onNavigate={onNavigate} />
            </Box>
          );
        }
        const items = entry.items.filter(visible);
        if (items.length === 0) return null;
        return (
          <NavGroupSection key={entry.label} group={entry} items={items} pathname={pathname} onNavigate={onNavigate} />
        );
      })}
    </Stack>
  );
}
