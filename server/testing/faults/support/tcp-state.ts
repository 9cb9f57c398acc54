import fs from 'node:fs';

/**
 * The kernel state of the server's end of a loopback TCP connection (from /proc/net/tcp), or
 * undefined when it no longer exists. Lets a test see that the server dropped a client whose
 * reading is paused (and which therefore cannot notice anything itself).
 */
export function serverSideTcpState(serverPort: number, clientPort: number): string | undefined {
  const local = `0100007F:${hex4(serverPort)}`;
  const remote = `0100007F:${hex4(clientPort)}`;
  for (const line of fs.readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    if (fields[1] === local && fields[2] === remote) return TCP_STATES[fields[3] ?? ''] ?? fields[3];
  }
  return undefined;
}

function hex4(port: number): string {
  return port.toString(16).toUpperCase().padStart(4, '0');
}

const TCP_STATES: Record<string, string> = {
  '01': 'ESTABLISHED',
  '02': 'SYN_SENT',
  '03': 'SYN_RECV',
  '04': 'FIN_WAIT1',
  '05': 'FIN_WAIT2',
  '06': 'TIME_WAIT',
  '07': 'CLOSE',
  '08': 'CLOSE_WAIT',
  '09': 'LAST_ACK',
  '0A': 'LISTEN',
  '0B': 'CLOSING',
};
