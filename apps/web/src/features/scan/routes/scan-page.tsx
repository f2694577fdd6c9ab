import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { Card, Divider, Stack, Title } from '@mantine/core';
import { IconScan } from '@tabler/icons-react';
import { assetCodeFromScan, assetPagePath, MESSAGES } from '@gestar/contracts';
import { PageHeader } from '../../../components/page-header';
import { CameraView } from '../components/camera-view';
import { CodeEntryForm } from '../components/code-entry-form';

/**
 * «Escanear»: the camera reads a machine's label and opens its page; the code can be typed by hand
 * for a label the camera cannot read. Leaving the page turns the camera off.
 */
export function ScanPage() {
  const navigate = useNavigate();
  const [notice, setNotice] = useState<string | null>(null);
  const open = useCallback((code: string) => void navigate(assetPagePath(code)), [navigate]);

  const onRead = useCallback(
    (text: string) => {
      const code = assetCodeFromScan(text);
      if (!code) {
        setNotice(MESSAGES.errors.scanNotAsset);
        return false;
      }
      open(code);
      return true;
    },
    [open],
  );

  return (
    <>
      <PageHeader title="Escanear" description="Lea la etiqueta de un equipo para abrir su página" icon={<IconScan size={24} />} />
      <Stack gap="lg" maw={560}>
        <CameraView onRead={onRead} notice={notice} />
        <Divider label="o" labelPosition="center" />
        <Card withBorder radius="md" padding="md" component="section" aria-labelledby="escanear-codigo">
          <Title order={2} fz="h4" id="escanear-codigo" mb="xs">
            Escribir el código
          </Title>
          <CodeEntryForm onCode={open} />
        </Card>
      </Stack>
    </>
  );
}
