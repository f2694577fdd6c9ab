/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest'] },
  // A focused test fails the run instead of skipping the others.
  setupFilesAfterEnv: ['<rootDir>/jest.no-focused-tests.js'],
};
