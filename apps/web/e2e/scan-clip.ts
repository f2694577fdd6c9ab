/**
 * A camera clip of a printed label, for Chromium's fake camera (`--use-file-for-fake-video-capture`):
 * the app's own PDF sheet rasterized by poppler as a printer would, the first label cut out of the
 * page, laid on a grey desk and written as a Y4M video (I420) by hand.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { LABEL_SHEET, LABEL_SIZES, labelGrid, type LabelSize } from '@gestar/contracts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../playwright.config';

const DPI = 150;
const FRAME = { width: 640, height: 480 } as const;
const FRAMES = 10;

const px = (mm: number) => Math.round((mm / 25.4) * DPI);

/** A binary PPM (P6): its size and RGB bytes. */
function readPpm(file: string): { width: number; height: number; rgb: Buffer } {
  const bytes = readFileSync(file);
  // Header: P6 <width> <height> <maxval>, separated by whitespace, then one whitespace byte.
  const fields: string[] = [];
  let i = 0;
  while (fields.length < 4) {
    while (/\s/.test(String.fromCharCode(bytes[i]!))) i++;
    let field = '';
    while (!/\s/.test(String.fromCharCode(bytes[i]!))) field += String.fromCharCode(bytes[i++]!);
    fields.push(field);
  }
  if (fields[0] !== 'P6' || fields[3] !== '255') throw new Error(`PPM inesperado: ${fields.join(' ')}`);
  const width = Number(fields[1]);
  const height = Number(fields[2]);
  return { width, height, rgb: bytes.subarray(i + 1, i + 1 + width * height * 3) };
}

/** RGB (BT.601, full range as `C420jpeg` says) to the three planes of I420. */
function toI420(rgb: Buffer, width: number, height: number): Buffer {
  const y = Buffer.alloc(width * height);
  const u = Buffer.alloc((width / 2) * (height / 2));
  const v = Buffer.alloc((width / 2) * (height / 2));
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      const p = (row * width + col) * 3;
      y[row * width + col] = Math.round(0.299 * rgb[p]! + 0.587 * rgb[p + 1]! + 0.114 * rgb[p + 2]!);
    }
  }
  for (let row = 0; row < height; row += 2) {
    for (let col = 0; col < width; col += 2) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dr, dc] of [[0, 0], [0, 1], [1, 0], [1, 1]] as const) {
        const p = ((row + dr) * width + col + dc) * 3;
        r += rgb[p]!;
        g += rgb[p + 1]!;
        b += rgb[p + 2]!;
      }
      [r, g, b] = [r / 4, g / 4, b / 4];
      const i = (row / 2) * (width / 2) + col / 2;
      u[i] = Math.max(0, Math.min(255, Math.round(128 - 0.168736 * r - 0.331264 * g + 0.5 * b)));
      v[i] = Math.max(0, Math.min(255, Math.round(128 + 0.5 * r - 0.418688 * g - 0.081312 * b)));
    }
  }
  return Buffer.concat([y, u, v]);
}

/** Writes `<dir>/etiqueta.y4m`: the first label of the sheet `pdf` (labels of `size`), as the camera sees it. */
export function labelClip(pdf: Buffer, size: LabelSize, dir: string): string {
  const pdfFile = join(dir, 'etiquetas.pdf');
  writeFileSync(pdfFile, pdf);
  const { anchoMm, altoMm } = LABEL_SIZES[size];
  const { columnas, filas } = labelGrid(size);
  const { separacionMm } = LABEL_SHEET;
  const left = (LABEL_SHEET.anchoMm - (columnas * anchoMm + (columnas - 1) * separacionMm)) / 2;
  const top = (LABEL_SHEET.altoMm - (filas * altoMm + (filas - 1) * separacionMm)) / 2;
  // The first label and 2 mm of paper around it.
  const crop = { x: px(left - 2), y: px(top - 2), w: px(anchoMm + 4), h: px(altoMm + 4) };
  if (crop.w > FRAME.width || crop.h > FRAME.height) throw new Error('La etiqueta no entra en la imagen de la cámara');
  const base = join(dir, 'etiqueta');
  execFileSync('pdftoppm', ['-r', String(DPI), '-f', '1', '-l', '1', '-x', String(crop.x), '-y', String(crop.y),
    '-W', String(crop.w), '-H', String(crop.h), '-singlefile', pdfFile, base]);
  const label = readPpm(`${base}.ppm`);

  // The label in the middle of a grey desk.
  const frame = Buffer.alloc(FRAME.width * FRAME.height * 3, 90);
  const ox = Math.floor((FRAME.width - label.width) / 2);
  const oy = Math.floor((FRAME.height - label.height) / 2);
  for (let row = 0; row < label.height; row++) {
    label.rgb.copy(frame, ((oy + row) * FRAME.width + ox) * 3, row * label.width * 3, (row + 1) * label.width * 3);
  }
  const planes = toI420(frame, FRAME.width, FRAME.height);
  const header = Buffer.from(`YUV4MPEG2 W${FRAME.width} H${FRAME.height} F10:1 Ip A1:1 C420jpeg\n`);
  const frames = Array.from({ length: FRAMES }, () => [Buffer.from('FRAME\n'), planes]).flat();
  const file = join(dir, 'etiqueta.y4m');
  writeFileSync(file, Buffer.concat([header, ...frames]));
  return file;
}

/** A browser whose camera films `clip` (and never asks for permission). */
export function browserFilming(clip: string): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${clip}`,
      '--use-fake-ui-for-media-stream',
    ],
  });
}
