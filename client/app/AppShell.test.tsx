import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import indexHtml from '../index.html?raw';
import { AppShell } from './AppShell';

describe('AppShell', () => {
  it('is what client/index.html shows before the scripts run, byte for byte', () => {
    // A difference would make the page jump when React replaces the served shell.
    expect(indexHtml).toContain(`<div id="root">${renderToStaticMarkup(<AppShell />)}</div>`);
  });
});
