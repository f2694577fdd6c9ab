import { Injectable } from '@nestjs/common';
import type { AttachmentResponse } from '@gestar/contracts';
import { AttachmentStorage } from './attachment-storage';
import { toAttachmentResponse } from './attachments.mapper';
import { AttachmentsRepository } from './attachments.repository';

/**
 * What other modules may ask of attachments (the assigned tasks' detail and checklist, the
 * reports' PDF): reads only. Attachments are written by AttachmentsService alone.
 */
@Injectable()
export class AttachmentQueries {
  constructor(
    private readonly repo: AttachmentsRepository,
    private readonly storage: AttachmentStorage,
  ) {}

  /** Every file of an occurrence, oldest first, as the API answers it. */
  async ofOccurrence(occurrence: string): Promise<AttachmentResponse[]> {
    return (await this.repo.ofOccurrence(occurrence)).map(toAttachmentResponse);
  }

  /** How many photos a checklist step has. */
  photosOfItem(itemUuid: string): Promise<number> {
    return this.repo.photosOfItem(itemUuid);
  }

  /**
   * The bytes of the first `perOccurrence` thumbnails of each occurrence (by upload time), by
   * occurrence; a file lost from disk is left out.
   */
  async thumbnails(occurrences: readonly string[], perOccurrence: number): Promise<Map<string, Buffer[]>> {
    const byOccurrence = new Map<string, Buffer[]>();
    for (const k of await this.repo.thumbnailsOf(occurrences, perOccurrence)) {
      const stored = await this.storage.read(k.miniatura_clave);
      if (!stored) continue;
      const chunks: Buffer[] = [];
      for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
      const list = byOccurrence.get(k.tarea_asignada_uuid);
      if (list) list.push(Buffer.concat(chunks));
      else byOccurrence.set(k.tarea_asignada_uuid, [Buffer.concat(chunks)]);
    }
    return byOccurrence;
  }
}
