import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Where emoji are content the user picks or reads, not icons. */
const CONTENT = new Set(['features/chat/emoji-picker.tsx']);

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* sources(full);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) yield full;
  }
}

describe('one icon set', () => {
  it('uses no emoji as icons anywhere in the app (Lucide icons instead)', () => {
    const found: string[] = [];
    for (const file of sources(SRC)) {
      const relative = path.relative(SRC, file).split(path.sep).join('/');
      if (CONTENT.has(relative)) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          // Pictographs in code, not in comments.
          const code = line.replace(/\/\/.*$|\/\*.*?\*\/|^\s*\*.*$/g, '');
          if (/\p{Extended_Pictographic}/u.test(code)) found.push(`${relative}:${index + 1}`);
        });
    }
    expect(found).toEqual([]);
  });
});

describe('category icons', () => {
  it('draw every category with its own Lucide icon, not the emoji', async () => {
    const { render } = await import('@testing-library/react');
    const { CATEGORIES } = await import('@seer/contract');
    const { CategoryIcon } = await import('./category-icon');
    const drawings = new Set<string>();
    for (const category of CATEGORIES) {
      const { container, unmount } = render(<CategoryIcon slug={category.slug} />);
      const svg = container.querySelector('svg');
      expect(svg?.getAttribute('aria-hidden')).toBe('true');
      expect(container.textContent).toBe('');
      drawings.add(svg?.innerHTML ?? '');
      unmount();
    }
    expect(drawings.size).toBe(CATEGORIES.length);
  });
});
