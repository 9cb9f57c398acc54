/** The demo conversation of facebook/react's room. */
import type { RoomScript } from '../conversation-script';

const fence = '```';

export const REACT_CONVERSATION: RoomScript = {
  repo: 'facebook/react',
  speakers: 5,
  bursts: [
    {
      hoursAgo: 118,
      messages: [
        {
          by: 0,
          text: 'Morning all. Is anyone else seeing effects run twice in development after upgrading? Logs show every fetch firing two times.',
        },
        {
          by: 1,
          text: "That's StrictMode doing its job: in dev it mounts, unmounts and mounts again so missing cleanups show up. Production runs them once. https://react.dev/reference/react/StrictMode",
          react: [['👍', [0, 2]]],
        },
        {
          by: 0,
          text:
            'Ah, so the fix is a cleanup, not removing StrictMode? Something like this?\n' +
            `${fence}tsx\nuseEffect(() => {\n  const controller = new AbortController();\n  fetch(url, { signal: controller.signal })\n    .then((r) => r.json())\n    .then(setData);\n  return () => controller.abort();\n}, [url]);\n${fence}`,
        },
        {
          by: 1,
          text: 'Exactly. The aborted request rejects with an AbortError, so ignore that one in your catch.',
          react: [['❤️', [0]]],
        },
        {
          by: 2,
          text: 'Or skip the hand-written effect and use a data library, they dedupe requests anyway. Effects are for syncing with outside systems.',
          edit: 'Or skip the hand-written effect and use a data library or a framework loader: they dedupe requests anyway. Effects are for syncing with outside systems.',
        },
      ],
    },
    {
      hoursAgo: 71,
      messages: [
        {
          by: 3,
          text: 'Question about useMemo: does wrapping every callback in useCallback actually help, or is it just noise?',
        },
        {
          by: 4,
          text: "Mostly noise unless the function goes to a memo'd child or into a dependency array. Measure with the Profiler before sprinkling it everywhere.",
          react: [
            ['👍', [3, 1]],
            ['😄', [2]],
          ],
        },
        {
          by: 2,
          text: '@{3} also worth reading: https://react.dev/learn/you-might-not-need-an-effect, half of my useMemo calls disappeared after I moved derived state into render.',
        },
        { by: 3, text: 'Thanks both, that page is gold.', react: [['🎉', [2]]] },
      ],
    },
    {
      hoursAgo: 26,
      messages: [
        {
          by: 1,
          text: 'Has anyone tried the new `use` hook with a promise passed down from a server component?',
        },
        {
          by: 0,
          text: 'Yes, works nicely with Suspense. The promise has to be created outside the client component though, otherwise every render makes a new one.',
          edit: 'Yes, works nicely with Suspense. The promise has to be created outside the client component (in the server component or a cache), otherwise every render makes a new one.',
          react: [['👀', [1, 4]]],
        },
        {
          by: 4,
          text: `${fence}tsx\nfunction Comments({ commentsPromise }) {\n  const comments = use(commentsPromise);\n  return comments.map((c) => <p key={c.id}>{c.text}</p>);\n}\n${fence}\nThat's the whole client side in our app.`,
        },
        { by: 1, text: 'Neat. @{4} do you wrap it in an error boundary too?' },
        { by: 4, text: 'Yes, a rejected promise throws to the nearest boundary, same as any render error.' },
      ],
    },
    {
      hoursAgo: 0.15,
      messages: [
        { by: 2, text: 'Quick one: key warning in a list where I use the array index. Is index ever fine?' },
        {
          by: 3,
          text: 'Fine for static lists that never reorder. If items get inserted or sorted, state sticks to the wrong row. Use a stable id.',
          react: [['👍', [2]]],
        },
        { by: 2, text: 'Makes sense, they do get sorted. Switching to the ids from the API, thanks @{3}!' },
      ],
    },
  ],
};
