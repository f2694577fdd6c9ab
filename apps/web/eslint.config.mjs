// Same rules as the repository's eslint.config.mjs, plus React hooks. Kept
// self-contained because the root config's plugins are installed per package.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import path from 'node:path';

const SRC = path.resolve(import.meta.dirname, 'src');

/** `features/<name>` of a path inside src/, or the top folder (`components`, `lib`, `app`). */
function layerOf(file) {
  const [top, name] = path.relative(SRC, file).split(path.sep);
  return top === 'features' ? { top, feature: name } : { top };
}

/**
 * The web layering (STYLE.md): a feature never imports another feature, and the shared
 * `components/` and `lib/` never import a feature; only `app/` puts features together.
 */
const layering = {
  rules: {
    imports: {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const from = layerOf(context.filename);
        if (from.top === '..') return {};
        const check = (node) => {
          const spec = node.source?.value;
          if (typeof spec !== 'string' || !spec.startsWith('.')) return;
          const to = layerOf(path.resolve(path.dirname(context.filename), spec));
          if (to.top !== 'features') return;
          if (from.top === 'features' && from.feature !== to.feature) {
            context.report({
              node,
              message: `features/${from.feature} no puede importar features/${to.feature}: mueva lo compartido a components/ o lib/.`,
            });
          } else if (from.top === 'components' || from.top === 'lib') {
            context.report({
              node,
              message: `${from.top}/ no puede importar features/${to.feature}: lo compartido no depende de una feature.`,
            });
          }
        };
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: check,
        };
      },
    },
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/.artifacts/**',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { layering },
    rules: { 'layering/imports': 'error' },
  },
);
