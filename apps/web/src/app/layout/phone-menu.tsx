import { Burger, Popover, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { NavMenu } from './nav-menu';

/** Phones get the menu as a dropdown under a burger instead of the side drawer (SPEC section 2.2). */
export function PhoneMenu() {
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <Popover opened={opened} onChange={(o) => (o ? undefined : close())} position="bottom-start" width={280} shadow="md" offset={12} trapFocus>
      <Popover.Target>
        <Burger
          opened={opened}
          onClick={toggle}
          hiddenFrom="sm"
          size="sm"
          aria-label={opened ? 'Cerrar menú' : 'Abrir menú'}
          aria-expanded={opened}
        />
      </Popover.Target>
      <Popover.Dropdown p="xs" hiddenFrom="sm">
        <ScrollArea.Autosize mah="75dvh" type="auto">
          <nav aria-label="Menú">
            <NavMenu onNavigate={close} />
          </nav>
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
