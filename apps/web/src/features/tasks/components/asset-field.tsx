/** The task's optional «Equipo»: a machine of the task's area (preventive maintenance is a task on a machine). */
import { Select } from '@mantine/core';
import { MESSAGES, type AssetRef } from '@gestar/contracts';
import { useAreaAssetOptions } from '../api/form-lookups';

export interface AssetFieldProps {
  area: string | null;
  value: string | null;
  onChange: (uuid: string | null) => void;
  /** The machine the task names now (kept offered if the list does not hold it). */
  current: AssetRef | null;
  error?: string;
  disabled?: boolean;
}

export function AssetField({ area, value, onChange, current, error, disabled }: AssetFieldProps) {
  const assets = useAreaAssetOptions(area);
  const options = (assets.data ?? []).map((a) => ({ value: a.uuid, label: `${a.codigo} · ${a.nombre}` }));
  if (current && value === current.uuid && !options.some((o) => o.value === current.uuid)) {
    options.push({ value: current.uuid, label: `${current.codigo} · ${current.nombre}` });
  }
  return (
    <Select
      label="Equipo"
      description="La máquina o el puesto donde se hace (opcional)"
      placeholder={
        area ? (options.length ? 'Ninguno' : 'El área no tiene equipos') : MESSAGES.validation.selectAreaFirst
      }
      data={options}
      value={value}
      onChange={onChange}
      error={error}
      disabled={disabled || !area}
      clearable
      searchable
      nothingFoundMessage="No se encontraron equipos"
    />
  );
}
