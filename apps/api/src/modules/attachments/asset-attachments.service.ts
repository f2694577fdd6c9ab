import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { AttachmentResponse, MESSAGES, UploadAssetAttachmentRequest } from '@gestar/contracts';
import type { AuthUser } from '../../common/auth/auth-user';
import { AppException, conflict, notFound } from '../../common/http/app-exception';
import { AssetsService } from '../assets/assets.service';
import { AttachmentsRepository } from './attachments.repository';
import { AttachmentsService, requireFile, storedRow, StoredFile, unsupportedType, UploadedFile } from './attachments.service';
import { sniffType } from './images';

const m = MESSAGES.assets;
/** Files one machine may hold (its photos and manuals). */
export const ATTACHMENTS_PER_ASSET = 20;

/**
 * A machine's photo and documents (issue 33 §1): stored like any attachment (images re-encoded by
 * the image worker, PDFs as they are), the row naming the machine. `foto=true` makes the image the
 * machine's photo (AssetsService writes `equipos.foto_uuid`).
 */
@Injectable()
export class AssetAttachmentsService {
  constructor(
    private readonly assets: AssetsService,
    private readonly attachments: AttachmentsService,
    private readonly repo: AttachmentsRepository,
  ) {}

  async upload(
    caller: AuthUser,
    code: string,
    input: UploadAssetAttachmentRequest,
    file: UploadedFile | undefined,
  ): Promise<AttachmentResponse> {
    const present = requireFile(file);
    const asset = await this.assets.manageable(caller, code);
    const sniffed = sniffType(present.buffer);
    if (!sniffed) throw unsupportedType();
    if (input.foto && sniffed === 'application/pdf') throw new AppException(415, m.fotoNotImage);
    return this.attachments.store(present, sniffed, (f) => this.record(caller, asset.uuid, input.foto, f));
  }

  @Transactional()
  private async record(caller: AuthUser, equipoUuid: string, foto: boolean, f: StoredFile): Promise<void> {
    // Locks the machine: two uploads at once cannot both pass the count.
    await this.assets.lock(equipoUuid);
    if ((await this.repo.countOfAsset(equipoUuid)) >= ATTACHMENTS_PER_ASSET) throw conflict(m.attachmentsTooMany);
    await this.repo.insert(storedRow(f, caller.uuid, { equipoUuid }));
    if (foto) await this.assets.setPhoto(equipoUuid, f.uuid);
  }

  /** A photo or document of the machine `code` (404 if it is another's). */
  async remove(caller: AuthUser, code: string, documentId: string): Promise<{ ok: true }> {
    const asset = await this.assets.manageable(caller, code);
    const a = await this.repo.find(documentId);
    if (!a || a.equipo_uuid !== asset.uuid) throw notFound(m.documentNotFound);
    return this.attachments.remove(caller, documentId);
  }
}
