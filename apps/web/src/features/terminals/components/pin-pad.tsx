/**
 * The PIN pad of a terminal (issue 34): 4 to 6 digits on large buttons, typed with a finger or a
 * keyboard; the digits show as dots. «Ingresar» sends once 4 are typed; a sixth digit sends at once.
 */
import { useEffect, useState } from 'react';
import { Alert, Box, Button, Group, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconBackspace, IconLock } from '@tabler/icons-react';
import classes from './terminal.module.css';

export const PIN_MIN = 4;
export const PIN_MAX = 6;

interface PinPadProps {
  /** Whose PIN is asked for («Ingrese su PIN, Ana»). */
  name: string;
  busy: boolean;
  /** The last refusal (wrong PIN, locked person) in Spanish, or null. */
  error: string | null;
  /** Whether the person is locked (no more tries): the pad is disabled. */
  locked?: boolean;
  onSubmit(pin: string): void;
  onCancel(): void;
}

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

export function PinPad({ name, busy, error, locked = false, onSubmit, onCancel }: PinPadProps) {
  const [pin, setPin] = useState('');
  const disabled = busy || locked;

  const add = (digit: string) => {
    if (disabled) return;
    setPin((current) => {
      if (current.length >= PIN_MAX) return current;
      const next = current + digit;
      if (next.length < PIN_MAX) return next;
      // Sent: the pad empties for a next try.
      queueMicrotask(() => onSubmit(next));
      return '';
    });
  };
  const back = () => setPin((current) => current.slice(0, -1));
  const submit = () => {
    if (disabled || pin.length < PIN_MIN) return;
    onSubmit(pin);
    setPin('');
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (/^[0-9]$/.test(event.key)) add(event.key);
      else if (event.key === 'Backspace') back();
      else if (event.key === 'Enter') submit();
      else if (event.key === 'Escape') onCancel();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <Stack align="center" gap="lg" className={classes.pinPad}>
      <Stack gap={4} align="center">
        <Title order={1} fz={{ base: 26, sm: 32 }} ta="center">
          {name}
        </Title>
        <Text fz="lg" c="dimmed" ta="center">
          Ingrese su PIN de {PIN_MIN} a {PIN_MAX} dígitos
        </Text>
      </Stack>
      <Group gap="md" role="status" aria-label={`PIN: ${pin.length} dígitos ingresados`} className={classes.pinDots}>
        {Array.from({ length: PIN_MAX }, (_, i) => (
          <Box
            key={i}
            className={classes.pinDot}
            data-filled={i < pin.length || undefined}
            data-optional={i >= PIN_MIN || undefined}
          />
        ))}
      </Group>
      {error && (
        <Alert
          color={locked ? 'orange' : 'red'}
          variant="light"
          role="alert"
          icon={locked ? <IconLock size={22} /> : <IconAlertTriangle size={22} />}
          className={classes.pinError}
        >
          <Text fz="lg">{error}</Text>
        </Alert>
      )}
      <SimpleGrid cols={3} spacing="md" className={classes.pinGrid}>
        {KEYS.map((digit) => (
          <UnstyledButton
            key={digit}
            className={classes.pinKey}
            onClick={() => add(digit)}
            disabled={disabled}
            aria-label={digit}
          >
            {digit}
          </UnstyledButton>
        ))}
        <UnstyledButton
          className={classes.pinKey}
          data-kind="action"
          onClick={back}
          disabled={disabled || pin.length === 0}
          aria-label="Borrar"
        >
          <IconBackspace size={34} />
        </UnstyledButton>
        <UnstyledButton className={classes.pinKey} onClick={() => add('0')} disabled={disabled} aria-label="0">
          0
        </UnstyledButton>
        <UnstyledButton
          className={classes.pinKey}
          data-kind="submit"
          onClick={submit}
          disabled={disabled || pin.length < PIN_MIN}
        >
          {busy ? '…' : 'Ingresar'}
        </UnstyledButton>
      </SimpleGrid>
      <Button variant="subtle" size="xl" h={56} onClick={onCancel}>
        Volver a la lista
      </Button>
    </Stack>
  );
}
