/** Import of many machines from a spreadsheet: a preview with each row's errors, then all or nothing. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ASSETS_ROUTES } from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';
import { ASSETS_KEY } from './assets';

export function usePreviewImport() {
  return useMutation({
    mutationFn: (file: File) => apiRequest(ASSETS_ROUTES.importPreview, { file: { blob: file, name: file.name } }),
  });
}

export function useImportAssets() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => apiRequest(ASSETS_ROUTES.import, { file: { blob: file, name: file.name } }),
    onSettled: () => client.invalidateQueries({ queryKey: ASSETS_KEY }),
  });
}
