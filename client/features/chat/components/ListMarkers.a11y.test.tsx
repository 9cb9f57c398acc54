import axe from 'axe-core';
import { render } from '@testing-library/react';
import { expect, it } from 'vitest';
import { DayDivider, NewMessagesDivider } from './ListMarkers';

it('dividers keep the messages list valid', async () => {
  const { container } = render(
    <ol aria-label="Messages">
      <DayDivider at="2026-11-25T10:00:00.000Z" now={Date.parse('2026-11-25T12:00:00.000Z')} />
      <li>one</li>
      <NewMessagesDivider />
      <li>two</li>
    </ol>,
  );
  const result = await axe.run(container, { runOnly: ['list', 'listitem', 'aria-allowed-role'] });
  expect(result.violations.map((v) => v.id)).toEqual([]);
});
