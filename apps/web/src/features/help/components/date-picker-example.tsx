import { useState } from 'react';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { DatePicker, type DateRange } from '../../../components/date-picker/date-picker';
import { dayjs, formatDate } from '../../../lib/dates';

/**
 * A live example of the date picker used by the forms and the report
 * filters, so a reader can try it while reading (no data is saved).
 */
export function DatePickerExample() {
  const today = dayjs().format('YYYY-MM-DD');
  const [due, setDue] = useState<string | null>(null);
  const [range, setRange] = useState<DateRange>([null, null]);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Stack gap={4}>
        <DatePicker
          label="Fecha de ejemplo"
          value={due}
          onChange={setDue}
          minDate={today}
          excludeDate={(date) => dayjs(date).day() === 0}
        />
        <Text size="sm" data-testid="ejemplo-fecha">
          Elegida: {due ? formatDate(due) : 'ninguna'}
        </Text>
      </Stack>
      <Stack gap={4}>
        <DatePicker type="range" label="Rango de ejemplo" value={range} onChange={setRange} />
        <Text size="sm" data-testid="ejemplo-rango">
          Elegido: {range[0] ? `${formatDate(range[0])} a ${range[1] ? formatDate(range[1]) : '...'}` : 'ninguno'}
        </Text>
      </Stack>
    </SimpleGrid>
  );
}
