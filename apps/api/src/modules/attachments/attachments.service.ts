import { randomUUID } from 'node:crypto';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import {
  ATTACHMENTS_PER_TASK,
  AttachmentListResponse,
  PROBLEM_REPORT_PHOTOS_MAX,
  AttachmentResponse,
  AttachmentType,
  MESSAGES,
  UploadAttachmentRequest,
} from '@gestar/contracts';
import type { Readable } from 'node:stream';
import { JobsService } from '../../common/jobs/jobs.service';
import { AfterCommit } from '../../database/after-commit';
import { hasPermission, type AuthUser } from '../../common/auth/auth-user';
import { areaScope, inScope } from '../../common/access/access';
import {
  AppException,
  badRequest,
  conflict,
  forbidden,
  insufficientStorage,
  isStorageFull,
  notFound,
} from '../../common/http/app-exception';
import { AssignedTasksService } from '../assigned-tasks/assigned-tasks.service';
import { AttachmentStorage } from './attachment-storage';
import { toAttachmentResponse } from './attachments.mapper';
import { AttachmentsRepository, type NewAttachment } from './attachments.repository';
import { ImagePool } from './image-pool';
import { safeFileName, sniffType, type SniffedType } from './images';
import { AssetFilesAccess } from './asset-files-access';

export interface UploadedFile {
  originalname?: string;
  buffer: Buffer;
  size: number;
}

/** A file on its way out: its bytes and the headers that go with them. */
export interface AttachmentDownload {
  stream: Readable;
  size: number;
  type: string;
  disposition: string;
}

/** A stored file nobody's row names is removed after this long (an upload in progress is younger). */
const ORPHAN_AGE_MS = 60 * 60 * 1000;
/** A description image nobody's description names yet may still be in a form being written. */
const DESCRIPTION_IMAGE_GRACE_MS = 24 * 60 * 60 * 1000;

/** What `store` wrote, for the row that records it. */
export interface StoredFile {
  uuid: string;
  key: string;
  thumbKey: string | null;
  nombre: string;
  type: AttachmentType;
  size: number;
}

/** Where an attachment belongs: an occurrence (maybe a step or comment of it), a machine, a report, or nothing (a description image). */
type AttachmentTarget = Partial<
  Pick<NewAttachment, 'tareaAsignadaUuid' | 'checklistItemUuid' | 'comentarioUuid' | 'equipoUuid' | 'solicitudUuid'>
>;

/** The row of a stored file, uploaded by `creadoPor`, for its target. */
export function storedRow(f: StoredFile, creadoPor: string, target: AttachmentTarget): NewAttachment {
  return {
    uuid: f.uuid,
    tareaAsignadaUuid: target.tareaAsignadaUuid ?? null,
    checklistItemUuid: target.checklistItemUuid ?? null,
    comentarioUuid: target.comentarioUuid ?? null,
    equipoUuid: target.equipoUuid ?? null,
    solicitudUuid: target.solicitudUuid ?? null,
    nombre: f.nombre,
    tipo: f.type,
    tamano: f.size,
    clave: f.key,
    miniaturaClave: f.thumbKey,
    creadoPor,
  };
}

export function requireFile(file: UploadedFile | undefined): UploadedFile {
  if (!file || file.size === 0) {
    const message = MESSAGES.validation.attachmentFileRequired;
    throw badRequest(message, [{ path: 'archivo', message }]);
  }
  return file;
}

export function unsupportedType(): AppException {
  return new AppException(415, MESSAGES.errors.attachmentTypeNotAllowed);
}

@Injectable()
export class AttachmentsService implements OnModuleInit {
  private readonly logger = new Logger('Adjuntos');

  constructor(
    private readonly repo: AttachmentsRepository,
    private readonly storage: AttachmentStorage,
    private readonly assigned: AssignedTasksService,
    private readonly images: ImagePool,
    private readonly jobs: JobsService,
    private readonly afterCommit: AfterCommit,
    private readonly assetFiles: AssetFilesAccess,
  ) {}

  async list(caller: AuthUser, occurrence: string): Promise<AttachmentListResponse> {
    await this.assigned.visibleOccurrence(caller, occurrence);
    return (await this.repo.ofOccurrence(occurrence)).map(toAttachmentResponse);
  }

