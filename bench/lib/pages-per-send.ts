/**
 * Pages a send writes on SQLite: WAL frames added by one send's commit, averaged over SENDS
 * messages of plain text with one mention (the usual shape), in a room of MEMBERS members. The
 * write-ahead log is emptied before each send, so the frames counted after it are that send's
 * pages. Work applied after the commit (search words, read position, mentions) is measured apart:
 * its batch's frames divided by the messages it covered.
 *
 *   node --import tsx bench/lib/pages-per-send.ts
 */
import Database from 'better-sqlite3';
import { createMember, roomWith, testClock } from '../../server/testing/room-test-kit';
import { createTestApp } from '../../server/testing/test-app';

const SENDS = 40;
const MEMBERS = 8;

interface Checkpoint {
  busy: number;
  log: number;
  checkpointed: number;
}

async function main(): Promise<void> {
  const clock = testClock(Date.now());
  const app = await createTestApp({ now: clock.now, github: 'emulator' });
  try {
    const file = app.database.url.replace(/^sqlite:/, '');
    const members = [];
    for (let i = 0; i < MEMBERS; i += 1) members.push(await createMember(app));
    const roomId = await roomWith(...members);
    const wal = new Database(file);
    const framesNow = () => (wal.pragma('wal_checkpoint(PASSIVE)') as Checkpoint[])[0]?.log ?? 0;
    const empty = () => wal.pragma('wal_checkpoint(TRUNCATE)');
    const postCommit = (app.services as { postCommit?: { flush(): Promise<void>; hold?(on: boolean): void } })
      .postCommit;
    postCommit?.hold?.(true);
    let sendFrames = 0;
    for (let i = 0; i < SENDS; i += 1) {
      const sender = members[i % MEMBERS]!;
      const other = members[(i + 1) % MEMBERS]!;
      clock.advance(7_000);
      empty();
      const response = await sender.send(roomId, `hello @${other.username} about the release ${i}`);
      if (response.statusCode !== 201) throw new Error(`send failed: ${response.statusCode} ${response.body}`);
      sendFrames += framesNow();
    }
    let batchFrames = 0;
    if (postCommit) {
      empty();
      postCommit.hold?.(false);
      await postCommit.flush();
      batchFrames = framesNow();
    }
    wal.close();
    console.log(
      JSON.stringify({
        sends: SENDS,
        pages_per_send_commit: +(sendFrames / SENDS).toFixed(2),
        pages_per_message_in_batches: +(batchFrames / SENDS).toFixed(2),
      }),
    );
  } finally {
    await app.destroy();
  }
}

await main();
