/** The demo conversation of microsoft/TypeScript's room. */
import type { RoomScript } from '../conversation-script';

const fence = '```';

export const TYPESCRIPT_CONVERSATION: RoomScript = {
  repo: 'microsoft/TypeScript',
  speakers: 5,
  bursts: [
    {
      hoursAgo: 117,
      messages: [
        { by: 4, text: 'Is `enum` still recommended? Our lint config now forbids it.' },
        {
          by: 2,
          text: `Many teams prefer a const object plus a union type, it erases cleanly and works with type stripping:\n${fence}ts\nconst Status = { Open: 'open', Closed: 'closed' } as const;\ntype Status = (typeof Status)[keyof typeof Status];\n${fence}`,
          react: [
            ['👍', [4, 0]],
            ['👀', [1]],
          ],
        },
        { by: 4, text: 'That is what the rule suggests too. Migrating, thanks @{2}.' },
        {
          by: 1,
          text: '`--erasableSyntaxOnly` flags enums and the other non-erasable bits if you want the compiler to enforce it.',
        },
      ],
    },
    {
      hoursAgo: 90,
      messages: [
        { by: 0, text: 'Why does narrowing not work after I store the check in a variable? Or does it now?' },
        {
          by: 1,
          text:
            'Since 4.4 aliased conditions narrow, as long as the variable is a const and the narrowed value is a const or readonly property:\n' +
            `${fence}ts\nconst isString = typeof value === 'string';\nif (isString) {\n  value.toUpperCase(); // ok\n}\n${fence}`,
          react: [['👍', [0, 2]]],
        },
        { by: 0, text: 'Mine was a `let`. That explains it, thanks.' },
      ],
    },
    {
      hoursAgo: 40,
      messages: [
        { by: 2, text: '`satisfies` or a type annotation for config objects, what do you all use?' },
        {
          by: 3,
          text: '`satisfies` when I want the literal types kept (keys autocomplete later), an annotation when the wider type is the point.',
          react: [
            ['❤️', [2]],
            ['👍', [4]],
          ],
        },
        {
          by: 4,
          text: `${fence}ts\nconst routes = {\n  home: '/',\n  room: '/rooms/:id',\n} satisfies Record<string, string>;\n\nroutes.room; // still typed as a key, no index signature\n${fence}`,
        },
        { by: 2, text: 'Nice, that is exactly the case I had.' },
        {
          by: 1,
          text: 'Handbook section for reference: https://www.typescriptlang.org/docs/handbook/release-notes/typescript-4-9.html',
          edit: 'Release notes with more examples: https://www.typescriptlang.org/docs/handbook/release-notes/typescript-4-9.html',
        },
      ],
    },
    {
      hoursAgo: 1.2,
      messages: [
        { by: 3, text: 'Anyone else hitting slow type checks in a big monorepo? tsc --noEmit takes 90 s here.' },
        {
          by: 0,
          text: '`tsc --extendedDiagnostics` and `--generateTrace` show which files cost the most. Huge unions and deep conditional types are the usual suspects.',
          react: [['👀', [3]]],
        },
        { by: 4, text: 'Project references with `--build` helped us the most, unchanged packages are skipped.' },
        { by: 3, text: 'Will try both, thanks @{0} @{4}', react: [['👍', [0, 4]]] },
      ],
    },
  ],
};