  /**
   * Checks who may attach and what, re-encodes an image (no EXIF), stores the bytes and then the
   * row with its history entry in one transaction; if the row cannot be written the stored bytes
   * are removed, so a failed upload leaves neither.
   */
  async upload(
    caller: AuthUser,
    occurrence: string,
    input: UploadAttachmentRequest,
    file: UploadedFile | undefined,
  ): Promise<AttachmentResponse> {
    const present = requireFile(file);
    if (input.checklist_item_uuid && input.comentario_uuid) {
      const message = MESSAGES.validation.attachmentTargetBoth;
      throw badRequest(message, [{ path: 'comentario_uuid', message }]);
    }
    await this.assigned.visibleOccurrence(caller, occurrence);
    const sniffed = sniffType(present.buffer);
    if (!sniffed) throw unsupportedType();
    return this.store(present, sniffed, (f) => this.record(caller, occurrence, input, f));
  }

  /**
   * An image for a task's description (any task the caller may create or edit, or one not saved
   * yet): re-encoded like any other, readable by every signed-in person, removed the next night if
   * no description names it.
   */
  async uploadDescriptionImage(caller: AuthUser, file: UploadedFile | undefined): Promise<AttachmentResponse> {
    const present = requireFile(file);
    const sniffed = sniffType(present.buffer);
    if (!sniffed) throw unsupportedType();
    if (sniffed === 'application/pdf') throw new AppException(415, MESSAGES.errors.attachmentImageOnly);
    return this.store(present, sniffed, (f) => this.repo.insert(storedRow(f, caller.uuid, {})));
  }

  /**
   * A photo of a problem report (images only: a PDF is 415). `guard` runs first in the row's
   * transaction: the problem reports lock the report there and check who may add and whether it
   * is still open, so the count below holds against parallel uploads.
   */
  async uploadReportPhoto(
    caller: AuthUser,
    solicitudUuid: string,
    file: UploadedFile | undefined,
    guard: () => Promise<void>,
  ): Promise<AttachmentResponse> {
    const present = requireFile(file);
    const sniffed = sniffType(present.buffer);
    if (!sniffed) throw unsupportedType();
    if (sniffed === 'application/pdf') throw new AppException(415, MESSAGES.problemReports.photoOnlyImage);
    return this.store(present, sniffed, (f) => this.recordReportPhoto(caller, solicitudUuid, guard, f));
  }

  @Transactional()
  private async recordReportPhoto(caller: AuthUser, solicitudUuid: string, guard: () => Promise<void>, f: StoredFile): Promise<void> {
    await guard();
    if ((await this.repo.countOfReport(solicitudUuid)) >= PROBLEM_REPORT_PHOTOS_MAX) {
      throw conflict(MESSAGES.problemReports.photosTooMany);
    }
    await this.repo.insert(storedRow(f, caller.uuid, { solicitudUuid }));
  }

  /** The photos of a problem report (the caller checked who may see it). */
  async ofReport(solicitudUuid: string): Promise<AttachmentListResponse> {
    return (await this.repo.ofReport(solicitudUuid)).map(toAttachmentResponse);
  }

  /** A report's photo: its reporter, or who triages the reports of its area. */
  private async assertSeesReport(caller: AuthUser, solicitudUuid: string): Promise<void> {
    const r = await this.repo.reportOf(solicitudUuid);
    if (!r) throw notFound(MESSAGES.errors.attachmentGone);
    const triages = hasPermission(caller, 'triage:problem-report') && inScope(areaScope(caller), r.area_uuid);
    if (r.creado_por_uuid !== caller.uuid && !triages) throw forbidden(MESSAGES.problemReports.forbidden);
  }

