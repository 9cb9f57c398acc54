import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, it } from 'vitest';

// The client's room store applies every room event in one switch whose default only type-checks
// when no event type is left (client/features/chat/state/room-store.ts). This compiles the store
// as it is, and with the protocol given one more event type, as adding one would.

const STORE = fileURLToPath(new URL('../client/features/chat/state/room-store.ts', import.meta.url));
const SOURCE = readFileSync(STORE, 'utf8');
/** The store's import of the protocol's event union (its path, as the store spells it). */
const PROTOCOL_IMPORT = /^import type \{ RoomEvent \} from '([^']+)';$/m;

/** Type-checks room-store.ts, its protocol import replaced by `replacement`; the store's own errors. */
function storeErrors(replacement: (protocolPath: string) => string): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    fileURLToPath(new URL('../tsconfig.client.json', import.meta.url)),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
  );
  if (!config) throw new Error('tsconfig.client.json not read');
  const found = PROTOCOL_IMPORT.exec(SOURCE);
  expect(found).not.toBeNull();
  const source = SOURCE.replace(PROTOCOL_IMPORT, replacement(found?.[1] ?? ''));
  const host = ts.createCompilerHost(config.options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, language, ...rest) =>
    fileName === STORE ? ts.createSourceFile(fileName, source, language) : getSourceFile(fileName, language, ...rest);
  const program = ts.createProgram([STORE], config.options, host);
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(STORE))
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

it('compiles as it is, and fails once the protocol gains an event type without a case', { timeout: 60_000 }, () => {
  expect(storeErrors((path) => `import type { RoomEvent } from '${path}';`)).toEqual([]);
  const errors = storeErrors(
    (path) =>
      `import type { RoomEvent as ProtocolEvent } from '${path}';\n` +
      "type RoomEvent = ProtocolEvent | { type: 'thread.created'; thread_id: string };",
  );
  expect(errors.join('\n')).toMatch(/does not satisfy the expected type 'never'/);
});
