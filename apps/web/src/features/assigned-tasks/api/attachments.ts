/**
 * Files of an assigned task: upload (images shrunk in the browser first) and delete. Their bytes
 * are shown through `useAttachmentUrl` (lib/attachments).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ATTACHMENTS_ROUTES } from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';
import { shrinkImage } from '../../../lib/attachments';
import { ASSIGNED_TASKS_KEY } from './get-board';
import { checklistQueryKey } from './checklist';

export function useUploadAttachment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, checklistItem }: { file: File; checklistItem?: string }) =>
      apiRequest(ATTACHMENTS_ROUTES.upload, {
        params: { id },
        body: checklistItem ? { checklist_item_uuid: checklistItem } : {},
        file: await shrinkImage(file),
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: checklistQueryKey(id) });
      void queryClient.invalidateQueries({ queryKey: [...ASSIGNED_TASKS_KEY, 'history', id] });
    },
  });
}

export function useDeleteAttachment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attachment: string) => apiRequest(ATTACHMENTS_ROUTES.remove, { params: { id: attachment } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: checklistQueryKey(id) });
      void queryClient.invalidateQueries({ queryKey: [...ASSIGNED_TASKS_KEY, 'history', id] });
    },
  });
}
