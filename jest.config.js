/** Jest in native ESM mode (the sources are ESM): ts-jest transpiles, `tsc --noEmit` type-checks separately. */
export default {
  preset: "ts-jest/presets/default-esm",
  testEnvironment: "node",
  roots: ["<rootDir>/test", "<rootDir>/pkg"],
  testMatch: ["**/*.test.ts"],
  moduleNameMapper: { "^(\\.{1,2}/.*)\\.js$": "$1" },
  transform: {
    "^.+\\.ts$": ["ts-jest", { useESM: true }],
  },
  testTimeout: 20000,
  globalSetup: "<rootDir>/test/support/global-setup.mjs",
  // Each test file's temp folders (test/support/tempdirs.ts) go after its last test.
  setupFilesAfterEnv: ["<rootDir>/test/support/cleanup.ts"],
};
