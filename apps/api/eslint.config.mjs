// The repository's rules, plus the API's module boundaries (issue 32 §3), enforced by `npm run lint`:
// - a module never imports another module's repository or controller (its module and services, and
//   plain helpers, are what it offers);
// - `src/common` never imports a module.
// The other half, one writer per table, is scripts/table-writers.mjs (also run by `lint`).
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import base from '../../eslint.config.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const modules = readdirSync(join(here, 'src', 'modules'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** An import of another module's repository or controller, from anywhere inside module `self`. */
function foreignInternals(self) {
  const others = modules.filter((m) => m !== self).join('|');
  return `(?:^|/)(?:\\.\\.|modules)/(?:${others})/(?:.*/)?[^/]+\\.(?:repository|controller)$`;
}

export default [
  ...base,
  ...modules.map((m) => ({
    files: [`src/modules/${m}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: foreignInternals(m),
              message:
                'Un módulo no importa el repositorio ni el controlador de otro: use el servicio que ese módulo exporta (importe su módulo).',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['src/common/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(?:^|/)modules/', message: 'common no importa módulos: lo común no depende de ninguna funcionalidad.' }] },
      ],
    },
  },
];
