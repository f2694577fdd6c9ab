import { Button, Group, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowRight } from '@tabler/icons-react';
import { z } from 'zod';
import { LabelCodeSchema } from '@gestar/contracts';
import { zodResolver } from '../../../lib/form-errors';

const CodeEntrySchema = z.object({ codigo: LabelCodeSchema });

/** The code typed by hand, for a label the camera cannot read. */
export function CodeEntryForm({ onCode }: { onCode: (code: string) => void }) {
  const form = useForm({ initialValues: { codigo: '' }, validate: zodResolver(CodeEntrySchema) });
  return (
    <form onSubmit={form.onSubmit((values) => onCode(values.codigo.trim()))} noValidate>
      <Text size="sm" c="dimmed" mb="xs">
        Si la cámara no puede leer la etiqueta, escriba el código impreso en ella.
      </Text>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          label="Código del equipo"
          placeholder="SIE-01"
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          style={{ flex: 1 }}
          {...form.getInputProps('codigo')}
        />
        <Button type="submit" mt={24} rightSection={<IconArrowRight size={16} />}>
          Abrir equipo
        </Button>
      </Group>
    </form>
  );
}
