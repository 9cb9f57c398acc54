/**
 * The reference for the fan-out benchmark: a bare `ws` server. Sockets on /?room=R are the room's
 * members; a sender's socket on /send?room=R&bytes=N sends the product's own `message.send`
 * frames, each acknowledged to the sender (`message.sent` with its client id) and forwarded to
 * every member of the room as one shared buffer, a `room.event` padded to N bytes (the product's
 * mean frame). Nothing is stored or authenticated: this is the physical limit of the workload on
 * this machine.
 */
import http from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';

const port = Number(process.env.PORT ?? 0);
const rooms = new Map<string, Set<WebSocket>>();
const seqs = new Map<string, number>();
const server = http.createServer((_req, res) => {
  res.writeHead(404).end();
});
const wss = new WebSocketServer({ server, maxPayload: 16 * 1024 });

wss.on('connection', (ws, req) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const room = url.searchParams.get('room') ?? '';
  if (url.pathname === '/send') {
    const frameBytes = Number(url.searchParams.get('bytes') ?? 0);
    ws.on('message', (data: Buffer) => {
      let command: { type?: unknown; client_id?: unknown; content?: unknown };
      try {
        command = JSON.parse(data.toString()) as typeof command;
      } catch {
        return;
      }
      if (command.type !== 'message.send' || typeof command.client_id !== 'string') return;
      const seq = (seqs.get(room) ?? 0) + 1;
      seqs.set(room, seq);
      const clientId = JSON.stringify(command.client_id);
      ws.send(`{"type":"message.sent","client_id":${clientId},"room_id":"${room}","seq":${seq}}`);
      const event = `{"type":"room.event","room_id":"${room}","seq":${seq},"event":{"type":"message.created","message":{"client_id":${clientId},"content":${JSON.stringify(command.content)}}}`;
      const pad = Math.max(0, frameBytes - event.length - 9);
      const frame = Buffer.from(`${event},"pad":"${'x'.repeat(pad)}"}`);
      for (const member of rooms.get(room) ?? []) member.send(frame, { binary: false });
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
