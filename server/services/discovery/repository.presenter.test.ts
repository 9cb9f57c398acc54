import { describe, expect, it } from 'vitest';
import { safeUrl } from './repository.presenter';

describe('safeUrl', () => {
  it('passes http(s) URLs through', () => {
    expect(safeUrl('https://github.com/facebook/react')).toBe('https://github.com/facebook/react');
    expect(safeUrl('http://ghe.example/a/b')).toBe('http://ghe.example/a/b');
  });
  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>x</script>',
    'vbscript:x',
    '//evil',
    'not a url',
    '',
    null,
  ])('drops %s', (url) => {
    expect(safeUrl(url)).toBe('');
  });
});
