/** The demo conversation of rust-lang/rust's room. */
import type { RoomScript } from '../conversation-script';

const fence = '```';

export const RUST_CONVERSATION: RoomScript = {
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
};
