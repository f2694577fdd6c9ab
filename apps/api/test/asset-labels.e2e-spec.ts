/**
 * Machine labels (issue 33, section 3): a PDF sheet of QR labels and one label as PNG. The QR codes
 * are read back with a decoder and the PDF with poppler, against a real PostgreSQL.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import jsQR from 'jsqr';
import sharp from 'sharp';
import {
  AssetPageResponseSchema,
  HealthResponseSchema,
  labelGrid,
  labelsNoAccess,
  labelsUnknownCodes,
  LABEL_SIZES,
  MESSAGES,
} from '@gestar/contracts';
import { areaUuid, createTestApp, expectError, parseWith, TestApp, tokenFor } from './support/test-app';

const e = MESSAGES.errors;
const v = MESSAGES.validation;
const APP_URL = 'https://gestar.muebles.test';
type Auth = { Authorization: string };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function binary(
  res: { on(e: string, cb: (c?: Buffer) => void): void },
  cb: (err: Error | null, body: Buffer) => void,
) {
  const chunks: Buffer[] = [];
  res.on('data', (c?: Buffer) => c && chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
}

/** The text a QR code in the image holds (null when none is found). */
async function readQr(image: Buffer | { file: string }): Promise<string | null> {
  const input = Buffer.isBuffer(image) ? sharp(image) : sharp(image.file);
  const { data, info } = await input.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)?.data ?? null;
}

const code = (i: number) => `EQ-${String(i).padStart(3, '0')}`;

