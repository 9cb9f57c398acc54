import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const restrict = (patterns, message) => ['error', { patterns: patterns.map((group) => ({ group: [group], message })) }];
/** A server layer's own restrictions, on top of "server/ never imports the client". */
// Each rule: [import pattern, why it is refused].
const serverLayer = (...rules) => [
  'error',
  {
    patterns: [
      { group: ['**/client/**'], message: 'server/ never imports the client' },
      ...rules.map(([group, message]) => ({ group: [group], message })),
    ],
  },
];

// Client folders. A feature (client/features/<name>/) keeps its page, state, hooks and components together.
// Import specifiers are relative, so the rules read how far a specifier climbs out of the importing file.
// Each rule is a regular expression on the specifier, checked on static imports, re-exports and import().
const CLIENT_ONLY_HTTP = {
  regex: String.raw`(^|/)(server|emulator)/`,
  message: 'client/ talks to the server over HTTP only',
};
const FEATURE_ENTRY_ONLY = {
  regex: String.raw`(^|/)features/[^/]+/(?!index$).+`,
  message: 'outside a feature, import it only through its public entry (client/features/<name>/index.ts)',
};
const NO_PAGES_OR_FEATURES = {
  regex: String.raw`(^|/)(pages|features)(/|$)`,
  message: 'client/components, client/hooks and client/lib are shared: they never import a page or a feature',
};
// For a file `depth` folders below its feature's root: a specifier that leaves the feature may only reach
// client/components/ui, client/lib, client/api, client/hooks, shared/ or another feature's public entry.
const FEATURE_MAX_DEPTH = 3;
const leavesFeature = (depth) => ({
  regex: String.raw`^(?:\./)?(?:\.\./){${depth + 1}}(?!\.\./(?:components/ui|lib|api|hooks)(?:/|$)|\.\./\.\./shared/|[\w-]+(?:/index)?$)`,
  message:
    "a feature imports only client/components/ui, client/lib, client/api, client/hooks, shared/ and other features' public entries",
});
const TOO_DEEP = {
  regex: String.raw`(^|/)\.\.(/|$)`,
  message: `feature folders nest at most ${FEATURE_MAX_DEPTH} levels below the feature's root`,
};
const restrictClientImports = (...patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
  'no-restricted-syntax': [
    'error',
    ...patterns.map(({ regex, message }) => ({
      // esquery regex literals cannot contain a slash.
      selector: `ImportExpression > Literal[value=/${regex.replaceAll('/', String.raw`\u002F`)}/i]`,
      message,
    })),
  ],
});
const featureRules = [
  ...Array.from({ length: FEATURE_MAX_DEPTH + 1 }, (_, depth) => ({
    files: [`client/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: restrictClientImports(CLIENT_ONLY_HTTP, leavesFeature(depth)),
  })),
  {
    files: [`client/features/*/${'*/'.repeat(FEATURE_MAX_DEPTH + 1)}**/*.{ts,tsx}`],
    rules: restrictClientImports(CLIENT_ONLY_HTTP, TOO_DEEP),
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      'tmp/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // One file, one job: a product file that grows past 400 lines is doing two. Tests, end-to-end
    // specs and the emulator's generated data are exempt.
    files: ['**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'e2e/**', 'emulator/data/**', '**/*.fixtures.ts'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrictClientImports(CLIENT_ONLY_HTTP, FEATURE_ENTRY_ONLY),
    },
  },
  {
    // The schemas are for the server and the tests: the browser bundle carries no zod.
    files: ['client/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/*.schemas'],
              allowTypeImports: true,
              message: 'client/ imports the API and protocol schemas with `import type` only (no zod in the bundle)',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['client/{components,hooks,lib}/**/*.{ts,tsx}'],
    rules: restrictClientImports(CLIENT_ONLY_HTTP, FEATURE_ENTRY_ONLY, NO_PAGES_OR_FEATURES),
  },
  ...featureRules,
  {
    files: ['client/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict(
        ['**/server/**', '**/client/**', '**/emulator/**', 'node:*', 'react'],
        'shared/ is isomorphic',
      ),
    },
  },
  {
    files: ['emulator/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict(['**/server/**', '**/client/**', '**/shared/**'], 'the emulator stands alone'),
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict(['**/client/**'], 'server/ never imports the client'),
    },
  },
  // The server's inner layers: routes and realtime → services → repositories → database. Tests
  // may reach any layer to set up and inspect state.
  {
    files: ['server/http/**/*.ts', 'server/realtime/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': serverLayer(
        ['**/db/**', 'routes and realtime reach data through services'],
        ['**/context', 'routes and realtime receive services from app.ts, never the infrastructure'],
      ),
    },
  },
  {
    files: ['server/services/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': serverLayer([
        '**/http/**',
        'services speak the domain (server/errors.ts), not HTTP; the edges map their errors',
      ]),
    },
  },
  {
    files: ['server/db/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': serverLayer(['**/services/**', 'repositories never call services']),
    },
  },
);
