import { describe, expect, it } from 'vitest';
import { tidyDocument } from './tidy-document';

describe('tidyDocument', () => {
  it('leaves out the patterns of spelled formats and the safe-integer bounds, keeping real bounds', () => {
    const tidy = tidyDocument({
      paths: {
        '/a': {
          id: { type: 'string', format: 'uuid', pattern: '^[0-9a-f-]+$' },
          at: { type: 'string', format: 'date-time', pattern: '^\\d{4}' },
          name: { type: 'string', pattern: '^[a-z]+$' },
          count: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
          offset: { type: 'integer', minimum: Number.MIN_SAFE_INTEGER, maximum: 10 },
        },
      },
    });
    expect(tidy.paths['/a']).toEqual({
      id: { type: 'string', format: 'uuid' },
      at: { type: 'string', format: 'date-time' },
      name: { type: 'string', pattern: '^[a-z]+$' },
      count: { type: 'integer', minimum: 0 },
      offset: { type: 'integer', maximum: 10 },
    });
  });

  it('keeps the components the paths refer to, directly or through another component', () => {
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
    const tidy = tidyDocument({
      paths: { '/a': { get: { schema: ref('Message') } } },
      components: {
        schemas: {
          Message: { properties: { author: ref('User') } },
          User: { type: 'object' },
          MessageInput: { properties: { author: ref('UserInput') } },
          UserInput: { type: 'object' },
        },
      },
    });
    expect(Object.keys(tidy.components.schemas)).toEqual(['Message', 'User']);
  });
});