describe('machine labels', () => {
  let t: TestApp;
  let dir: string;
  let admin: Auth;
  let supervisor: Auth;
  let operario: Auth;
  let chofer: Auth;

  const sheet = (who: Auth, query: Record<string, string>) =>
    t.http.get('/api/assets/labels.pdf').query(query).set(who).buffer(true).parse(binary);
  const png = (who: Auth, c: string, query: Record<string, string> = {}) =>
    t.http.get(`/api/assets/${encodeURIComponent(c)}/label.png`).query(query).set(who).buffer(true).parse(binary);
  const pdfText = (bytes: Buffer) => {
    const file = join(dir, `hoja-${Math.random().toString(36).slice(2)}.pdf`);
    writeFileSync(file, bytes);
    // In the order the labels were drawn, each name on one line however it was wrapped.
    const raw = execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' });
    return { file, text: raw.replace(/\s+/g, ' ') };
  };
  const pages = (file: string) => Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gestar-etiquetas-'));
    t = await createTestApp({ env: { APP_URL, LABEL_WORKERS: '1', LABEL_QUEUE: '1' } });
    [admin, supervisor, operario, chofer] = await Promise.all(
      ['admin', 'supervisor', 'operario', 'jruiz'].map(async (u) => ({ Authorization: `Bearer ${await tokenFor(t, u)}` })),
    );
    const carp = await areaUuid(t, 'Carpintería');
    const log = await areaUuid(t, 'Logística');
    await t.ds.query(
      `INSERT INTO equipos (codigo, nombre, area_uuid)
       SELECT 'EQ-' || lpad(i::text, 3, '0'), 'Sierra circular de mesa n.º ' || i, $1 FROM generate_series(1, 500) i`,
      [carp],
    );
    await t.ds.query(`INSERT INTO equipos (codigo, nombre, area_uuid) VALUES
      ('LOG-01', 'Autoelevador eléctrico', $2),
      ('labels.pdf', 'Prensa con un código desafortunado', $1),
      ('RARO_1.b', $3, $1)`, [carp, log, 'Tupí <script>alert(1)</script> & «cabina» 😀 木工 línea\nsegunda']);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('one label as PNG: its QR code holds the address of the machine page, whatever case the code is asked in', async () => {
    const res = await png(operario, 'eq-007', { tamano: 'pequena' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const meta = await sharp(res.body as Buffer).metadata();
    expect([meta.width, meta.height]).toEqual([614, 354]); // 52 x 30 mm at 300 ppp
    expect(await readQr(res.body as Buffer)).toBe(`${APP_URL}/equipos/EQ-007`);

    const big = await png(admin, 'EQ-500');
    expect(big.status).toBe(200);
    expect(await readQr(big.body as Buffer)).toBe(`${APP_URL}/equipos/EQ-500`);
  });

  it('a sheet: names, codes and area in the given order, and a QR code that reads back from the printed page', async () => {
    const res = await sheet(supervisor, { codes: 'EQ-002,eq-001', tamano: 'mediana' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Etiquetas-2-equipos.pdf"');
    const { file, text } = pdfText(res.body as Buffer);
    expect(pages(file)).toBe(1);
    expect(text.indexOf('EQ-002')).toBeGreaterThanOrEqual(0);
    expect(text.indexOf('EQ-002')).toBeLessThan(text.indexOf('EQ-001'));
    expect(text).toContain('Sierra circular de mesa n.º 2');
    expect(text).toContain('Carpintería');

    // As a printer would: the page at 200 ppp, the first label cut out of it.
    execFileSync('pdftoppm', ['-r', '200', '-png', '-f', '1', '-l', '1', file, join(dir, 'pagina')]);
    const page = join(dir, readdirSync(dir).find((f) => f.startsWith('pagina'))!);
    const px = (mm: number) => Math.round((mm / 25.4) * 200);
    const { anchoMm, altoMm } = LABEL_SIZES.mediana;
    const label = await sharp(page).extract({ left: px(10), top: px(10), width: px(anchoMm + 6), height: px(altoMm + 4) }).png().toBuffer();
    expect(await readQr(label)).toBe(`${APP_URL}/equipos/EQ-002`);
  });

  it('500 labels: one sheet in under 5 s, on the pages the grid says, while the API keeps answering', async () => {
    const codes = Array.from({ length: 500 }, (_, i) => code(i + 1)).join(',');
    await sheet(admin, { codes: 'EQ-001' }); // the worker's first start
    const delay = monitorEventLoopDelay({ resolution: 10 });
    const health: number[] = [];
    let drawing = true;
    delay.enable();
    const t0 = performance.now();
    const drawn = Promise.resolve(sheet(admin, { codes, tamano: 'pequena' })).finally(() => (drawing = false));
    while (drawing) {
      const h0 = performance.now();
      const res = await t.http.get('/api/health');
      health.push(performance.now() - h0);
      parseWith(HealthResponseSchema, res.body);
      await sleep(25);
    }
    const res = await drawn;
    const elapsed = performance.now() - t0;
    delay.disable();
    expect(res.status).toBe(200);
    expect(elapsed).toBeLessThan(5000);
    expect(delay.percentile(99) / 1e6).toBeLessThan(100);
    expect(Math.max(...health)).toBeLessThan(1000);

    const { file, text } = pdfText(res.body as Buffer);
    expect(pages(file)).toBe(Math.ceil(500 / labelGrid('pequena').porHoja));
    for (const c of ['EQ-001', 'EQ-250', 'EQ-500']) expect(text).toContain(c);
  });

  it('/api/assets/labels.pdf is the sheet, even beside a machine coded «labels.pdf»; /api/assets/:code is the machine', async () => {
    expectError(await t.http.get('/api/assets/labels.pdf').set(admin), 400, v.labelCodesRequired);
    const machine = await t.http.get('/api/assets/EQ-001').set(admin);
    expect(machine.status).toBe(200);
    expect(parseWith(AssetPageResponseSchema, machine.body).equipo.codigo).toBe('EQ-001');
    const res = await sheet(admin, { codes: 'labels.pdf' });
    expect(res.status).toBe(200);
    expect(pdfText(res.body as Buffer).text).toContain('Prensa con un código desafortunado');
    const one = await png(admin, 'labels.pdf');
    expect(one.status).toBe(200);
    expect(await readQr(one.body as Buffer)).toBe(`${APP_URL}/equipos/labels.pdf`);
  });

  it('names with markup, emoji, other scripts and line breaks are printed, not refused', async () => {
    const res = await sheet(admin, { codes: 'RARO_1.b', tamano: 'grande' });
    expect(res.status).toBe(200);
    const { text } = pdfText(res.body as Buffer);
    expect(text).toContain('RARO_1.b');
    // Characters the label's font lacks are printed as «?»; a word longer than a line is broken.
    expect(text.replace(/ /g, '')).toContain('Tupí<script>alert(1)</script>&«cabina»???líneasegunda');
    const one = await png(admin, 'RARO_1.b', { tamano: 'grande' });
    expect(one.status).toBe(200);
    expect(await readQr(one.body as Buffer)).toBe(`${APP_URL}/equipos/RARO_1.b`);
  });

  describe('refused', () => {
    it('501 codes: 400 saying the limit', async () => {
      const codes = Array.from({ length: 501 }, (_, i) => `X-${i}`).join(',');
      const body = expectError(await t.http.get('/api/assets/labels.pdf').query({ codes }).set(admin), 400, v.labelCodesMax);
      expect(body.errors).toEqual([{ path: 'codes', message: v.labelCodesMax }]);
    });

    it('unknown codes: 404 naming them', async () => {
      const res = await t.http.get('/api/assets/labels.pdf').query({ codes: 'EQ-001,NO-1,EQ-002,no-2' }).set(admin);
      expectError(res, 404, labelsUnknownCodes(['NO-1', 'no-2']));
      expectError(await t.http.get('/api/assets/NO-1/label.png').set(admin), 404, e.labelAssetNotFound);
    });

    it('a supervisor, or an operario, and a machine of another area: 403 naming it', async () => {
      for (const who of [supervisor, operario]) {
        expectError(await t.http.get('/api/assets/labels.pdf').query({ codes: 'EQ-001,LOG-01' }).set(who), 403, labelsNoAccess(['LOG-01']));
        expectError(await t.http.get('/api/assets/LOG-01/label.png').set(who), 403, e.labelNoAccessAsset);
      }
      expect((await sheet(chofer, { codes: 'LOG-01' })).status).toBe(200);
      expect((await sheet(admin, { codes: 'LOG-01,EQ-001' })).status).toBe(200);
    });

    it('codes with odd characters and an unknown size: 400 in Spanish', async () => {
      for (const codes of ['SIE 01', '../etc/passwd', '<b>x</b>', 'Ñ-1', 'X'.repeat(21)]) {
        expectError(await t.http.get('/api/assets/labels.pdf').query({ codes }).set(admin), 400, v.labelCodeInvalid);
      }
      for (const c of ['<b>x</b>', 'a b', '%E0%A4%A', '..']) {
        const res = await t.http.get(`/api/assets/${encodeURIComponent(c)}/label.png`).set(admin);
        expect([400, 404]).toContain(res.status);
        expectError(res, res.status);
      }
      expectError(await t.http.get('/api/assets/a%20b/label.png').set(admin), 400, v.labelCodeInvalid);
      expectError(await t.http.get('/api/assets/labels.pdf').query({ codes: 'EQ-001', tamano: 'gigante' }).set(admin), 400, v.labelSizeInvalid);
    });

    it('without a session: 401', async () => {
      expectError(await t.http.get('/api/assets/labels.pdf').query({ codes: 'EQ-001' }), 401);
      expectError(await t.http.get('/api/assets/EQ-001/label.png'), 401);
    });

    it('more sheets at once than workers and queue: 503 with Retry-After for the rest, every other sheet whole', async () => {
      const codes = Array.from({ length: 300 }, (_, i) => code(i + 1)).join(',');
      const all = await Promise.all(Array.from({ length: 4 }, () => t.http.get('/api/assets/labels.pdf').query({ codes }).set(admin).buffer(true).parse(binary)));
      const ok = all.filter((r) => r.status === 200);
      const busy = all.filter((r) => r.status === 503);
      expect(ok.length + busy.length).toBe(4);
      expect(ok.length).toBeGreaterThanOrEqual(2);
      expect(busy.length).toBeGreaterThanOrEqual(1);
      for (const r of busy) {
        expect(r.headers['retry-after']).toBe('5');
        expect(JSON.parse((r.body as Buffer).toString('utf8')).message).toBe(e.labelsBusy);
      }
      for (const r of ok) expect(pdfText(r.body as Buffer).text).toContain('EQ-300');
    });
  });
});
