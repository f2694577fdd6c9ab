/**
 * The reusable date picker of SPEC section 2.17: a Spanish month calendar
 * starting on Sunday with weekday letters D L M X J V S, month navigation,
 * 'Ir a hoy' and 'Limpiar' controls, a single date or a range, unavailable
 * days titled 'Fecha no disponible', shown as DD/MM/YYYY with the placeholder
 * 'Seleccione una fecha'. Values are calendar dates `YYYY-MM-DD` (no time, no
 * time zone), the same strings the API accepts.
 *
 * Built on Mantine's inline DatePicker inside a Popover rather than on
 * DatePickerInput, because DatePickerInput has no place for the 'go to
 * today' control under the calendar.
 */
import { useId, useState } from 'react';
import { Button, CloseButton, Group, Input, InputBase, Popover, type InputBaseProps } from '@mantine/core';
import { DatePicker as MantineDatePicker, type DayOfWeek } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { IconCalendar } from '@tabler/icons-react';
import { DATE_PICKER_PLACEHOLDER, DATE_UNAVAILABLE } from '@gestar/contracts';
import { DATE_INPUT_FORMAT, dayjs } from '../../lib/dates';

/** Sunday first, as dayjs numbers the days (0 = domingo). */
export const WEEKDAY_LETTERS = ['D', 'L', 'M', 'X', 'J', 'V', 'S'] as const;
const FIRST_DAY_OF_WEEK: DayOfWeek = 0;

export type DateRange = [string | null, string | null];

interface CommonProps extends Pick<
  InputBaseProps,
  'label' | 'description' | 'error' | 'required' | 'withAsterisk' | 'w' | 'maw' | 'miw' | 'style' | 'className'
> {
  /** Accessible name when there is no visible label. */
  'aria-label'?: string;
  placeholder?: string;
  disabled?: boolean;
  /** Earliest selectable day, `YYYY-MM-DD` (or an ISO date-time, of which the date is used). */
  minDate?: string;
  maxDate?: string;
  /** Other days that cannot be chosen. */
  excludeDate?: (date: string) => boolean;
  /** Show the clear controls (default true). */
  clearable?: boolean;
  /** Name of a hidden input carrying the value, for plain forms. */
  name?: string;
  /** The month the calendar opens on when there is no value (default: today's). */
  initialMonth?: string;
}

export type DatePickerProps = CommonProps &
  (
    | { type?: 'default'; value: string | null; onChange: (value: string | null) => void }
    | { type: 'range'; value: DateRange; onChange: (value: DateRange) => void }
  );

const day = (value: string | null | undefined) => (value ? value.slice(0, 10) : null);
const display = (value: string | null) => (value ? dayjs(value).format(DATE_INPUT_FORMAT) : '');

