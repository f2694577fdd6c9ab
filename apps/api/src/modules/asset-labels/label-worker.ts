// Runs in a worker thread of the label pool (label-pool.ts), never on the API's event loop.
// Self-contained on purpose: only packages are imported, so Node runs this very file from `src`
// (tests, by stripping its types) and its compiled `.js` from `dist` (production).
import { PDFDocument, type PDFFont, StandardFonts } from 'pdf-lib';
import QRCode from 'qrcode';
import sharp from 'sharp';

/** One machine's label: the address its QR code holds and the texts printed beside it. */
export interface LabelItem {
  url: string;
  nombre: string;
  codigo: string;
  area: string;
}

export interface LabelJob {
  kind: 'pdf' | 'png';
  labels: LabelItem[];
  /** The label's size, in millimetres. */
  size: { anchoMm: number; altoMm: number };
  /** The A4 sheet and its grid (PDF only). */
  sheet: { anchoMm: number; altoMm: number; margenMm: number; separacionMm: number };
  grid: { columnas: number; filas: number };
  /** The PDF's title (its document properties). */
  title: string;
}

/** Millimetres per typographic point. */
const PT = 25.4 / 72;
/** Points per millimetre. */
const MM = 72 / 25.4;
/** Pixels per inch of a PNG label. */
const PNG_DPI = 300;
/** Modules of white around the QR symbol inside its square (the standard asks 4; the label's margin adds more). */
const QUIET = 2;

/** A font and the widths of the characters measured so far (at 1 pt). */
type Face = { font: PDFFont; widths: Map<string, number> };
type Metrics = { regular: Face; bold: Face; charset: Set<number> };

/** One piece of a laid-out label, in millimetres from the label's top-left corner. */
type Piece =
  | { kind: 'qr'; x: number; y: number; side: number; modules: { size: number; data: Uint8Array } }
  | { kind: 'text'; x: number; baseline: number; sizePt: number; bold: boolean; gray: boolean; text: string };

function metricsOf(regular: PDFFont, bold: PDFFont): Metrics {
  return { regular: { font: regular, widths: new Map() }, bold: { font: bold, widths: new Map() }, charset: new Set(regular.getCharacterSet()) };
}

/** The text as the standard fonts can write it: line breaks as spaces, other characters as «?». */
function printable(text: string, m: Metrics): string {
  let out = '';
  for (const ch of text.replace(/\s+/g, ' ').trim()) out += m.charset.has(ch.codePointAt(0)!) ? ch : '?';
  return out;
}

/**
 * A text's width, from each character's: without kerning, as the PDF draws it (a plain `Tj`), and
 * fast (pdf-lib encodes the whole text on each call, thousands of times per sheet).
 */
function widthMm(text: string, face: Face, sizePt: number): number {
  let w = 0;
  for (const ch of text) {
    let cw = face.widths.get(ch);
    if (cw === undefined) face.widths.set(ch, (cw = face.font.widthOfTextAtSize(ch, 1)));
    w += cw;
  }
  return w * sizePt * PT;
}

/** The text cut with «…» to fit `maxMm`. */
function truncate(text: string, font: Face, sizePt: number, maxMm: number): string {
  if (widthMm(text, font, sizePt) <= maxMm) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (widthMm(`${text.slice(0, mid).trimEnd()}…`, font, sizePt) <= maxMm) lo = mid;
    else hi = mid - 1;
  }
  return `${text.slice(0, lo).trimEnd()}…`;
}

/** The size (at most `sizePt`, at least `minPt`) at which the text fits `maxMm`, and the text (cut if even that fails). */
function fit(text: string, font: Face, sizePt: number, minPt: number, maxMm: number): { text: string; sizePt: number } {
  const w = widthMm(text, font, sizePt);
  if (w <= maxMm) return { text, sizePt };
  const size = Math.max(minPt, (sizePt * maxMm) / w);
  return { text: truncate(text, font, size, maxMm), sizePt: size };
}

