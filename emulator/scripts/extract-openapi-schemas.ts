/**
 * Extracts, from GitHub's official OpenAPI description (npm package @octokit/openapi, file
 * generated/api.github.com.json), the response schemas of exactly the endpoints the emulator
 * serves, with every $ref they need, into test/fixtures/github-openapi-schemas.json.
 *
 * The package is ~385 MB unpacked, so it is not a dependency: `npm pack` downloads the tarball
 * into a temporary directory and only the one JSON file is extracted.
 *
 *   node --import tsx emulator/scripts/extract-openapi-schemas.ts [path/to/package/generated/api.github.com.json]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

type Schema = { [key: string]: unknown };

const ENDPOINTS: [method: string, path: string][] = [
  ['get', '/user'],
  ['get', '/user/emails'],
  ['get', '/users/{username}'],
  ['get', '/users/{username}/repos'],
  ['get', '/users/{username}/events/public'],
  ['get', '/search/repositories'],
  ['get', '/search/issues'],
  ['get', '/repos/{owner}/{repo}'],
  ['get', '/repos/{owner}/{repo}/contributors'],
  ['get', '/repos/{owner}/{repo}/releases'],
  ['get', '/repos/{owner}/{repo}/issues'],
  ['post', '/repos/{owner}/{repo}/issues'],
  ['get', '/repos/{owner}/{repo}/issues/{issue_number}'],
  ['get', '/repos/{owner}/{repo}/releases/latest'],
  ['get', '/repos/{owner}/{repo}/events'],
  ['get', '/repos/{owner}/{repo}/contents/{path}'],
  ['get', '/repos/{owner}/{repo}/commits/{ref}'],
  ['delete', '/applications/{client_id}/grant'],
  ['delete', '/applications/{client_id}/token'],
  ['get', '/rate_limit'],
];

const EVENT_PAYLOADS: Record<string, string> = {
  PushEvent: 'push-event',
  IssuesEvent: 'issues-event',
  PullRequestEvent: 'pull-request-event',
  WatchEvent: 'watch-event',
  CreateEvent: 'create-event',
  ReleaseEvent: 'release-event',
};

function obtainDescription(): { doc: Schema; version: string } {
  const given = process.argv[2];
  if (given) {
    // An extracted package keeps its package.json two levels up (package/generated/api.github.com.json).
    let version = 'local file';
    try {
      const pkg = JSON.parse(readFileSync(join(dirname(given), '..', 'package.json'), 'utf8')) as { version: string };
      version = pkg.version;
    } catch {
      // A bare description file: its version stays unknown.
    }
    return { doc: JSON.parse(readFileSync(given, 'utf8')) as Schema, version };
  }
  const dir = mkdtempSync(join(tmpdir(), 'octokit-openapi-'));
  try {
    execFileSync('npm', ['pack', '@octokit/openapi', '--silent', '--pack-destination', dir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'));
    if (!tarball) throw new Error('npm pack produced no tarball');
    execFileSync('tar', [
      'xzf',
      join(dir, tarball),
      '-C',
      dir,
      'package/generated/api.github.com.json',
      'package/package.json',
    ]);
    const pkg = JSON.parse(readFileSync(join(dir, 'package/package.json'), 'utf8')) as { version: string };
    return {
      doc: JSON.parse(readFileSync(join(dir, 'package/generated/api.github.com.json'), 'utf8')) as Schema,
      version: pkg.version,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function main(): void {
  const { doc, version } = obtainDescription();
  const components = doc.components as { schemas: Record<string, Schema>; responses: Record<string, Schema> };
  const needed = new Set<string>();

  // Rewrites #/components/schemas/X to the fixture's "components#/definitions/X" and records X.
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!node || typeof node !== 'object') return node;
    const out: Schema = {};
    for (const [k, v] of Object.entries(node as Schema)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')) {
        const name = v.slice('#/components/schemas/'.length);
        needed.add(name);
        out.$ref = `components#/definitions/${name}`;
      } else if (k === 'example' || k === 'examples') {
        // Examples are documentation only; dropping them keeps the fixture small.
      } else {
        out[k] = rewrite(v);
      }
    }
    // ajv applies `nullable` only next to `type`; a nullable $ref/allOf/oneOf becomes "that or null".
    // OpenAPI 3.0.3: nullable adds null to an enum too; ajv wants it listed explicitly.
    if (out.nullable === true && Array.isArray(out.enum) && !out.enum.includes(null))
      out.enum = [...(out.enum as unknown[]), null];
    if (out.nullable === true && out.type === undefined) {
      delete out.nullable;
      return { anyOf: [out, { type: 'null' }] };
    }
    return out;
  };

  const endpoints: Record<string, Record<string, Schema | null>> = {};
  for (const [method, path] of ENDPOINTS) {
    const op = (doc.paths as Record<string, Record<string, { responses: Record<string, Schema> }>>)[path]?.[method];
    if (!op) throw new Error(`${method.toUpperCase()} ${path} is not in the description`);
    const responses: Record<string, Schema | null> = {};
    for (const [status, raw] of Object.entries(op.responses)) {
      let response = raw;
      if (typeof response.$ref === 'string')
        response = components.responses[response.$ref.split('/').pop() as string] as Schema;
      const content = response.content as Record<string, { schema?: Schema }> | undefined;
      const schema = content?.['application/json']?.schema;
      responses[status] = schema ? (rewrite(schema) as Schema) : null;
    }
    endpoints[`${method.toUpperCase()} ${path}`] = responses;
  }
  for (const name of Object.values(EVENT_PAYLOADS)) needed.add(name);

  // Closure over nested references.
  const definitions: Record<string, unknown> = {};
  const queue = [...needed];
  while (queue.length > 0) {
    const name = queue.pop() as string;
    if (name in definitions) continue;
    const before = new Set(needed);
    definitions[name] = rewrite(components.schemas[name]);
    for (const n of needed) if (!before.has(n)) queue.push(n);
  }

  // The description's event payload is a oneOf whose PublicEvent branch is `{type: object}`,
  // which matches every payload, so no real event can satisfy "exactly one". It becomes anyOf,
  // and the test additionally checks each payload against the schema of its event type.
  const event = definitions.event as { properties: { payload: Schema } };
  event.properties.payload = { anyOf: event.properties.payload.oneOf };

  const fixture = {
    source: `@octokit/openapi ${version}, generated/api.github.com.json (OpenAPI ${String(doc.openapi)})`,
    notes: [
      '$refs point into the "components" schema (definitions); OpenAPI 3.0 `nullable` is kept for ajv to honour.',
      'A `nullable: true` without `type` (on $ref/allOf/oneOf) was rewritten to anyOf [schema, {type: null}]; nullable enums list null.',
      'event.payload oneOf was rewritten to anyOf (PublicEvent matches any object); see eventPayloads.',
    ],
    endpoints,
    eventPayloads: Object.fromEntries(
      Object.entries(EVENT_PAYLOADS).map(([type, name]) => [type, { $ref: `components#/definitions/${name}` }]),
    ),
    components: {
      $id: 'components',
      definitions: Object.fromEntries(Object.entries(definitions).sort(([a], [b]) => a.localeCompare(b))),
    },
  };
  const target = new URL('../test/fixtures/github-openapi-schemas.json', import.meta.url);
  writeFileSync(target, `${JSON.stringify(fixture, null, 1)}\n`);
  console.log(
    `wrote ${target.pathname}: ${Object.keys(endpoints).length} endpoints, ${Object.keys(definitions).length} schemas`,
  );
}

main();
