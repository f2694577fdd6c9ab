/**
 * Machines («Equipos»): the paged catalog, one machine's page, and the changes to them. Every
 * change refreshes what shows machines (the catalog, the pages, the task form's and board's lists).
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ASSETS_ROUTES,
  MESSAGES,
  type AssetState,
  type ChangeAssetStateRequest,
  type CreateAssetRequest,
} from '@gestar/contracts';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { shrinkImage } from '../../../lib/attachments';
import { CACHE_TIMES } from '../../../lib/ui-settings';

/** Root of every machine query (the task form and the board ask under it too). */
export const ASSETS_KEY = ['assets'] as const;
export const ASSETS_PAGE_SIZE = 20;

export interface AssetFilters {
  q: string;
  area: string | null;
  estado: AssetState | null;
  page: number;
}

export function assetsQueryOptions(filters: AssetFilters) {
  return queryOptions({
    queryKey: [...ASSETS_KEY, 'list', filters],
    queryFn: () =>
      apiRequest(ASSETS_ROUTES.list, {
        query: {
          page: filters.page,
          limit: ASSETS_PAGE_SIZE,
          q: filters.q,
          area: filters.area,
          estado: filters.estado,
        },
      }),
    staleTime: CACHE_TIMES.assets,
  });
}

export function useAssets(filters: AssetFilters) {
  return useQuery({ ...assetsQueryOptions(filters), placeholderData: keepPreviousData });
}

/** The machine's page; kept for use without a network like every read (lib/offline-cache). */
export function assetPageQueryOptions(code: string) {
  return queryOptions({
    queryKey: [...ASSETS_KEY, 'page', code.toUpperCase()],
    queryFn: () => apiRequest(ASSETS_ROUTES.get, { params: { code } }),
    staleTime: CACHE_TIMES.assets,
  });
}

export function useAssetPage(code: string) {
  return useQuery(assetPageQueryOptions(code));
}

function useRefreshAssets() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ASSETS_KEY }),
      // Cards and task definitions show the machine's code and name.
      client.invalidateQueries({ queryKey: ['assigned-tasks'] }),
      client.invalidateQueries({ queryKey: ['tasks'] }),
    ]);
}

export interface AssetFiles {
  foto: File | null;
  documentos: File[];
}

/**
 * Uploads the photo (shrunk first) and the documents of `code`, one after the other; answers what
 * could not be sent («archivo: motivo»), the machine itself being saved already.
 */
async function uploadFiles(code: string, files: AssetFiles): Promise<string[]> {
  const failed: string[] = [];
  const send = async (file: File, foto: boolean) => {
    try {
      const body = { foto: foto ? 'true' : 'false' };
      const shrunk = foto ? await shrinkImage(file) : { blob: file, name: file.name };
      // Read into memory first: a file on disk that changes or goes away meanwhile fails the whole request.
      const blob = new Blob([await shrunk.blob.arrayBuffer()], { type: shrunk.blob.type });
      await apiRequest(ASSETS_ROUTES.uploadAttachment, { params: { code }, body, file: { blob, name: shrunk.name } });
    } catch (error) {
      failed.push(`«${file.name}»: ${errorMessage(error, MESSAGES.errors.internal)}`);
    }
  };
  if (files.foto) await send(files.foto, true);
  for (const doc of files.documentos) await send(doc, false);
  return failed;
}

/** Create (`original` null) or edit a machine, then send its files. */
export function useSaveAsset() {
  const refresh = useRefreshAssets();
  return useMutation({
    mutationFn: async ({
      original,
      body,
      files,
    }: {
      original: string | null;
      body: CreateAssetRequest;
      files: AssetFiles;
    }) => {
      const saved = original
        ? await apiRequest(ASSETS_ROUTES.update, { params: { code: original }, body })
        : await apiRequest(ASSETS_ROUTES.create, { body });
      return { saved, failed: await uploadFiles(saved.codigo, files) };
    },
    onSettled: refresh,
  });
}

export function useDeleteAsset() {
  const refresh = useRefreshAssets();
  return useMutation({
    mutationFn: (code: string) => apiRequest(ASSETS_ROUTES.remove, { params: { code } }),
    onSuccess: refresh,
  });
}

export function useChangeAssetState(code: string) {
  const refresh = useRefreshAssets();
  return useMutation({
    mutationFn: (body: ChangeAssetStateRequest) => apiRequest(ASSETS_ROUTES.changeState, { params: { code }, body }),
    onSuccess: refresh,
  });
}

export function useUploadAssetDocument(code: string) {
  const refresh = useRefreshAssets();
  return useMutation({
    mutationFn: async (file: File) => {
      const [failed] = await uploadFiles(code, { foto: null, documentos: [file] });
      if (failed) throw new Error(failed);
    },
    onSettled: refresh,
  });
}

export function useRemoveAssetDocument(code: string) {
  const refresh = useRefreshAssets();
  return useMutation({
    mutationFn: (documentId: string) => apiRequest(ASSETS_ROUTES.removeAttachment, { params: { code, documentId } }),
    onSuccess: refresh,
  });
}
