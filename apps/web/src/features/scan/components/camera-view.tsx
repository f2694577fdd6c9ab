import { Alert, Box, Loader, Stack, Text } from '@mantine/core';
import { IconCameraOff } from '@tabler/icons-react';
import { MESSAGES } from '@gestar/contracts';
import { useQrScanner, type CameraState } from '../hooks/use-qr-scanner';

const e = MESSAGES.errors;

const PROBLEMS: Partial<Record<CameraState, string>> = {
  'no-camera': e.scanNoCamera,
  denied: e.scanPermissionDenied,
  failed: e.scanCameraFailed,
};

/** The camera's picture with a frame to aim the label at; says in words why there is no picture. */
export function CameraView({ onRead, notice }: { onRead: (text: string) => boolean; notice: string | null }) {
  const { video, state } = useQrScanner(onRead);
  const problem = PROBLEMS[state];

  return (
    <Stack gap="xs">
      {problem ? (
        <Alert color="orange" variant="light" icon={<IconCameraOff size={18} />} role="alert" title="Sin cámara">
          {problem}
        </Alert>
      ) : null}
      <Box
        pos="relative"
        bg="dark.9"
        style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', aspectRatio: '4 / 3', display: problem ? 'none' : undefined }}
      >
        <video
          ref={video}
          muted
          playsInline
          aria-label="Imagen de la cámara"
          style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
        <Box
          aria-hidden
          pos="absolute"
          style={{
            inset: '15% 20%',
            border: '3px solid rgba(255, 255, 255, 0.85)',
            borderRadius: 'var(--mantine-radius-md)',
            boxShadow: '0 0 0 100vmax rgba(0, 0, 0, 0.25)',
          }}
        />
        {state === 'starting' ? (
          <Stack pos="absolute" inset={0} align="center" justify="center" gap="xs">
            <Loader color="white" />
            <Text c="white" size="sm">
              Abriendo la cámara...
            </Text>
          </Stack>
        ) : null}
      </Box>
      <Text size="sm" c={notice ? 'orange.8' : 'dimmed'} role="status" aria-live="polite">
        {notice ?? (state === 'scanning' ? 'Apunte la cámara al código QR de la etiqueta del equipo.' : '')}
      </Text>
    </Stack>
  );
}
