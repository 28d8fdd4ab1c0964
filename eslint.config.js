import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["pkg/proto/gen/", "dist/", "node_modules/", "coverage/", ".tools/", "charts/", "jest.config.js", "eslint.config.js"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.ts"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/explicit-module-boundary-types": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "only cmd/ reads process.env" }, { object: "process", property: "exit", message: "only cmd/ exits" }],
    },
  },
  {
    // Plain scripts (the sample app, benchmarks) run on Node.
    files: ["**/*.mjs"],
    languageOptions: {
      globals: Object.fromEntries(
        ["process", "console", "setTimeout", "clearTimeout", "setInterval", "clearInterval", "setImmediate", "Buffer", "URL", "fetch", "AbortController", "performance"].map((name) => [name, "readonly"]),
      ),
    },
  },
  {
    files: ["cmd/**/*.ts", "test/**/*.ts", "bench/**/*.ts", "examples/**/*.ts"],
    rules: { "no-restricted-properties": "off", "@typescript-eslint/explicit-module-boundary-types": "off" },
  },
);