export function DatePicker(props: DatePickerProps) {
  const {
    label,
    description,
    error,
    required,
    withAsterisk,
    placeholder = DATE_PICKER_PLACEHOLDER,
    disabled,
    minDate,
    maxDate,
    excludeDate,
    clearable = true,
    name,
    w,
    maw,
    miw,
    style,
    className,
  } = props;
  const [opened, setOpened] = useState(false);
  const dropdownId = useId();
  const min = day(minDate);
  const max = day(maxDate);

  const first = props.type === 'range' ? props.value[0] : props.value;
  const [month, setMonth] = useState<string>(() => day(first) ?? day(props.initialMonth) ?? dayjs().format('YYYY-MM-DD'));

  const hasValue = props.type === 'range' ? props.value.some(Boolean) : Boolean(props.value);
  const text =
    props.type === 'range'
      ? props.value.some(Boolean)
        ? `${display(props.value[0])} – ${display(props.value[1])}`
        : ''
      : display(props.value);

  const unavailable = (date: string) =>
    (min !== null && date < min) || (max !== null && date > max) || Boolean(excludeDate?.(date));

  const clear = () => {
    if (props.type === 'range') props.onChange([null, null]);
    else props.onChange(null);
  };

  const open = (next: boolean) => {
    if (next) setMonth(day(first) ?? day(props.initialMonth) ?? dayjs().format('YYYY-MM-DD'));
    setOpened(next);
  };

  const calendarProps = {
    locale: 'es',
    firstDayOfWeek: FIRST_DAY_OF_WEEK,
    weekdayFormat: (date: string) => WEEKDAY_LETTERS[dayjs(date).day()]!,
    date: month,
    onDateChange: setMonth,
    minDate: min ?? undefined,
    maxDate: max ?? undefined,
    excludeDate,
    getDayProps: (date: string) => (unavailable(date) ? { title: DATE_UNAVAILABLE } : {}),
    getDayAriaLabel: (date: string) => dayjs(date).format('dddd D [de] MMMM [de] YYYY'),
    ariaLabels: {
      previousMonth: 'Mes anterior',
      nextMonth: 'Mes siguiente',
      previousYear: 'Año anterior',
      nextYear: 'Año siguiente',
      previousDecade: 'Década anterior',
      nextDecade: 'Década siguiente',
      monthLevelControl: 'Elegir mes',
      yearLevelControl: 'Elegir año',
    },
  };

  const rightSection =
    clearable && hasValue && !disabled ? (
      <CloseButton size="sm" aria-label="Borrar fecha" onClick={clear} />
    ) : (
      <IconCalendar size={18} aria-hidden />
    );

  return (
    <>
      <Popover
        opened={opened}
        onChange={open}
        position="bottom-start"
        shadow="md"
        trapFocus
        returnFocus
        closeOnEscape
        withinPortal
        disabled={disabled}
      >
        <Popover.Target>
          <InputBase
            component="button"
            type="button"
            label={label}
            description={description}
            error={error}
            required={required}
            withAsterisk={withAsterisk}
            disabled={disabled}
            pointer
            w={w}
            maw={maw}
            miw={miw}
            style={style}
            className={className}
            aria-label={props['aria-label']}
            aria-haspopup="dialog"
            aria-expanded={opened}
            aria-controls={opened ? dropdownId : undefined}
            onClick={() => open(!opened)}
            rightSection={rightSection}
            rightSectionPointerEvents={clearable && hasValue && !disabled ? 'all' : 'none'}
          >
            {/* Mantine's placeholder grey is too light for WCAG AA contrast. */}
            {text || <Input.Placeholder c="gray.7">{placeholder}</Input.Placeholder>}
          </InputBase>
        </Popover.Target>
        <Popover.Dropdown
          id={dropdownId}
          role="dialog"
          aria-label={typeof label === 'string' ? `Calendario: ${label}` : 'Calendario'}
        >
          {props.type === 'range' ? (
            <MantineDatePicker
              {...calendarProps}
              type="range"
              allowSingleDateInRange
              value={props.value}
              onChange={(v) => {
                const next: DateRange = [day(v[0]), day(v[1])];
                props.onChange(next);
                if (next[0] && next[1]) setOpened(false);
              }}
            />
          ) : (
            <MantineDatePicker
              {...calendarProps}
              value={props.value}
              onChange={(v) => {
                props.onChange(day(v));
                if (v) setOpened(false);
              }}
            />
          )}
          <Group justify="space-between" mt="xs" gap="xs">
            <Button variant="subtle" size="compact-sm" onClick={() => setMonth(dayjs().format('YYYY-MM-DD'))}>
              Ir a hoy
            </Button>
            {clearable && (
              <Button variant="subtle" color="gray" size="compact-sm" onClick={clear} disabled={!hasValue}>
                Limpiar
              </Button>
            )}
          </Group>
        </Popover.Dropdown>
      </Popover>
      {name && (
        <input
          type="hidden"
          name={name}
          value={props.type === 'range' ? props.value.map((v) => v ?? '').join(',') : (props.value ?? '')}
        />
      )}
    </>
  );
}
