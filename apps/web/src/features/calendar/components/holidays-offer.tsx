import { useState } from 'react';
import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { joinSpanish } from '@gestar/contracts';
import { errorMessage } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { dayjs } from '../../../lib/dates';
import { toast } from '../../../lib/toast';
import { useImportHolidayYears, useNonWorkingDays } from '../api/calendar';
import { missingHolidayYears } from './holidays-setup';

/** The years whose holiday offer an administrator answered «Ahora no» on this browser. */
export const HOLIDAYS_OFFER_KEY = 'gestar.feriados-ofrecidos';

function answered(): number[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(HOLIDAYS_OFFER_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((y): y is number => typeof y === 'number') : [];
  } catch {
    return [];
  }
}

/**
 * On signing in, an administrator of a calendar without this year's or next year's national
 * holidays (a first setup, or a server whose automatic import is off) is offered them at once,
 * on every screen but the calendar itself (which offers them in its own card).
 */
export function HolidaysOffer() {
  const can = useCan();
  const editable = can({ allOf: ['update:calendar'] });
  const onCalendar = useLocation().pathname.startsWith('/calendario');
  if (!editable || onCalendar) return null;
  return <Offer />;
}

function Offer() {
  const calendar = useNonWorkingDays(dayjs().year());
  const importer = useImportHolidayYears();
  const [skipped, setSkipped] = useState(answered);
  if (!calendar.data) return null;
  const missing = missingHolidayYears(calendar.data).filter((y) => !skipped.includes(y));
  if (!missing.length) return null;
  const years = joinSpanish(missing.map(String));
  const country = calendar.data.pais_nombre;
  const later = () => {
    const next = [...new Set([...answered(), ...missing])];
    localStorage.setItem(HOLIDAYS_OFFER_KEY, JSON.stringify(next));
    setSkipped(next);
  };
  return (
    <Alert
      color="yellow"
      variant="light"
      mb="md"
      icon={<IconCalendarPlus size={20} />}
      title={`¿Agregar los feriados nacionales de ${country} de ${years}?`}
      component="section"
      role="region"
    >
      <Text size="sm" mb="sm">
        El calendario laboral todavía no los tiene: sin ellos, las programaciones cuentan el 25 de diciembre y los demás
        feriados como días laborables. Puede quitar después los que su empresa trabaje en{' '}
        <Anchor component={Link} to="/calendario" size="sm">
          Calendario laboral
        </Anchor>
        .
      </Text>
      <Group gap="sm">
        <Button
          size="sm"
          leftSection={<IconCalendarPlus size={16} />}
          loading={importer.isPending}
          onClick={() =>
            importer.mutate(missing, {
              onSuccess: (agregados) => toast.success(`Se agregaron ${agregados} feriados de ${country} de ${years}`),
              onError: (error) => toast.error(errorMessage(error, 'No se pudieron agregar los feriados')),
            })
          }
        >
          Agregar feriados de {years}
        </Button>
        <Button size="sm" variant="default" onClick={later}>
          Ahora no
        </Button>
      </Group>
    </Alert>
  );
}
