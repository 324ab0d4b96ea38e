// Import boundaries of web/src, run by `make lint` and `npm run lint`. Imports flow one way:
//   client, config -> lib -> components -> features -> app (app/ and the entry files at src/'s root)
// A feature imports shared code and its own files, never another feature: what two features
// share lives in lib/ or components/, and app/ composes features into screens. No cycles.
// There is no list of allowed exceptions: a crossing is moved, not excused.
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import tsParser from "@typescript-eslint/parser";
import importPlugin from "eslint-plugin-import";

const features = readdirSync(new URL("./src/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
// (no-restricted-paths takes either folders or globs in one `from`: app/ is said in globs)
const app = ["./src/app/**", "./src/*.ts", "./src/*.tsx"];

const zones = [
  // Shared code stands under everything: it imports no feature and nothing of app/.
  ...[["./src/features"], app].map((from) => ({
    target: ["./src/client", "./src/config", "./src/lib", "./src/components", "./src/testing"],
    from,
    message: "shared code imports no feature and nothing of app/ (move what both need into lib/ or components/)",
  })),
  { target: ["./src/client", "./src/config", "./src/lib"], from: "./src/components", message: "lib/ stands under components/" },
  { target: "./src/features", from: app, message: "features never import app/: app/ composes them" },
  // One zone per feature folder: nothing from another feature.
  ...features.map((name) => ({
    target: `./src/features/${name}`,
    from: "./src/features",
    except: [`./${name}`],
    message: `features/${name} imports no other feature: share it through lib/ or components/`,
  })),
];

export default [
  { ignores: ["dist/**", "node_modules/**", "e2e/**", "src/client/schema.d.ts"] },
  {
    files: ["src/**/*.{ts,tsx}"],
    languageOptions: { parser: tsParser, ecmaVersion: "latest", sourceType: "module" },
    plugins: { import: importPlugin },
    settings: {
      "import/resolver": { [fileURLToPath(new URL("./scripts/eslint-resolver.cjs", import.meta.url))]: {} },
      "import/extensions": [".ts", ".tsx"],
      "import/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
    },
    // No eslint-disable comment can excuse a crossing: inline configuration is off.
    linterOptions: { noInlineConfig: true },
    rules: {
      "import/no-restricted-paths": ["error", { zones }],
      "import/no-cycle": ["error", { ignoreExternal: true }],
      "import/no-unresolved": ["error", { ignore: ["^[^@.]", "^@[^/]+/"] }],
    },
  },
];
