// Same rules as the repository's eslint.config.mjs, plus React hooks. Kept
// self-contained because the root config's plugins are installed per package.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';

const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The web layering (STYLE.md, issue 32): a feature never imports another feature, and the shared
 * `components/` and `lib/` never import a feature; only `app/` puts features together. Paths are
 * resolved as TypeScript does, so a relative, aliased or dynamic import is caught alike.
 */
const layering = [
  ...FEATURES.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: `features/${feature} no puede importar otra feature: mueva lo compartido a components/ o lib/, o compóngalas en app/.`,
  })),
  ...['components', 'lib', 'test'].map((shared) => ({
    target: `./src/${shared}`,
    from: './src/features',
    message: `${shared}/ no puede importar una feature: lo compartido no depende de ninguna; compóngalas en app/.`,
  })),
];

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
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: layering }],
      // An import the resolver cannot follow would escape the zones above: none may exist.
      'import-x/no-unresolved': ['error', { ignore: ['^virtual:pwa-register'] }],
    },
  },
);
