import { hashString } from './prng';

/**
 * Hands out stable numeric ids derived from a key's hash. Collisions are resolved by probing
 * upwards; keys are always allocated in the same order, so the result is deterministic.
 */
export class IdAllocator {
  private readonly used = new Set<number>();

  constructor(
    private readonly base: number,
    private readonly range: number,
  ) {}

  allocate(key: string): number {
    let id = this.base + (hashString(key) % this.range);
    while (this.used.has(id)) id += 1;
    this.used.add(id);
    return id;
  }
}

/** GitHub's legacy global node id: base64 of "<len>:<Type><id>". */
export function nodeId(type: string, id: number): string {
  const body = `${type}${id}`;
  return Buffer.from(`0${type.length}:${body}`).toString('base64').replace(/=+$/, '');
}
