import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { MESSAGES } from './messages';
import { DATE_PICKER_PLACEHOLDER, DEFAULT_SELECT_PLACEHOLDER } from './constants';

/**
 * Gestar addresses the person as usted (shared DECISIONS.md section 9): no text of the web, the
 * API or the contracts says «tienes», «tu contraseña», «Selecciona una opción» or «Revisa». Every
 * string literal, template literal and JSX text of their sources is read; a tú pronoun or verb, or
 * a sentence that opens with a tú imperative, fails the test with the file and the text.
 */

const REPO = join(__dirname, '..', '..', '..');
const SOURCES = ['apps/web/src', 'apps/api/src', 'packages/contracts/src'];

/** Second-person words that usted never uses (case-sensitive: `TU` is Tuesday in a rule). */
const TU_WORDS =
  /(?<![\p{L}\p{N}_])(?:[Tt]ienes|[Pp]uedes|[Dd]ebes|[Qq]uieres|[Nn]ecesitas|[Ee]stás|[Ee]res|[Tt]us?|te|ti|[Cc]ontigo|[Tt]uy[oa]s?|[Pp]odés|[Tt]enés|[Qq]uerés|[Ii]nténtalo|[Rr]evísalo|[Aa]segúrate|[Oo]lvidaste)(?![\p{L}\p{N}_])/u;

/** A sentence that opens with a tú imperative («Selecciona una opción», «Revisa el enlace»). */
const TU_IMPERATIVE =
  /(?:^|[.:!?¿¡]\s+|\(\s*)(?:Selecciona|Ingresa|Revisa|Intenta|Elige|Escribe|Completa|Vuelve|Inicia|Cambia|Agrega|Usa|Haz|Pulsa|Presiona|Toca|Abre|Espera|Prueba|Confirma|Verifica|Introduce|Guarda|Busca|Marca|Adjunta|Sube|Contacta|Consulta|Pide|Avisa|Recuerda|Cierra)(?![\p{L}\p{N}_])/u;

/** Texts that only look like a tú form: a noun. */
const ALLOWED = new Set(['Prueba $' + '{via}']);

/**
 * Route descriptors' summaries describe what an endpoint does, in the third person («Marca
 * como leída una notificación propia»): the opening-verb check does not apply to them.
 */
const DESCRIBES_ENDPOINTS = /\.routes\.ts$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** String literals, template literals (not `sql` ones) and JSX text, with comments taken out first. */
function textsOf(source: string): string[] {
  const code = source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .filter((line) => !line.trim().startsWith('//'))
    .join('\n');
  const literal = /'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|(?<!sql)`(?:[^`\\]|\\.)*`|>([^<>{}]+)</g;
  return [...code.matchAll(literal)].map((m) => (m[1] ?? m[0].slice(1, -1)).trim()).filter(Boolean);
}

function tuFormIn(text: string, opening = true): string | null {
  if (ALLOWED.has(text)) return null;
  return TU_WORDS.exec(text)?.[0] ?? (opening ? (TU_IMPERATIVE.exec(text)?.[0].trim() ?? null) : null);
}

describe('usted everywhere', () => {
  it('finds the tú forms it is meant to find, and leaves usted and third-person texts alone', () => {
    for (const tu of ['Selecciona una opción', 'Debes completar todos los campos', 'Revisa tu conexión', '¿Olvidaste la clave?', 'Ya puedes ingresar', 'Error. Intenta de nuevo']) {
      expect(tuFormIn(tu)).not.toBeNull();
    }
    for (const usted of ['Seleccione una opción', 'Debe completar todos los campos', 'Revise su conexión', 'Este usuario ingresa con la cuenta de la empresa', 'FREQ=WEEKLY;BYDAY=MO,TU', 'Intente nuevamente']) {
      expect(tuFormIn(usted)).toBeNull();
    }
    expect(textsOf("const a = 'Revisa esto'; // Revisa (comment)\n<Text>Elige una</Text>")).toEqual(['Revisa esto', 'Elige una']);
  });

  it('the catalogue and the placeholders say usted', () => {
    const all: string[] = [];
    const walk = (value: unknown) => {
      if (typeof value === 'string') all.push(value);
      else if (value && typeof value === 'object') Object.values(value).forEach(walk);
    };
    walk(MESSAGES);
    all.push(DEFAULT_SELECT_PLACEHOLDER, DATE_PICKER_PLACEHOLDER);
    expect(all.filter((text) => tuFormIn(text) !== null)).toEqual([]);
  });

  it('no text of the web, the API or the contracts addresses the person as tú', () => {
    const found: string[] = [];
    for (const root of SOURCES) {
      for (const file of sourceFiles(join(REPO, root))) {
        const opening = !DESCRIBES_ENDPOINTS.test(file);
        for (const text of textsOf(readFileSync(file, 'utf8'))) {
          const form = tuFormIn(text, opening);
          if (form) found.push(`${relative(REPO, file)}: «${form}» en «${text.slice(0, 100)}»`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});