  /**
   * Re-encodes an image (no EXIF), stores the bytes and then lets `write` record the row; if the
   * row cannot be written the stored bytes are removed, so a failed upload leaves neither. A disk
   * that is full (or over its quota) answers 507 with nothing stored.
   */
  async store(
    file: UploadedFile,
    sniffed: SniffedType,
    write: (f: StoredFile) => Promise<void>,
  ): Promise<AttachmentResponse> {
    let bytes = file.buffer;
    let type: AttachmentType;
    let thumbnail: Buffer | null = null;
    if (sniffed === 'application/pdf') {
      type = sniffed;
    } else {
      ({ bytes, type, thumbnail } = await this.images.process(file.buffer, sniffed));
    }
    const uuid = randomUUID();
    const key = `${uuid}${{ 'image/jpeg': '.jpg', 'image/png': '.png', 'image/webp': '.webp', 'application/pdf': '.pdf' }[type]}`;
    const thumbKey = thumbnail ? `${uuid}-miniatura.webp` : null;
    const nombre = safeFileName(file.originalname, type);
    try {
      await this.storage.put(key, bytes);
      if (thumbKey && thumbnail) await this.storage.put(thumbKey, thumbnail);
    } catch (error) {
      // The file without its thumbnail is of no use: neither stays (a full disk is a 507, nothing stored).
      await this.storage.delete(key).catch(() => undefined);
      if (!isStorageFull(error)) throw error;
      this.logger.error(`No queda espacio para los adjuntos (${(error as Error).message}): la subida se rechaza con 507`);
      throw insufficientStorage();
    }
    try {
      await write({ uuid, key, thumbKey, nombre, type, size: bytes.length });
    } catch (error) {
      await this.storage.delete(key);
      if (thumbKey) await this.storage.delete(thumbKey);
      throw error;
    }
    return toAttachmentResponse((await this.repo.find(uuid))!);
  }

  @Transactional()
  private async record(
    caller: AuthUser,
    occurrence: string,
    input: UploadAttachmentRequest,
    f: StoredFile,
  ): Promise<void> {
    // Locks the occurrence: two uploads at once cannot both pass the count.
    const { row } = await this.assigned.visibleOccurrence(caller, occurrence, true);
    if (row.archivada) throw conflict(MESSAGES.errors.assignedTaskArchived);
    if ((await this.repo.count(occurrence)) >= ATTACHMENTS_PER_TASK) throw conflict(MESSAGES.errors.attachmentsTooMany);
    const target = input.checklist_item_uuid ?? input.comentario_uuid;
    const belongs = input.checklist_item_uuid
      ? await this.repo.itemOf(occurrence, input.checklist_item_uuid)
      : input.comentario_uuid
        ? await this.repo.commentOf(occurrence, input.comentario_uuid)
        : true;
    if (target && !belongs) {
      const message = MESSAGES.errors.attachmentTargetNotFound;
      throw badRequest(message, [{ path: input.checklist_item_uuid ? 'checklist_item_uuid' : 'comentario_uuid', message }]);
    }
    await this.repo.insert(
      storedRow(f, caller.uuid, {
        tareaAsignadaUuid: occurrence,
        checklistItemUuid: input.checklist_item_uuid,
        comentarioUuid: input.comentario_uuid,
      }),
    );
    await this.assigned.note(caller, occurrence, 'adjunto', `Adjuntó «${f.nombre}»`);
  }

