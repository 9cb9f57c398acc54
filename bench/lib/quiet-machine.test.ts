import { describe, expect, it } from 'vitest';
import { unwrittenBytes } from './quiet-machine';

describe('unwrittenBytes', () => {
  it('adds the dirty and writeback page-cache sizes of /proc/meminfo', () => {
    const meminfo = [
      'MemTotal:       24683748 kB',
      'Dirty:             20480 kB',
      'Writeback:          1024 kB',
      'WritebackTmp:          7 kB',
    ].join('\n');
    expect(unwrittenBytes(meminfo)).toBe((20_480 + 1_024) * 1024);
  });

  it('answers 0 when neither line is there', () => {
    expect(unwrittenBytes('MemTotal: 1 kB\n')).toBe(0);
  });
});
