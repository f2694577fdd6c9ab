/**
 * The wall board with its data: the area's board read with the terminal's credential, kept live
 * by the area's event stream (opened with a single-use ticket, as EventSource sends no headers).
 * Any event of the area marks the board stale; it is read again at once.
 */
import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  ASSET_STATE_LABELS,
  SERVER_EVENTS,
  TERMINALS_ROUTES,
  type AssetState,
  type WallBoardResponse,
} from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import { deviceQueryClient, wallBoardQueryOptions } from '../api/terminals';
import { WallBoard, type WallPanel } from './wall-board';

const API_BASE: string = import.meta.env.VITE_API_URL ?? '';
const RECONNECT_MS = 2000;

/** Keeps the area's stream open while the wall shows; every event but the keep-alive refreshes it. */
function useWallStream(): void {
  useEffect(() => {
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;
    const stale = () => void deviceQueryClient.invalidateQueries({ queryKey: wallBoardQueryOptions().queryKey });
    const open = () => {
      apiRequest(TERMINALS_ROUTES.wallTicket)
        .then(({ ticket }) => {
          if (stopped) return;
          const es = new EventSource(
            `${API_BASE}${TERMINALS_ROUTES.wallEvents.path}?ticket=${encodeURIComponent(ticket)}`,
          );
          source = es;
          for (const name of Object.values(SERVER_EVENTS)) {
            if (name !== SERVER_EVENTS.ping) es.addEventListener(name, stale);
          }
          es.onmessage = stale;
          // Opened (again): what changed while it was closed is read now.
          es.onopen = stale;
          es.onerror = () => {
            es.close();
            if (source === es) source = null;
            retry();
          };
        })
        .catch(retry);
    };
    const retry = () => {
      if (stopped || timer) return;
      timer = setTimeout(() => {
        timer = null;
        open();
      }, RECONNECT_MS);
    };
    open();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      source?.close();
    };
  }, []);
}

const WHEN = 'DD MMM HH:mm';

function dueText(fecha: string | null): string | undefined {
  return fecha ? `venció ${formatDate(fecha, WHEN)}` : undefined;
}

function stateLabel(estado: string): string {
  return ASSET_STATE_LABELS[estado as AssetState] ?? estado;
}

/** The board's answer as the wall's panels, most urgent first. */
export function wallPanels(board: WallBoardResponse): WallPanel[] {
  const person = (p: { nombre: string; apellido: string }) => `${p.nombre} ${p.apellido}`;
  return [
    {
      key: 'vencidas',
      title: 'Vencidas',
      color: '#fa5252',
      total: board.totales.vencidas,
      items: board.vencidas.map((t) => ({
        key: t.uuid,
        title: t.titulo,
        detail: [person(t.empleado), dueText(t.fecha_vencimiento)].filter(Boolean).join(' · '),
      })),
    },
    {
      key: 'hoy',
      title: 'Vencen hoy',
      color: '#fab005',
      total: board.totales.hoy,
      items: board.hoy.map((t) => ({
        key: t.uuid,
        title: t.titulo,
        detail: `${person(t.empleado)} · ${t.estado.nombre}`,
      })),
    },
    {
      key: 'en-curso',
      title: 'En curso',
      color: '#4dabf7',
      total: board.totales.en_curso,
      items: board.en_curso.map((t) => ({ key: t.uuid, title: t.titulo, detail: person(t.empleado) })),
    },
    {
      key: 'equipos',
      title: 'Equipos detenidos',
      color: '#e64980',
      total: board.totales.equipos_detenidos,
      items: board.equipos_detenidos.map((e) => ({
        key: e.uuid,
        title: `${e.codigo} · ${e.nombre}`,
        detail: `${stateLabel(e.estado)} desde ${formatDate(e.estado_desde, WHEN)}`,
      })),
    },
    {
      key: 'solicitudes',
      title: 'Solicitudes pendientes',
      color: '#be4bdb',
      total: board.totales.solicitudes_pendientes,
      items: board.solicitudes_pendientes.map((r) => ({
        key: r.uuid,
        title: `N.º ${r.numero} · ${r.descripcion}`,
        detail: [
          r.equipo ? `${r.equipo.codigo} · ${r.equipo.nombre}` : null,
          r.equipo_detenido ? 'equipo detenido' : null,
          `urgencia ${r.urgencia}`,
        ]
          .filter(Boolean)
          .join(' · '),
      })),
    },
  ];
}

export function LiveWall({ areaName, onExit }: { areaName: string; onExit(): void }) {
  const board = useQuery(wallBoardQueryOptions(), deviceQueryClient);
  useWallStream();
  const panels = useMemo(() => (board.data ? wallPanels(board.data) : []), [board.data]);
  return (
    <WallBoard
      area={board.data?.area.nombre ?? areaName}
      panels={panels}
      updatedAt={
        board.data
          ? new Date(board.data.generado_en).toLocaleTimeString('es-AR', {
              hour: '2-digit',
              minute: '2-digit',
              second: '2-digit',
            })
          : null
      }
      onExit={onExit}
    />
  );
}
