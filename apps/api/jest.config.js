// NestJS 12, puppeteer-core 25 and some packages they load ship ES modules only. Node 24 `require`s
// them natively (the built API does), but Jest's own loader does so only under --experimental-vm-modules:
// Jest compiles them to CommonJS instead.
const esmOnly = '(@nestjs|puppeteer-core|@puppeteer/browsers|chromium-bidi|uid|file-type|load-esm|openid-client|oauth4webapi|jose|pg-boss|serialize-error|non-error)';

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  rootDir: '.',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
      },
    ],
    [`/node_modules/${esmOnly}/.+\\.js$`]: ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  transformIgnorePatterns: [`/node_modules/(?!(\\.pnpm/[^/]+/node_modules/)?${esmOnly}/)`],
  globalSetup: '<rootDir>/test/setup/global-setup.ts',
  // A focused test fails the run instead of skipping the others.
  setupFilesAfterEnv: ['<rootDir>/../../packages/contracts/jest.no-focused-tests.js'],
  globalTeardown: '<rootDir>/test/setup/global-teardown.ts',
  testTimeout: 30000,
  maxWorkers: 2,
};
