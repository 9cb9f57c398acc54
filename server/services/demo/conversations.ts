/**
 * The conversations demo mode starts with (see demo-content.service.ts). Each room's speakers are
 * numbered: 0 is the first fictional contributor of the repository in the emulator's dataset, 1
 * the next, and so on; `@{n}` in a text becomes speaker n's @username. Bursts are placed relative
 * to the moment of seeding, so the site always looks recently used.
 */
import type { ReactionEmoji } from '../../../shared/limits';

export interface ScriptMessage {
  by: number;
  text: string;
  /** Minutes after the previous message of the burst (default: a few minutes). */
  after?: number;
  /** The text the author later changed it to (a few minutes after sending). */
  edit?: string;
  /** Reactions: emoji and the speakers who chose it. */
  react?: Array<[ReactionEmoji, number[]]>;
}

export interface ScriptBurst {
  /** When the burst starts, in hours before the seeding moment. */
  hoursAgo: number;
  messages: ScriptMessage[];
}

export interface RoomScript {
  repo: string;
  /** Speakers taking part (the first `speakers` fictional contributors). */
  speakers: number;
  bursts: ScriptBurst[];
}

const fence = '```';

export const DEMO_CONVERSATIONS: RoomScript[] = [
  {
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
  },
  {
    repo: 'rust-lang/rust',
    speakers: 5,
    bursts: [
      {
        hoursAgo: 110,
        messages: [
          {
            by: 0,
            text:
              'Borrow checker question. Why does this fail?\n' +
              `${fence}rust\nlet mut v = vec![1, 2, 3];\nlet first = &v[0];\nv.push(4);\nprintln!("{first}");\n${fence}`,
          },
          {
            by: 1,
            text: '`push` may reallocate the buffer, so `first` could point to freed memory. The shared borrow is still alive at the println, so the mutable borrow for push is rejected.',
            react: [['👍', [0, 2]]],
          },
          { by: 0, text: 'So copying the value out first (`let first = v[0];`) fixes it. Got it.' },
          {
            by: 2,
            text: 'Chapter 4 of the book explains it really well: https://doc.rust-lang.org/book/ch04-02-references-and-borrowing.html',
          },
        ],
      },
      {
        hoursAgo: 64,
        messages: [
          { by: 3, text: 'Is there a recommended way to return errors from several libraries in a binary?' },
          {
            by: 4,
            text: 'For applications `anyhow` with `?` everywhere; for libraries define an enum and implement `From` (or use `thiserror`).',
            react: [
              ['👍', [3]],
              ['❤️', [1]],
            ],
          },
          {
            by: 3,
            text: `${fence}rust\nfn load(path: &Path) -> anyhow::Result<Config> {\n    let text = std::fs::read_to_string(path)\n        .with_context(|| format!("reading {}", path.display()))?;\n    Ok(toml::from_str(&text)?)\n}\n${fence}\nLike this?`,
          },
          { by: 4, text: 'Yes. The context makes the final error message much nicer.' },
          {
            by: 1,
            text: '@{3} and `main` can return `anyhow::Result<()>` so the chain gets printed on exit.',
            edit: '@{3} and `main` can return `anyhow::Result<()>`, so the whole chain of causes gets printed on exit.',
          },
        ],
      },
      {
        hoursAgo: 20,
        messages: [
          {
            by: 2,
            text: 'Compile times on our workspace went from 40s to 3 min. Any tips besides buying a faster laptop?',
          },
          {
            by: 0,
            text: '`cargo build --timings` shows which crates dominate. Often a single proc-macro heavy crate or duplicated dependency versions.',
            react: [['👀', [2]]],
          },
          {
            by: 4,
            text: 'Also try a faster linker (mold or lld) and split the debug info. Linking was half of our incremental time.',
          },
          { by: 2, text: 'Timings show `syn` built three times with different features 😢 will unify them.' },
          { by: 0, text: '`cargo tree -d` lists the duplicates, handy for that.', react: [['🎉', [2, 4]]] },
        ],
      },
      {
        hoursAgo: 2.5,
        messages: [
          { by: 1, text: 'Did the new stable release land for everyone? rustup update went through here.' },
          {
            by: 3,
            text: 'Yes, no new warnings on our code base. Clippy found two new lints though.',
            react: [['😄', [1]]],
          },
        ],
      },
    ],
  },
  {
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
  },
  {
    repo: 'python/cpython',
    speakers: 5,
    bursts: [
      {
        hoursAgo: 119,
        messages: [
          {
            by: 3,
            text: 'What is the current recommendation for packaging a small library: setup.py or pyproject.toml?',
          },
          {
            by: 2,
            text: 'pyproject.toml with a build backend (setuptools, hatchling, flit...). setup.py still works but new projects do not need one. https://packaging.python.org/en/latest/tutorials/packaging-projects/',
            react: [['👍', [3, 4]]],
          },
          { by: 3, text: 'And the version, hard-coded in the file?' },
          {
            by: 4,
            text: 'Either that or dynamic from a git tag (setuptools-scm, hatch-vcs). We read it back with `importlib.metadata.version("pkg")`.',
            edit: 'Either that or dynamic from a git tag (setuptools-scm or hatch-vcs). At run time we read it back with `importlib.metadata.version("pkg")`.',
          },
        ],
      },
      {
        hoursAgo: 102,
        messages: [
          { by: 0, text: 'Is asyncio.TaskGroup a full replacement for gather?' },
          {
            by: 1,
            text: 'Mostly. TaskGroup cancels the siblings when one task fails and raises an ExceptionGroup; gather keeps the others running unless you cancel them yourself.',
            react: [['👍', [0, 3]]],
          },
          {
            by: 0,
            text: `${fence}python\nasync with asyncio.TaskGroup() as tg:\n    users = tg.create_task(fetch_users())\n    repos = tg.create_task(fetch_repos())\nprint(users.result(), repos.result())\n${fence}\nSo this is the idiom?`,
          },
          {
            by: 1,
            text: 'Yes, and catch failures with `except*`. https://docs.python.org/3/library/asyncio-task.html#task-groups',
          },
        ],
      },
      {
        hoursAgo: 55,
        messages: [
          { by: 2, text: 'Has anyone tried the free-threaded build? Curious whether C extensions just work.' },
          {
            by: 4,
            text: 'Extensions have to declare support, otherwise importing one re-enables the GIL and prints a warning. Pure Python code runs as is.',
            react: [['👀', [2, 0]]],
          },
          {
            by: 3,
            text: 'Our CPU-bound test suite got about 3x faster with threads, but single-threaded code is a bit slower for now.',
            edit: 'Our CPU-bound test suite got about 3x faster with 4 threads, but single-threaded code is a bit slower for now.',
          },
          { by: 2, text: '@{3} interesting, which build flags did you use?' },
          { by: 3, text: '`./configure --disable-gil`, then `python3.13t`. Nothing else.' },
        ],
      },
      {
        hoursAgo: 4,
        messages: [
          {
            by: 4,
            text: 'TIL the new REPL supports multi-line editing and paste mode (F3). Long overdue!',
            react: [
              ['🎉', [0, 1, 2]],
              ['😄', [3]],
            ],
          },
          { by: 0, text: 'And colored tracebacks. Set PYTHON_COLORS=0 if your terminal hates it.' },
          {
            by: 1,
            text: 'The better error messages are my favourite part, "Did you mean: ..." saved me twice today.',
            react: [['👍', [4]]],
          },
        ],
      },
    ],
  },
  {
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
  },
  {
    repo: 'kubernetes/kubernetes',
    speakers: 4,
    bursts: [
      {
        hoursAgo: 113,
        messages: [
          { by: 3, text: 'New here. Is there a good way to try things locally without a cloud account?' },
          {
            by: 2,
            text: 'kind (Kubernetes in Docker) or minikube. kind starts a cluster in a minute: https://kind.sigs.k8s.io/',
            react: [
              ['👍', [3]],
              ['❤️', [0]],
            ],
          },
          {
            by: 3,
            text: `${fence}sh\nkind create cluster --name dev\nkubectl get nodes\n${fence}\nOne node, Ready. That was easy.`,
          },
          {
            by: 1,
            text: 'Welcome @{3}! `kubectl explain deployment.spec` is also great while learning, it documents every field.',
            react: [['😄', [3]]],
          },
        ],
      },
      {
        hoursAgo: 84,
        messages: [
          { by: 0, text: 'Pods stuck in CrashLoopBackOff but the logs are empty. Where do I look next?' },
          {
            by: 1,
            text: '`kubectl logs --previous` shows the last crashed container, and `kubectl describe pod` lists events like OOMKilled or failing probes.',
            react: [['👍', [0, 2]]],
          },
          { by: 0, text: 'describe says OOMKilled. The limit is 256Mi and the JVM wants more.', react: [['😢', [1]]] },
          {
            by: 2,
            text: 'Set `-XX:MaxRAMPercentage=75` so the heap follows the container limit, then size the limit from real usage.',
          },
        ],
      },
      {
        hoursAgo: 30,
        messages: [
          { by: 3, text: 'Readiness vs liveness probe: should they hit the same endpoint?' },
          {
            by: 1,
            text: 'Better not. Liveness should only fail when a restart helps; readiness can fail when a dependency is down so traffic goes elsewhere.',
            edit: 'Better not. Liveness should only fail when a restart would help; readiness can fail while a dependency is down, so traffic goes elsewhere without restarts.',
            react: [
              ['❤️', [3]],
              ['👍', [0]],
            ],
          },
          {
            by: 3,
            text: `${fence}yaml\nreadinessProbe:\n  httpGet: { path: /health/ready, port: 8080 }\n  periodSeconds: 5\nlivenessProbe:\n  httpGet: { path: /health, port: 8080 }\n  failureThreshold: 6\n${fence}\nGoing with this.`,
          },
          {
            by: 2,
            text: '@{3} looks good. Docs: https://kubernetes.io/docs/concepts/configuration/liveness-readiness-startup-probes/',
          },
        ],
      },
      {
        hoursAgo: 6,
        messages: [
          { by: 0, text: 'Is it safe to roll nodes during a deployment rollout?' },
          {
            by: 2,
            text: 'With a PodDisruptionBudget, yes: drains wait until enough replicas are ready again.',
            react: [['👍', [0]]],
          },
          { by: 3, text: 'And set maxUnavailable on the rollout so both together cannot take too many pods down.' },
          { by: 0, text: 'Added a PDB with minAvailable: 2, rolling the nodes now. Will report back.' },
        ],
      },
    ],
  },
];
