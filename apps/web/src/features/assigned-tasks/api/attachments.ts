/**
 * Files of an assigned task: upload (images shrunk in the browser first; kept in the outbox without a network) and delete. Their bytes
 * are shown through `useAttachmentUrl` (lib/attachments).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ATTACHMENTS_ROUTES } from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';
import { shrinkImage } from '../../../lib/attachments';
import { sendOrKeep } from '../../../lib/outbox';
import { ASSIGNED_TASKS_KEY } from './get-board';
import { checklistQueryKey } from './checklist';

/**
 * Uploads a photo or file (a photo shrunk first); without a network the shrunk photo is kept in
 * the outbox and sent when the network returns (`step` names the step in the notice if refused).
 */
export function useUploadAttachment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async ({ file, checklistItem, step }: { file: File; checklistItem?: string; step?: string }) => {
      const shrunk = await shrinkImage(file);
      return sendOrKeep(queryClient, {
        kind: 'foto',
        params: { id },
        body: checklistItem ? { checklist_item_uuid: checklistItem } : {},
        file: shrunk,
        task: id,
        label: step ? `Foto «${shrunk.name}» de «${step}»` : `Archivo «${shrunk.name}»`,
      });
    },
    onSuccess: ({ queued }) => {
      if (queued) return;
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
