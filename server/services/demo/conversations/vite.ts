/** The demo conversation of vitejs/vite's room. */
import type { RoomScript } from '../conversation-script';

const fence = '```';

export const VITE_CONVERSATION: RoomScript = {
  repo: 'vitejs/vite',
  speakers: 4,
  bursts: [
    {
      hoursAgo: 115,
      messages: [
        {
          by: 2,
          text: 'Hi all! Migrating a large webpack app to Vite this week, wish me luck.',
          react: [['🎉', [0, 1]]],
        },
        {
          by: 3,
          text: 'Biggest surprise for us: CommonJS-only dependencies. Most work thanks to dependency pre-bundling, a few needed `optimizeDeps.include`.',
        },
        { by: 2, text: 'Good to know. And `require.context`? We use it for icons.' },
        {
          by: 0,
          text: `Replace it with \`import.meta.glob\`:\n${fence}ts\nconst icons = import.meta.glob('./icons/*.svg', { eager: true, query: '?url', import: 'default' });\n${fence}`,
          react: [['❤️', [2]]],
        },
      ],
    },
    {
      hoursAgo: 96,
      messages: [
        {
          by: 0,
          text: 'How do people proxy API calls in dev? Our backend runs on :8080 and the browser complains about CORS.',
        },
        {
          by: 1,
          text: `Use the dev server proxy, the browser then only talks to Vite:\n${fence}ts\nexport default defineConfig({\n  server: {\n    proxy: { '/api': 'http://localhost:8080' },\n  },\n});\n${fence}`,
          react: [
            ['👍', [0, 2]],
            ['❤️', [0]],
          ],
        },
        { by: 0, text: 'Works, and websockets too with `ws: true`. Thanks!' },
        { by: 2, text: 'Docs for all options: https://vite.dev/config/server-options' },
      ],
    },
    {
      hoursAgo: 50,
      messages: [
        { by: 3, text: 'Why is `process.env.API_URL` undefined in my client code?' },
        {
          by: 2,
          text: 'Vite exposes `import.meta.env` instead, and only variables prefixed with `VITE_`, so secrets do not end up in the bundle by accident.',
          edit: 'Vite exposes `import.meta.env` instead, and only variables prefixed with `VITE_` (so secrets do not end up in the bundle by accident). Restart the dev server after editing .env files.',
          react: [['👍', [3]]],
        },
        {
          by: 3,
          text: 'Renamed it to VITE_API_URL and it shows up. @{2} you saved my afternoon.',
          react: [['🎉', [2]]],
        },
      ],
    },
    {
      hoursAgo: 8,
      messages: [
        {
          by: 1,
          text: 'Our production build is 2.3 MB for one chunk. Is manualChunks still the way to split vendors?',
        },
        {
          by: 0,
          text: 'Try dynamic `import()` for routes first, it usually helps more than vendor splitting. `rollup-plugin-visualizer` shows what is inside.',
        },
        { by: 1, text: 'Lazy routes brought the entry chunk down to 400 kB. Good call.', react: [['🎉', [0, 3]]] },
        { by: 3, text: '@{1} did you keep manualChunks at all after that?' },
        {
          by: 1,
          text: 'Only one for the charting library, it is big and changes rarely, so it stays cached between deploys.',
        },
      ],
    },
  ],
};
