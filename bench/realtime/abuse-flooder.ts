/**
 * One abusive user for the WebSocket abuse benchmark, in its own process so that its CPU use does
 * not delay the measuring client. It keeps `sockets` connections open with one session, writes
 * pings and `room.subscribe after_seq:0` at `rate` frames per second in all (paced, so that on a
 * small machine the flooder's own CPU does not crowd out the server it attacks), reconnects at
 * once whenever the server closes a socket (no back-off, as an attacker would) and exits by
 * itself after `seconds`, printing one JSON line of counts.
 *
 *   node --import tsx bench/realtime/abuse-flooder.ts <origin> <cookie> <roomId> <sockets> <seconds> <rate>
 */
import WebSocket from 'ws';

const [origin = '', cookie = '', roomId = '', socketArg = '10', secondsArg = '10', rateArg = '5000'] =
  process.argv.slice(2);
if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(origin)) throw new Error('the flooder only targets 127.0.0.1');
const until = Date.now() + Number(secondsArg) * 1000;
const counts = { opened: 0, refusedOnOpen: 0, framesSent: 0, closes: {} as Record<string, number> };
const PING = JSON.stringify({ type: 'ping' });
const REPLAY = JSON.stringify({ type: 'room.subscribe', room_id: roomId, after_seq: 0 });
const TICK_MS = 10;
/** Frames each socket writes per tick. */
const BATCH = Math.max(1, Math.round((Number(rateArg) * TICK_MS) / 1000 / Number(socketArg)));

function run(): void {
  if (Date.now() >= until) return;
  const ws = new WebSocket(`${origin.replace(/^http/, 'ws')}/ws`, {
    headers: { origin, cookie },
    perMessageDeflate: false,
  });
  let greeted = false;
  const flood = () => {
    if (ws.readyState !== ws.OPEN || Date.now() >= until) return;
    // Only as fast as the connection drains: a stuck socket is not a flood, just memory.
    if (ws.bufferedAmount < 256 * 1024) {
      for (let i = 0; i < BATCH; i += 1) ws.send(i % 2 === 0 ? PING : REPLAY);
      counts.framesSent += BATCH;
    }
    setTimeout(flood, TICK_MS);
  };
  ws.on('open', () => {
    counts.opened += 1;
    flood();
  });
  ws.on('message', (data) => {
    if (!greeted && data.toString().includes('"hello"')) greeted = true;
  });
  ws.on('error', () => undefined);
  ws.on('close', (code) => {
    if (!greeted) counts.refusedOnOpen += 1;
    counts.closes[code] = (counts.closes[code] ?? 0) + 1;
    setImmediate(run);
  });
  setTimeout(() => ws.terminate(), Math.max(0, until - Date.now())).unref();
}

// Loaded and compiled: the measuring side starts its clock now.
process.stdout.write('ready\n');
for (let i = 0; i < Number(socketArg); i += 1) run();
setTimeout(
  () => {
    process.stdout.write(`${JSON.stringify(counts)}\n`);
    process.exit(0);
  },
  until - Date.now() + 500,
);
