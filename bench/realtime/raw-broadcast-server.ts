/**
 * The reference for the fan-out benchmark: a bare `ws` server that forwards every frame it
 * receives on /send?room=R to each socket connected on /?room=R, as one shared buffer. Nothing
 * is parsed, stored or authenticated: this is the physical limit of the workload on this machine.
 */
import http from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';

const port = Number(process.env.PORT ?? 0);
const rooms = new Map<string, Set<WebSocket>>();
const server = http.createServer((_req, res) => {
  res.writeHead(404).end();
});
const wss = new WebSocketServer({ server, maxPayload: 16 * 1024 });

wss.on('connection', (ws, req) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const room = url.searchParams.get('room') ?? '';
  if (url.pathname === '/send') {
    ws.on('message', (data: Buffer) => {
      const members = rooms.get(room);
      if (!members) return;
      for (const member of members) member.send(data, { binary: false });
    });
    return;
  }
  let members = rooms.get(room);
  if (!members) rooms.set(room, (members = new Set()));
  members.add(ws);
  ws.on('close', () => members.delete(ws));
});

server.listen(port, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : port}\n`);
});
process.on('SIGTERM', () => process.exit(0));
