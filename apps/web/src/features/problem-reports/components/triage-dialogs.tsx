import { useState } from 'react';
import { MultiSelect, Select, Text, TextInput, Textarea } from '@mantine/core';
import {
  AcceptProblemReportRequestSchema,
  MESSAGES,
  RejectProblemReportRequestSchema,
  type ProblemReportDetailResponse,
} from '@gestar/contracts';
import { DatePicker } from '../../../components/date-picker/date-picker';
import { FormDialog } from '../../../components/form-dialog';
import { errorMessage } from '../../../lib/api-client';
import { fieldErrorsFromApi, zodResolver, type FieldErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import {
  useAcceptProblemReport,
  useAreaPeople,
  useMergeProblemReport,
  useOpenReportsOfMachine,
  useRejectProblemReport,
} from '../api/problem-reports';

const validateAccept = zodResolver(AcceptProblemReportRequestSchema);
const validateReject = zodResolver(RejectProblemReportRequestSchema);

interface DialogProps {
  report: ProblemReportDetailResponse;
  onClose: () => void;
}

/** «Aceptar»: the task on the machine, who does it and by when. */
export function AcceptDialog({ report, onClose }: DialogProps) {
  const people = useAreaPeople(report.area.uuid);
  const accept = useAcceptProblemReport();
  const [assignees, setAssignees] = useState<string[]>([]);
  const [due, setDue] = useState<string | null>(null);
  const [titulo, setTitulo] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const submit = () => {
    const body = { usuarios_asignados: assignees, fecha_vencimiento: due ?? '', titulo };
    const found = validateAccept(body);
    if (Object.keys(found).length > 0) return setErrors(found);
    accept.mutate(
      { uuid: report.uuid, value: AcceptProblemReportRequestSchema.parse(body) },
      {
        onSuccess: () => {
          toast.success(MESSAGES.problemReports.accepted);
          onClose();
        },
        onError: (e) => {
          setErrors(fieldErrorsFromApi(e));
          setFailure(errorMessage(e, MESSAGES.errors.internal));
        },
      },
    );
  };
  return (
    <FormDialog
      opened
      title={`Aceptar la solicitud N.º ${report.numero}`}
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Crear la tarea"
      loading={accept.isPending}
      error={failure}
    >
      <Text size="sm" c="dimmed">
        Se crea una tarea {report.equipo ? `sobre ${report.equipo.codigo}` : `en ${report.area.nombre}`}, enlazada a la
        solicitud.
      </Text>
      <MultiSelect
        label="Responsables"
        placeholder="Seleccione quién hará la tarea"
        data={(people.data ?? []).map((u) => ({ value: u.uuid, label: `${u.nombre} ${u.apellido}` }))}
        value={assignees}
        onChange={setAssignees}
        searchable
        required
        error={errors.usuarios_asignados}
        nothingFoundMessage="Sin coincidencias"
      />
      <DatePicker
        label="Vence"
        value={due}
        onChange={setDue}
        minDate={new Date().toISOString()}
        required
        error={errors.fecha_vencimiento}
      />
      <TextInput
        label="Título de la tarea"
        description="Si lo deja vacío: «Reparar» y el equipo, con lo que se reportó"
        value={titulo}
        onChange={(e) => setTitulo(e.currentTarget.value)}
        error={errors.titulo}
      />
    </FormDialog>
  );
}

/** «Fusionar»: into an open report of the same machine. */
export function MergeDialog({ report, onClose }: DialogProps) {
  const open = useOpenReportsOfMachine(report.equipo?.codigo ?? null, report.uuid);
  const merge = useMergeProblemReport();
  const [en, setEn] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (!en) return setError(MESSAGES.problemReports.enRequired);
    merge.mutate(
      { uuid: report.uuid, value: en },
      {
        onSuccess: () => {
          toast.success(MESSAGES.problemReports.merged);
          onClose();
        },
        onError: (e) => setError(errorMessage(e, MESSAGES.errors.internal)),
      },
    );
  };
  const options = (open.data ?? []).map((r) => ({
    value: r.uuid,
    label: `N.º ${r.numero} · ${r.descripcion.length > 60 ? `${r.descripcion.slice(0, 60)}…` : r.descripcion}`,
  }));
  return (
    <FormDialog
      opened
      title={`Fusionar la solicitud N.º ${report.numero}`}
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Fusionar"
      loading={merge.isPending}
    >
      <Text size="sm" c="dimmed">
        Dos personas reportaron el mismo problema: esta solicitud se une a otra abierta de {report.equipo?.codigo}.
      </Text>
      <Select
        label="Solicitud en la que se une"
        placeholder={
          open.isPending
            ? 'Cargando…'
            : options.length
              ? 'Seleccione una solicitud'
              : 'No hay otras solicitudes abiertas de este equipo'
        }
        data={options}
        value={en}
        onChange={(v) => {
          setEn(v);
          setError(null);
        }}
        required
        error={error}
      />
    </FormDialog>
  );
}

/** «Rechazar»: with the reason the reporter reads. */
export function RejectDialog({ report, onClose }: DialogProps) {
  const reject = useRejectProblemReport();
  const [motivo, setMotivo] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = () => {
    const found = validateReject({ motivo });
    if (Object.keys(found).length > 0) return setErrors(found);
    reject.mutate(
      { uuid: report.uuid, value: motivo.trim() },
      {
        onSuccess: () => {
          toast.success(MESSAGES.problemReports.rejected);
          onClose();
        },
        onError: (e) => setErrors({ ...fieldErrorsFromApi(e), motivo: errorMessage(e, MESSAGES.errors.internal) }),
      },
    );
  };
  return (
    <FormDialog
      opened
      title={`Rechazar la solicitud N.º ${report.numero}`}
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Rechazar"
      loading={reject.isPending}
    >
      <Textarea
        label="Motivo"
        description="Quien reportó el problema lo lee"
        value={motivo}
        onChange={(e) => setMotivo(e.currentTarget.value)}
        autosize
        minRows={3}
        required
        error={errors.motivo}
      />
    </FormDialog>
  );
}
