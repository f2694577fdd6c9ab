/** A supervisor's «Cambiar estado»: the new state and its reason (both required; audited by the server). */
import { useState } from 'react';
import { Modal, SegmentedControl, Stack, Text, Textarea, Button, Group, Alert } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  ASSET_LIMITS,
  ASSET_STATE_LABELS,
  ChangeAssetStateRequestSchema,
  MESSAGES,
  type AssetResponse,
  type AssetState,
  type ChangeAssetStateRequest,
} from '@gestar/contracts';
import { errorMessage } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useChangeAssetState } from '../api/assets';
import { ASSET_STATE_OPTIONS } from './asset-states';
import classes from './assets.module.css';

const validate = zodResolver<ChangeAssetStateRequest>(ChangeAssetStateRequestSchema);

export function ChangeStateDialog({
  asset,
  opened,
  onClose,
}: {
  asset: AssetResponse;
  opened: boolean;
  onClose: () => void;
}) {
  const change = useChangeAssetState(asset.codigo);
  const [first] = ASSET_STATE_OPTIONS.filter((o) => o.value !== asset.estado);
  const form = useForm<{ estado: AssetState; motivo: string }>({
    mode: 'controlled',
    initialValues: { estado: first!.value, motivo: '' },
    validate: (values) => validate(values),
  });
  const [sent, setSent] = useState(false);
  const close = () => {
    form.reset();
    change.reset();
    setSent(false);
    onClose();
  };
  const submit = form.onSubmit((values) => {
    setSent(true);
    change.mutate(values, {
      onSuccess: (saved) => {
        toast.success(`El equipo quedó ${ASSET_STATE_LABELS[saved.estado].toLowerCase()}`);
        close();
      },
    });
  });
  return (
    <Modal opened={opened} onClose={close} title="Cambiar estado" centered closeOnClickOutside={!change.isPending}>
      <form onSubmit={submit} noValidate aria-label="Cambiar estado">
        <Stack gap="md" className={classes.touch}>
          <Text size="sm">
            Estado actual de <b>{asset.codigo}</b>: {ASSET_STATE_LABELS[asset.estado]}. El cambio queda en la línea de
            tiempo del equipo y en la auditoría.
          </Text>
          <div>
            <Text size="sm" fw={500} mb={4} id="nuevo-estado">
              Nuevo estado
            </Text>
            <SegmentedControl
              aria-labelledby="nuevo-estado"
              fullWidth
              orientation={window.matchMedia?.('(max-width: 30em)').matches ? 'vertical' : 'horizontal'}
              data={ASSET_STATE_OPTIONS.map((o) => ({ ...o, disabled: o.value === asset.estado }))}
              {...form.getInputProps('estado')}
            />
          </div>
          <Textarea
            label="Motivo"
            withAsterisk
            placeholder="Por ejemplo: cambio de correa, espera de repuesto"
            autosize
            minRows={3}
            maxLength={ASSET_LIMITS.motivo}
            {...form.getInputProps('motivo')}
          />
          {sent && change.isError && (
            <Alert color="red" variant="light" role="alert">
              {errorMessage(change.error, MESSAGES.errors.internal)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={change.isPending}>
              Cancelar
            </Button>
            <Button type="submit" loading={change.isPending}>
              Cambiar estado
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