/** Words on at most `maxLines` lines of `maxMm`; a word longer than a line is broken; the last line cut with «…». */
function wrap(text: string, font: Face, sizePt: number, maxMm: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (let word of text.split(' ').filter(Boolean)) {
    const joined = line ? `${line} ${word}` : word;
    if (widthMm(joined, font, sizePt) <= maxMm) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    while (word.length > 1 && widthMm(word, font, sizePt) > maxMm) {
      let cut = word.length - 1;
      while (cut > 1 && widthMm(word.slice(0, cut), font, sizePt) > maxMm) cut--;
      lines.push(word.slice(0, cut));
      word = word.slice(cut);
    }
    line = word;
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const last = lines.slice(maxLines - 1).join(' ');
  const cut = truncate(last, font, sizePt, maxMm);
  return [...lines.slice(0, maxLines - 1), cut === last ? truncate(`${last}…`, font, sizePt, maxMm) : cut];
}

/** A label's pieces: the QR code on the left, the code (large), the name and the area on its right. */
function layout(item: LabelItem, w: number, h: number, m: Metrics): Piece[] {
  const small = h <= 35;
  const pad = small ? 2 : 3;
  const side = Math.min(h - 2 * pad, w * 0.5);
  const top = (h - side) / 2;
  const x = pad + side + (small ? 1.5 : 2.5);
  const textW = w - x - pad;
  const qr = QRCode.create(item.url, { errorCorrectionLevel: 'M' }).modules;
  const pieces: Piece[] = [{ kind: 'qr', x: pad, y: top, side, modules: { size: qr.size, data: qr.data } }];

  const baseCode = Math.min(18, Math.max(8, h * 0.3));
  const code = fit(printable(item.codigo, m), m.bold, baseCode, 5, textW);
  let y = top + (side / (qr.size + 2 * QUIET)) * QUIET + code.sizePt * PT * 0.75;
  pieces.push({ kind: 'text', x, baseline: y, sizePt: code.sizePt, bold: true, gray: false, text: code.text });

  const nameSize = baseCode * 0.65;
  y += nameSize * PT * 0.5;
  for (const line of wrap(printable(item.nombre, m), m.regular, nameSize, textW, small ? 3 : 4)) {
    y += nameSize * PT * 1.15;
    pieces.push({ kind: 'text', x, baseline: y, sizePt: nameSize, bold: false, gray: false, text: line });
  }

  const area = fit(printable(item.area, m), m.regular, baseCode * 0.55, 4, textW);
  const areaBaseline = top + side - (side / (qr.size + 2 * QUIET)) * QUIET - area.sizePt * PT * 0.2;
  if (areaBaseline - area.sizePt * PT * 0.75 > y) {
    pieces.push({ kind: 'text', x, baseline: areaBaseline, sizePt: area.sizePt, bold: false, gray: true, text: area.text });
  }
  return pieces;
}

/** The dark modules as rectangles (runs of a row merged), in millimetres. */
function qrRects(p: Extract<Piece, { kind: 'qr' }>, emit: (x: number, y: number, w: number, h: number) => void): void {
  const { size, data } = p.modules;
  const unit = p.side / (size + 2 * QUIET);
  for (let r = 0; r < size; r++) {
    let c = 0;
    while (c < size) {
      if (!data[r * size + c]) {
        c++;
        continue;
      }
      const start = c;
      while (c < size && data[r * size + c]) c++;
      emit(p.x + (start + QUIET) * unit, p.y + (r + QUIET) * unit, (c - start) * unit, unit);
    }
  }
}

const n = (v: number) => v.toFixed(2);

async function sheetPdf(job: LabelJob): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(job.title);
  doc.setCreator('Gestar');
  doc.setProducer('Gestar');
  const m = metricsOf(doc.embedStandardFont(StandardFonts.Helvetica), doc.embedStandardFont(StandardFonts.HelveticaBold));
  const { anchoMm: w, altoMm: h } = job.size;
  const { columnas, filas } = job.grid;
  const gap = job.sheet.separacionMm;
  const left = (job.sheet.anchoMm - (columnas * w + (columnas - 1) * gap)) / 2;
  const topMm = (job.sheet.altoMm - (filas * h + (filas - 1) * gap)) / 2;
  const pageH = job.sheet.altoMm * MM;
  const perPage = columnas * filas;

  for (let first = 0; first < job.labels.length; first += perPage) {
    const page = doc.addPage([job.sheet.anchoMm * MM, pageH]);
    const fontName = {
      regular: page.node.newFontDictionary('Helvetica', m.regular.font.ref).asString(),
      bold: page.node.newFontDictionary('Helvetica-Bold', m.bold.font.ref).asString(),
    };
    // The page is written as content-stream text, not with pdf-lib's drawing calls: a sheet holds
    // some hundred thousand QR rectangles and thousands of lines, too many to build as objects.
    const frames: string[] = [];
    const modules: string[] = [];
    const texts: string[] = [];
    job.labels.slice(first, first + perPage).forEach((item, i) => {
      const ox = left + (i % columnas) * (w + gap);
      const oy = topMm + Math.floor(i / columnas) * (h + gap);
      frames.push(`${n(ox * MM)} ${n(pageH - (oy + h) * MM)} ${n(w * MM)} ${n(h * MM)} re S`);
      for (const piece of layout(item, w, h, m)) {
        if (piece.kind === 'qr') {
          qrRects(piece, (x, y, rw, rh) =>
            modules.push(`${n((ox + x) * MM)} ${n(pageH - (oy + y + rh) * MM)} ${n(rw * MM)} ${n(rh * MM)} re`),
          );
        } else {
          const face = piece.bold ? m.bold : m.regular;
          texts.push(
            `${piece.bold ? fontName.bold : fontName.regular} ${n(piece.sizePt)} Tf ${piece.gray ? '0.35' : '0'} g` +
              ` 1 0 0 1 ${n((ox + piece.x) * MM)} ${n(pageH - (oy + piece.baseline) * MM)} Tm` +
              ` ${face.font.encodeText(piece.text).toString()} Tj`,
          );
        }
      }
    });
    const content =
      `q 0.8 G 0.25 w\n${frames.join('\n')}\nQ\nq 0 g\n${modules.join('\n')}\nf Q\n` + `BT\n${texts.join('\n')}\nET\n`;
    page.node.addContentStream(doc.context.register(doc.context.flateStream(content)));
  }
  return doc.save();
}

