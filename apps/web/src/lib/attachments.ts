/**
 * Uploaded files in the browser: photos shrunk before they leave the phone, and the bytes of a
 * file or thumbnail fetched with the session's token and shown through an object URL (the API
 * serves them only to those who may see them, never from a public path).
 */
import { useQuery } from '@tanstack/react-query';
import { ATTACHMENT_IMAGE_MAX_SIDE, ATTACHMENTS_ROUTES, matchPath } from '@gestar/contracts';
import { apiRequest } from './api-client';

/**
 * A photo shrunk so its long side is at most 2,048 px (upright, as JPEG); other files, and images
 * the browser cannot decode (HEIC on most), go as they are: the server converts and checks them.
 */
export async function shrinkImage(file: File): Promise<{ blob: Blob; name: string }> {
  if (!/^image\/(jpeg|png|webp)$/.test(file.type)) return { blob: file, name: file.name };
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const scale = Math.min(1, ATTACHMENT_IMAGE_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    if (scale === 1 && file.type !== 'image/jpeg') {
      bitmap.close();
      return { blob: file, name: file.name };
    }
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    if (!blob) return { blob: file, name: file.name };
    return { blob, name: file.name.replace(/\.[^.]*$/, '') + '.jpg' };
  } catch {
    return { blob: file, name: file.name };
  }
}

/**
 * An object URL for `url` (`/api/attachments/:id` or its thumbnail). A file never changes under
 * its uuid, so each is fetched once per session and its object URL kept with the cached query.
 */
export function useAttachmentUrl(url: string | null): string | null {
  const thumb = url ? matchPath(ATTACHMENTS_ROUTES.thumbnail.path, url) : null;
  const file = url && !thumb ? matchPath(ATTACHMENTS_ROUTES.download.path, url) : null;
  const objectUrl = useQuery({
    queryKey: ['attachments', url],
    queryFn: async () => {
      const blob = thumb
        ? await apiRequest(ATTACHMENTS_ROUTES.thumbnail, { params: { id: thumb.id! } })
        : await apiRequest(ATTACHMENTS_ROUTES.download, { params: { id: file!.id! } });
      return URL.createObjectURL(blob as Blob);
    },
    enabled: Boolean(thumb || file),
    staleTime: Infinity,
    gcTime: Infinity,
  });
  return objectUrl.data ?? null;
}
