/** The demo conversation of python/cpython's room. */
import type { RoomScript } from '../conversation-script';

const fence = '```';

export const CPYTHON_CONVERSATION: RoomScript = {
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
};
