import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createEmulator, type Emulator, type EmulatorOptions } from './index';

export interface StartedEmulator {
  url: string;
  close(): Promise<void>;
  emulator: Emulator;
}

/** Starts the emulator on 127.0.0.1 (port 0 = ephemeral); its publicUrl is the listening origin. */
export async function startEmulatorServer(
  options: { port?: number } & Omit<Partial<EmulatorOptions>, 'publicUrl'> = {},
): Promise<StartedEmulator> {
  // The public URL (and so the emulator) is known only once the port is bound.
  const ref: { emulator?: Emulator } = {};
  const server = createServer((req, res) => {
    void Promise.resolve(ref.emulator?.handle(req, res) ?? false).then((handled) => {
      if (!handled) {
        res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ message: 'Not Found' }));
      }
    });
  });
  // Clients such as undici keep connections alive; close them so close() resolves promptly.
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const { port: _unused, ...rest } = options;
  const emulator = createEmulator({ ...rest, publicUrl: url });
  ref.emulator = emulator;
  return {
    url,
    emulator,
    close: () =>
      new Promise<void>((resolve, reject) => {
        emulator.close();
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