let pngMetrics: Promise<Metrics> | undefined;

const xml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

async function labelPng(job: LabelJob): Promise<Uint8Array> {
  // The PNG's texts are measured with the PDF's font metrics (Liberation Sans, which draws them, has the same widths).
  pngMetrics ??= PDFDocument.create().then((d) =>
    metricsOf(d.embedStandardFont(StandardFonts.Helvetica), d.embedStandardFont(StandardFonts.HelveticaBold)),
  );
  const m = await pngMetrics;
  const { anchoMm: w, altoMm: h } = job.size;
  const item = job.labels[0]!;
  const parts: string[] = [];
  for (const piece of layout(item, w, h, m)) {
    if (piece.kind === 'qr') {
      const d: string[] = [];
      qrRects(piece, (x, y, rw, rh) => d.push(`M${n(x * 10)} ${n(y * 10)}h${n(rw * 10)}v${n(rh * 10)}h${n(-rw * 10)}z`));
      parts.push(`<path fill="#000" shape-rendering="crispEdges" d="${d.join('')}"/>`);
    } else {
      parts.push(
        `<text x="${n(piece.x * 10)}" y="${n(piece.baseline * 10)}" font-size="${n(piece.sizePt * PT * 10)}"` +
          ` font-weight="${piece.bold ? 'bold' : 'normal'}" fill="${piece.gray ? '#595959' : '#000'}">${xml(piece.text)}</text>`,
      );
    }
  }
  // Drawn in tenths of a millimetre (the viewBox), the image sized in pixels at PNG_DPI.
  const px = (mm: number) => Math.round((mm / 25.4) * PNG_DPI);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${px(w)}" height="${px(h)}" viewBox="0 0 ${w * 10} ${h * 10}"` +
    ` font-family="Liberation Sans, Helvetica, Arial, sans-serif">` +
    `<rect width="100%" height="100%" fill="#fff" stroke="#ccc" stroke-width="3"/>${parts.join('')}</svg>`;
  return sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).png({ compressionLevel: 9 }).toBuffer();
}

/** A sheet of labels as PDF, or one label as PNG. */
export default function drawLabels(job: LabelJob): Promise<Uint8Array> {
  return job.kind === 'pdf' ? sheetPdf(job) : labelPng(job);
}
