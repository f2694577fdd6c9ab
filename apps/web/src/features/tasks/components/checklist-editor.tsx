/**
 * The task form's checklist: ordered steps, each with its text and whether it requires a photo or
 * a note. Steps are added, moved up or down and removed; every occurrence created from now on
 * copies the list.
 */
import { ActionIcon, Button, Checkbox, Group, NumberInput, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { CHECKLIST_MAX_ITEMS, TEXT_LIMITS } from '@gestar/contracts';

export interface ChecklistDraftItem {
  /** A key for React only; never sent. */
  key: string;
  texto: string;
  requiere_foto: boolean;
  requiere_nota: boolean;
  /** Estimated minutes of the step; '' for none. */
  minutos_estimados: number | string;
}

let nextKey = 0;
export function draftItem(item?: Partial<ChecklistDraftItem>): ChecklistDraftItem {
  return { key: `paso-${++nextKey}`, texto: '', requiere_foto: false, requiere_nota: false, minutos_estimados: '', ...item };
}

export function ChecklistEditor({
  items,
  onChange,
  error,
  itemErrors = {},
  disabled,
}: {
  items: ChecklistDraftItem[];
  onChange: (items: ChecklistDraftItem[]) => void;
  error?: string;
  /** A step's estimate refused, by the step's index. */
  itemErrors?: Record<number, string>;
  disabled?: boolean;
}) {
  const update = (i: number, patch: Partial<ChecklistDraftItem>) =>
    onChange(items.map((item, j) => (j === i ? { ...item, ...patch } : item)));
  const move = (i: number, to: number) => {
    const next = [...items];
    const [item] = next.splice(i, 1);
    next.splice(to, 0, item!);
    onChange(next);
  };
  return (
    <Stack gap={6} role="group" aria-label="Lista de verificación">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={500}>
          Lista de verificación
        </Text>
        <Text size="xs" c="dimmed">
          {items.length === 0 ? 'Opcional' : `${items.length} ${items.length === 1 ? 'paso' : 'pasos'}`}
        </Text>
      </Group>
      {items.map((item, i) => (
        <Paper key={item.key} withBorder p="xs" radius="sm">
          <Stack gap={6}>
            <Group gap={6} wrap="nowrap" align="flex-start">
              <Text size="sm" c="dimmed" w={22} pt={6} ta="right" aria-hidden>
                {i + 1}.
              </Text>
              {/* The whole text shows, wrapped (a step is one paragraph: Enter adds no line). */}
              <Textarea
                style={{ flex: 1, minWidth: 0 }}
                aria-label={`Paso ${i + 1}`}
                placeholder="Describa el paso"
                value={item.texto}
                maxLength={TEXT_LIMITS.checklistItem}
                autosize
                minRows={1}
                onChange={(e) => update(i, { texto: e.currentTarget.value.replace(/\s*\n\s*/g, ' ') })}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') e.preventDefault();
                }}
                disabled={disabled}
              />
            </Group>
            <Group gap="xs" pl={28} justify="space-between" wrap="wrap">
              <Group gap="md">
                <Checkbox
                  size="xs"
                  label="Requiere foto"
                  checked={item.requiere_foto}
                  onChange={(e) => update(i, { requiere_foto: e.currentTarget.checked })}
                  disabled={disabled}
                />
                <Checkbox
                  size="xs"
                  label="Requiere nota"
                  checked={item.requiere_nota}
                  onChange={(e) => update(i, { requiere_nota: e.currentTarget.checked })}
                  disabled={disabled}
                />
                <NumberInput
                  size="xs"
                  w={150}
                  aria-label={`Minutos estimados del paso ${i + 1}`}
                  placeholder="Minutos estimados"
                  suffix=" min"
                  min={1}
                  max={100_000}
                  allowDecimal={false}
                  allowNegative={false}
                  value={item.minutos_estimados}
                  onChange={(value) => update(i, { minutos_estimados: value })}
                  error={itemErrors[i]}
                  disabled={disabled}
                />
              </Group>
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  size="lg"
                  aria-label={`Subir el paso ${i + 1}`}
                  disabled={disabled || i === 0}
                  onClick={() => move(i, i - 1)}
                >
                  <IconArrowUp size={18} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  size="lg"
                  aria-label={`Bajar el paso ${i + 1}`}
                  disabled={disabled || i === items.length - 1}
                  onClick={() => move(i, i + 1)}
                >
                  <IconArrowDown size={18} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={`Quitar el paso ${i + 1}`}
                  disabled={disabled}
                  onClick={() => onChange(items.filter((_, j) => j !== i))}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
            </Group>
          </Stack>
        </Paper>
      ))}
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
      <Button
        variant="light"
        size="xs"
        leftSection={<IconPlus size={14} />}
        onClick={() => onChange([...items, draftItem()])}
        disabled={disabled || items.length >= CHECKLIST_MAX_ITEMS}
        w="fit-content"
      >
        Agregar paso
      </Button>
    </Stack>
  );
}
