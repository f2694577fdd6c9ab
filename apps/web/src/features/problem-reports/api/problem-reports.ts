/**
 * «Solicitudes»: the triage list, the caller's own reports, one report with its steps and photos,
 * and the writes. A new report and its photos go through the outbox like every other write: the
 * report is named here (its uuid) so its photos can follow it while there is no network.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AREAS_ROUTES,
  ASSETS_ROUTES,
  PROBLEM_REPORTS_ROUTES,
  type AcceptProblemReportRequest,
  type CreateProblemReportRequest,
  type ProblemReportListQuery,
  type ProblemReportResponse,
} from '@gestar/contracts';
import { apiRequest, newUuid } from '../../../lib/api-client';
import { shrinkImage } from '../../../lib/attachments';
import { sendOrKeep } from '../../../lib/outbox';
import { getSession } from '../../../lib/session';

export const PROBLEM_REPORTS_KEY = ['problem-reports'] as const;

export type ProblemReportFilters = Pick<ProblemReportListQuery, 'estado' | 'area_uuid' | 'equipo'>;

export function problemReportsQueryOptions(filters: ProblemReportFilters & { mias?: boolean }, page: number) {
  const query = Object.fromEntries(
    Object.entries(filters).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  );
  return queryOptions({
    queryKey: [...PROBLEM_REPORTS_KEY, 'list', query, page],
    queryFn: () => apiRequest(PROBLEM_REPORTS_ROUTES.list, { query: { ...query, page, limit: 20 } }),
    placeholderData: keepPreviousData,
  });
}

export function useProblemReports(filters: ProblemReportFilters & { mias?: boolean }, page: number) {
  return useQuery(problemReportsQueryOptions(filters, page));
}

export function problemReportQueryOptions(uuid: string) {
  return queryOptions({
    queryKey: [...PROBLEM_REPORTS_KEY, 'detail', uuid],
    queryFn: () => apiRequest(PROBLEM_REPORTS_ROUTES.get, { params: { id: uuid } }),
  });
}

export function useProblemReport(uuid: string | null) {
  return useQuery({ ...problemReportQueryOptions(uuid ?? ''), enabled: Boolean(uuid) });
}

/** The caller's areas (a report without a machine names one). */
export function useMyAreas() {
  const me = getSession().user?.uuid ?? '';
  return useQuery({
    queryKey: ['areas', 'of-user', me],
    queryFn: () => apiRequest(AREAS_ROUTES.ofUser, { params: { id: me } }),
    enabled: Boolean(me),
    staleTime: 5 * 60_000,
  });
}

/** Machines whose code or name holds `q` (the first 20 by code). */
export function useMachineSearch(q: string) {
  return useQuery({
    queryKey: ['assets', 'search', q],
    queryFn: () => apiRequest(ASSETS_ROUTES.list, { query: { q, limit: 20 } }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

/** One machine by its code (the one a label or a machine's page named). */
export function useMachine(codigo: string | null) {
  return useQuery({
    queryKey: ['assets', 'one', codigo],
    queryFn: () => apiRequest(ASSETS_ROUTES.get, { params: { code: codigo! } }),
    select: (page) => page.equipo,
    enabled: Boolean(codigo),
    staleTime: 60_000,
    retry: false,
  });
}

/** The active people of the report's area (who the task may be assigned to). */
export function useAreaPeople(areaUuid: string | null) {
  return useQuery({
    queryKey: ['areas', 'usuarios'],
    queryFn: () => apiRequest(AREAS_ROUTES.withUsers, {}),
    enabled: Boolean(areaUuid),
    staleTime: 60_000,
    select: (areas) => areas.find((a) => a.uuid === areaUuid)?.usuarios ?? [],
  });
}

/** Open reports of a machine (pending or accepted) other than `except`: where a report may be merged. */
export function useOpenReportsOfMachine(codigo: string | null, except: string) {
  return useQuery({
    queryKey: [...PROBLEM_REPORTS_KEY, 'open-of', codigo],
    queryFn: () => apiRequest(PROBLEM_REPORTS_ROUTES.list, { query: { equipo: codigo ?? undefined, limit: 100 } }),
    enabled: Boolean(codigo),
    select: (page) =>
      page.data.filter((r) => r.uuid !== except && (r.estado === 'pendiente' || r.estado === 'aceptada')),
  });
}

export interface NewReport {
  body: Omit<CreateProblemReportRequest, 'uuid'>;
  photos: File[];
}

/**
 * Sends the report and then each photo (shrunk first); without a network all of it is kept in
 * the outbox, in order, and sent when the network returns. Answers whether it was kept.
 */
export function useCreateProblemReport() {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async ({ body, photos }: NewReport): Promise<{ queued: boolean; uuid: string }> => {
      const uuid = newUuid();
      const short = body.descripcion.length > 50 ? `${body.descripcion.slice(0, 50)}…` : body.descripcion;
      const sent = await sendOrKeep<ProblemReportResponse>(client, {
        kind: 'solicitud',
        params: {},
        body: { ...body, uuid },
        task: uuid,
        label: `Solicitud «${short}»`,
      });
      let queued = sent.queued;
      for (const photo of photos) {
        const shrunk = await shrinkImage(photo);
        const r = await sendOrKeep(client, {
          kind: 'solicitud_foto',
          params: { id: uuid },
          body: {},
          file: shrunk,
          task: uuid,
          label: `Foto «${shrunk.name}» de la solicitud «${short}»`,
        });
        queued ||= r.queued;
      }
      return { queued, uuid };
    },
    onSuccess: () => client.invalidateQueries({ queryKey: PROBLEM_REPORTS_KEY }),
  });
}

function useTriage<V>(send: (uuid: string, value: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, value }: { uuid: string; value: V }) => send(uuid, value),
    onSettled: () => client.invalidateQueries({ queryKey: PROBLEM_REPORTS_KEY }),
  });
}

export const useAcceptProblemReport = () =>
  useTriage((id, body: AcceptProblemReportRequest) =>
    apiRequest(PROBLEM_REPORTS_ROUTES.accept, { params: { id }, body }),
  );
export const useMergeProblemReport = () =>
  useTriage((id, en: string) => apiRequest(PROBLEM_REPORTS_ROUTES.merge, { params: { id }, body: { en } }));
export const useRejectProblemReport = () =>
  useTriage((id, motivo: string) => apiRequest(PROBLEM_REPORTS_ROUTES.reject, { params: { id }, body: { motivo } }));
export const useResolveProblemReport = () =>
  useTriage((id, _: void) => apiRequest(PROBLEM_REPORTS_ROUTES.resolve, { params: { id } }));
