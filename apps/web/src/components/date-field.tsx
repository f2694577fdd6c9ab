/**
 * The reusable date picker of SPEC section 2.17: Spanish month calendar
 * starting on Sunday (its locale and firstDayOfWeek props), DD/MM/YYYY, placeholder 'Seleccione una
 * fecha', clear control, disabled days titled 'Fecha no disponible'.
 * Values are calendar dates `YYYY-MM-DD`.
 */
import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { DATE_PICKER_PLACEHOLDER, DATE_UNAVAILABLE } from '@gestar/contracts';
import { DATE_INPUT_FORMAT, dayjs } from '../lib/dates';

const WEEKDAY_LETTERS = 'DLMXJVS';

export type DateFieldProps = Omit<DatePickerInputProps<'default'>, 'type' | 'value' | 'onChange'> & {
  value: string | null;
  onChange: (value: string | null) => void;
};

function outside(date: string, min?: string | Date, max?: string | Date): boolean {
  const day = date.slice(0, 10);
  const text = (d: string | Date) => (typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10));
  return (min !== undefined && day < text(min)) || (max !== undefined && day > text(max));
}

export function DateField({ value, onChange, minDate, maxDate, ...rest }: DateFieldProps) {
  return (
    <DatePickerInput
      valueFormat={DATE_INPUT_FORMAT}
      placeholder={DATE_PICKER_PLACEHOLDER}
      clearable
      firstDayOfWeek={0}
      locale="es"
      weekdayFormat={(date) => WEEKDAY_LETTERS[dayjs(date).day()]}
      {...rest}
      minDate={minDate}
      maxDate={maxDate}
      value={value}
      onChange={(v) => onChange(v ? String(v).slice(0, 10) : null)}
      getDayProps={(date) => (outside(String(date), minDate, maxDate) ? { title: DATE_UNAVAILABLE } : {})}
      popoverProps={{ withinPortal: true }}
    />
  );
}
