import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import multer, { MulterError } from 'multer';
import { ATTACHMENT_MAX_BYTES, MESSAGES } from '@gestar/contracts';
import { badRequest, payloadTooLarge } from './app-exception';

/** The file field of an upload. */
export const UPLOAD_FIELD = 'archivo';

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  // Browsers send a file name's UTF-8 bytes without saying so (RFC 7578): read as latin1,
  // «baño.png» became «baÃ±o.png».
  defParamCharset: 'utf8',
}).single(UPLOAD_FIELD);

/** Each request's body is read once, whoever asks first (the idempotency check or the upload route). */
const reads = new WeakMap<Request, Promise<void>>();

/**
 * Reads a multipart upload into memory (one file, at most 10 MB, in `req.file`; text fields in
 * `req.body`): nothing reaches the disk or the database until the whole request has arrived.
 * Limits answer in Spanish: 413 over the size, 400 for anything else malformed.
 */
export function readMultipart(req: Request, res: Response): Promise<void> {
  let read = reads.get(req);
  if (!read) {
    read = new Promise<void>((resolve, reject) => {
      upload(req, res, (error: unknown) => {
        if (!error) return resolve();
        if (error instanceof MulterError && error.code === 'LIMIT_FILE_SIZE') {
          return reject(payloadTooLarge(MESSAGES.errors.attachmentTooLarge));
        }
        const message = MESSAGES.validation.attachmentFileRequired;
        reject(badRequest(message, [{ path: UPLOAD_FIELD, message }]));
      });
    });
    reads.set(req, read);
  }
  return read;
}

/** What identifies a multipart request's content: its text fields, the file's name and a hash of its bytes. */
export function multipartContent(req: Request & { file?: { originalname?: string; buffer?: Buffer } }): string {
  const file = req.file;
  const digest = file?.buffer ? createHash('sha256').update(file.buffer).digest('hex') : '';
  return `multipart:${JSON.stringify(req.body ?? null)}\n${file?.originalname ?? ''}\n${digest}`;
}