  /** The file (or its thumbnail) for whoever may see its assigned task. */
  async download(caller: AuthUser, uuid: string, thumbnail: boolean): Promise<AttachmentDownload> {
    const a = await this.repo.find(uuid);
    if (!a) throw notFound(MESSAGES.errors.attachmentGone);
    // A description's image is seen by everyone signed in, like the description itself; a
    // machine's photo and documents by whoever sees machines.
    if (a.tarea_asignada_uuid !== null) await this.assigned.visibleOccurrence(caller, a.tarea_asignada_uuid);
    else if (a.equipo_uuid !== null && !hasPermission(caller, 'read:asset')) throw forbidden(MESSAGES.assets.forbidden);
    else if (a.solicitud_uuid !== null) await this.assertSeesReport(caller, a.solicitud_uuid);
    const key = thumbnail ? a.miniatura_clave : a.clave;
    if (!key) throw notFound(MESSAGES.errors.attachmentGone);
    const stored = await this.storage.read(key);
    if (!stored) throw notFound(MESSAGES.errors.attachmentGone);
    const type = thumbnail ? 'image/webp' : a.tipo;
    const name = thumbnail ? a.nombre.replace(/\.[^.]*$/, '') + '-miniatura.webp' : a.nombre;
    // A PDF is downloaded, never shown inside the app's origin; images are shown.
    const kind = a.tipo === 'application/pdf' && !thumbnail ? 'attachment' : 'inline';
    const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
    return {
      stream: stored.stream,
      size: stored.size,
      type,
      disposition: `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    };
  }

  /**
   * The uploader (while it still sees the task) or a watcher of the task's area deletes a file;
   * one of an occurrence that is finished and archived is kept. A step that requires a photo and
   * loses its last one is unticked (in a finished task that photo cannot be deleted: 409).
   * A description image: its uploader, or an editor of tasks who may edit every task showing it.
   */
  async remove(caller: AuthUser, uuid: string): Promise<{ ok: true }> {
    const { attachment: a, unticked } = await this.deleteRow(caller, uuid);
    // The bytes go once the row's deletion is committed (inside an Idempotency-Key's transaction, after it).
    await this.afterCommit.run(async () => {
      await this.storage.delete(a.clave);
      if (a.miniatura_clave) await this.storage.delete(a.miniatura_clave);
    });
    if (unticked) await this.assigned.checklistChanged(unticked);
    return { ok: true };
  }

  @Transactional()
  private async deleteRow(caller: AuthUser, uuid: string) {
    const a = await this.repo.find(uuid);
    if (!a) throw notFound(MESSAGES.errors.attachmentGone);
    if (a.solicitud_uuid !== null) {
      // A report's photo: whoever added it (the report keeps what the triage saw otherwise).
      if (a.creado_por_uuid !== caller.uuid) throw forbidden(MESSAGES.errors.attachmentDeleteForbidden);
      await this.repo.delete(uuid);
      return { attachment: a, unticked: null };
    }
    if (a.equipo_uuid !== null) {
      await this.assetFiles.assertManages(caller, a.equipo_uuid);
      await this.repo.delete(uuid);
      return { attachment: a, unticked: null };
    }
    if (a.tarea_asignada_uuid === null) {
      if (a.creado_por_uuid !== caller.uuid && !(await this.editsEveryTaskShowing(caller, uuid))) {
        throw forbidden(MESSAGES.errors.descriptionImageDeleteForbidden);
      }
      await this.repo.delete(uuid);
      return { attachment: a, unticked: null };
    }
    const { row, access, finished } = await this.assigned.visibleOccurrence(caller, a.tarea_asignada_uuid, true);
    if (!access.watches && a.creado_por_uuid !== caller.uuid) throw forbidden(MESSAGES.errors.attachmentDeleteForbidden);
    if (row.archivada && finished) throw conflict(MESSAGES.errors.attachmentKept);
    await this.repo.delete(uuid);
    await this.assigned.note(caller, a.tarea_asignada_uuid, 'adjunto', `Eliminó el archivo «${a.nombre}»`);
    const unticked =
      a.checklist_item_uuid !== null &&
      (await this.assigned.photoRemoved(caller, a.tarea_asignada_uuid, a.checklist_item_uuid, finished));
    return { attachment: a, unticked: unticked ? row : null };
  }

  /**
   * Whether the caller may edit every task whose description shows the image (and at least one
   * does: an image no description shows yet may be in its uploader's form, and goes at night).
   */
  private async editsEveryTaskShowing(caller: AuthUser, uuid: string): Promise<boolean> {
    if (!hasPermission(caller, 'update:task')) return false;
    const areas = await this.repo.areasShowingImage(uuid);
    const scope = areaScope(caller);
    return areas.length > 0 && areas.every((area) => inScope(scope, area));
  }

  /** Every night at 04:00 (company time), on the job runtime: both sweeps; either failing fails the run (retried). */
  onModuleInit(): void {
    this.jobs.every({
      name: 'attachments-orphans',
      cron: '0 4 * * *',
      expireInSeconds: 60 * 60,
      run: async () => {
        const images = await this.sweepDescriptionImages().then(
          () => null,
          (err: unknown) => err,
        );
        await this.sweepOrphans();
        if (images) throw images;
      },
    });
  }

  /** Removes the description images (a day old or more) that no task's description names. */
  async sweepDescriptionImages(now = new Date()): Promise<number> {
    const keys = await this.repo.deleteUnusedDescriptionImages(new Date(now.getTime() - DESCRIPTION_IMAGE_GRACE_MS));
    for (const key of keys) await this.storage.delete(key);
    return keys.length;
  }

  /** Removes stored files no row names (older than an hour); answers how many. */
  async sweepOrphans(now = new Date()): Promise<number> {
    const keys = await this.storage.keysOlderThan(new Date(now.getTime() - ORPHAN_AGE_MS));
    let removed = 0;
    for (let i = 0; i < keys.length; i += 500) {
      const batch = keys.slice(i, i + 500);
      const known = await this.repo.knownKeys(batch);
      for (const key of batch) {
        if (known.has(key)) continue;
        await this.storage.delete(key);
        removed++;
      }
    }
    if (removed > 0) this.logger.log(`Se eliminaron ${removed} archivos sin registro`);
    return removed;
  }
}
