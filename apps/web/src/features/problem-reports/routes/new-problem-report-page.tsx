import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  Alert,
  Button,
  CloseButton,
  FileButton,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconCamera, IconPhoto, IconSend } from '@tabler/icons-react';
import {
  CreateProblemReportRequestSchema,
  MESSAGES,
  PROBLEM_REPORT_PHOTO_ACCEPT,
  PROBLEM_REPORT_PHOTOS_MAX,
  PROBLEM_REPORT_URGENCIES,
  PROBLEM_REPORT_URGENCY_LABELS,
  type ProblemReportUrgency,
} from '@gestar/contracts';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api-client';
import { fieldErrorsFromApi, zodResolver, type FieldErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useCreateProblemReport, useMachine, useMachineSearch, useMyAreas } from '../api/problem-reports';

const validate = zodResolver(CreateProblemReportRequestSchema);
const NONE = '__ninguno__';

/**
 * «Reportar un problema» (`/solicitudes/nueva?equipo=<código>`): the machine comes from the label
 * or the machine's page, or is chosen here (or none, with an area); what happens, photos (the
 * phone's camera), whether the machine is stopped, and urgency. Works without a network.
 */
export function NewProblemReportPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const fromLink = params.get('equipo')?.trim().toUpperCase() || null;
  const [equipo, setEquipo] = useState<string | null>(fromLink);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const machines = useMachineSearch(debounced);
  const linked = useMachine(fromLink);
  const areas = useMyAreas();
  const [area, setArea] = useState<string | null>(null);
  const [descripcion, setDescripcion] = useState('');
  const [detenido, setDetenido] = useState(false);
  const [urgencia, setUrgencia] = useState<ProblemReportUrgency>('media');
  const [photos, setPhotos] = useState<File[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateProblemReport();

  const noMachine = equipo === NONE;
  const machineOptions = [
    ...(equipo && equipo !== NONE && !machines.data?.data.some((m) => m.codigo === equipo)
      ? [
          {
            value: equipo,
            label:
              linked.data?.codigo === equipo
                ? `${equipo} · ${linked.data.nombre} (${linked.data.area.nombre})`
                : equipo,
          },
        ]
      : []),
    ...(machines.data?.data ?? []).map((m) => ({
      value: m.codigo,
      label: `${m.codigo} · ${m.nombre} (${m.area.nombre})`,
    })),
    { value: NONE, label: 'Ningún equipo (un problema del área)' },
  ];
  const addPhotos = (files: File[]) => setPhotos((p) => [...p, ...files].slice(0, PROBLEM_REPORT_PHOTOS_MAX));

  const submit = () => {
    setFailure(null);
    const body = {
      equipo: noMachine ? undefined : (equipo ?? undefined),
      area_uuid: noMachine ? (area ?? undefined) : undefined,
      descripcion,
      equipo_detenido: !noMachine && detenido,
      urgencia,
    };
    const found = validate(body);
    if (!equipo) found.equipo = MESSAGES.problemReports.equipoOrAreaRequired;
    if (Object.keys(found).length > 0) return setErrors(found);
    create.mutate(
      { body: CreateProblemReportRequestSchema.parse(body), photos },
      {
        onSuccess: ({ queued }) => {
          if (queued) toast.alert(MESSAGES.problemReports.queued, 'Guardada sin conexión');
          else toast.success(MESSAGES.problemReports.created);
          void navigate('/mis-solicitudes');
        },
        onError: (e) => {
          setErrors(fieldErrorsFromApi(e));
          setFailure(errorMessage(e, MESSAGES.errors.internal));
        },
      },
    );
  };

  return (
    <>
      <PageHeader
        title="Reportar un problema"
        description="Cuéntenos qué sucede: los supervisores del área reciben el aviso enseguida"
        icon={<IconAlertTriangle size={24} />}
      />
      <Paper withBorder radius="md" p="md" maw={720}>
        <form
          noValidate
          aria-label="Reportar un problema"
          onSubmit={(e) => {
            e.preventDefault();
            if (!create.isPending) submit();
          }}
        >
          <Stack gap="md">
            <Select
              label="Equipo"
              placeholder="Busque por código o nombre"
              data={machineOptions}
              value={equipo}
              onChange={(v) => {
                setEquipo(v);
                setErrors((e) => ({ ...e, equipo: undefined, area_uuid: undefined }));
              }}
              searchable
              searchValue={search}
              onSearchChange={setSearch}
              nothingFoundMessage="No se encontró el equipo"
              filter={({ options }) => options}
              error={errors.equipo}
              required
            />
            {noMachine && (
              <Select
                label="Área"
                placeholder="Seleccione un área"
                data={(areas.data ?? []).map((a) => ({ value: a.uuid, label: a.nombre }))}
                value={area}
                onChange={setArea}
                error={errors.area_uuid}
                required
              />
            )}
            <Textarea
              label="¿Qué sucede?"
              placeholder="Por ejemplo: la hoja se trabó y hace un ruido metálico"
              value={descripcion}
              onChange={(e) => setDescripcion(e.currentTarget.value)}
              autosize
              minRows={3}
              error={errors.descripcion}
              required
            />
            {!noMachine && (
              <Switch
                label="El equipo está detenido"
                description="Queda «detenido» desde ahora, hasta que se confirme que funciona"
                checked={detenido}
                onChange={(e) => setDetenido(e.currentTarget.checked)}
                color="red"
                size="md"
              />
            )}
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Urgencia
              </Text>
              <SegmentedControl
                aria-label="Urgencia"
                value={urgencia}
                onChange={(v) => setUrgencia(v as ProblemReportUrgency)}
                data={PROBLEM_REPORT_URGENCIES.map((u) => ({ value: u, label: PROBLEM_REPORT_URGENCY_LABELS[u] }))}
              />
            </Stack>
            <Stack gap={6}>
              <Text size="sm" fw={500}>
                Fotos ({photos.length} de {PROBLEM_REPORT_PHOTOS_MAX})
              </Text>
              <Group gap="xs">
                <FileButton
                  accept={PROBLEM_REPORT_PHOTO_ACCEPT}
                  capture="environment"
                  onChange={(f) => f && addPhotos([f])}
                >
                  {(props) => (
                    <Button
                      {...props}
                      variant="light"
                      leftSection={<IconCamera size={16} />}
                      disabled={photos.length >= PROBLEM_REPORT_PHOTOS_MAX}
                    >
                      Tomar foto
                    </Button>
                  )}
                </FileButton>
                <FileButton accept={PROBLEM_REPORT_PHOTO_ACCEPT} multiple onChange={addPhotos}>
                  {(props) => (
                    <Button
                      {...props}
                      variant="default"
                      leftSection={<IconPhoto size={16} />}
                      disabled={photos.length >= PROBLEM_REPORT_PHOTOS_MAX}
                    >
                      Elegir fotos
                    </Button>
                  )}
                </FileButton>
              </Group>
              {photos.map((f, i) => (
                <Group key={`${f.name}-${i}`} gap="xs" wrap="nowrap">
                  <IconPhoto size={16} />
                  <Text size="sm" truncate style={{ flex: 1 }}>
                    {f.name}
                  </Text>
                  <CloseButton
                    aria-label={`Quitar ${f.name}`}
                    onClick={() => setPhotos((p) => p.filter((_, j) => j !== i))}
                  />
                </Group>
              ))}
            </Stack>
            {failure && (
              <Alert color="red" variant="light" role="alert">
                {failure}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button type="submit" leftSection={<IconSend size={16} />} loading={create.isPending}>
                Enviar solicitud
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
