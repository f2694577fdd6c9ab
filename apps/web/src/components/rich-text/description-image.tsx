/**
 * An image of a description: one uploaded for it (`/api/attachments/{uuid}`) is fetched with the
 * session's token and shown through an object URL; any other (an https URL) is shown as it is.
 */
import type { CSSProperties } from 'react';
import { Skeleton } from '@mantine/core';
import { DESCRIPTION_IMAGE_PATH } from '@gestar/contracts';
import { useAttachmentUrl } from '../../lib/attachments';

export function DescriptionImage({ src, style }: { src: string; style?: CSSProperties }) {
  const uploaded = DESCRIPTION_IMAGE_PATH.test(src);
  const objectUrl = useAttachmentUrl(uploaded ? src : null);
  if (!uploaded) return <img src={src} alt="" loading="lazy" referrerPolicy="no-referrer" style={style} />;
  if (!objectUrl) return <Skeleton height={96} width={128} aria-label="Cargando imagen" />;
  return <img src={objectUrl} alt="" data-uploaded-image style={style} />;
}
