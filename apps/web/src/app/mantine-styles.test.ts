import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The signed-in app loads Mantine's CSS per component (mantine-styles.ts, docs/DECISIONS.md « CSS de Mantine par
// composant »): a component imported without its file would show unstyled. These checks read the sources.

/** What a select of several values (MultiSelect, TagsInput) shows: its combobox and its pills. */
const PILLS_COMBOBOX = [
  'ScrollArea',
  'UnstyledButton',
  'VisuallyHidden',
  'Overlay',
  'Popover',
  'Loader',
  'CloseButton',
  'Input',
  'Combobox',
  'Pill',
  'PillsInput',
] as const;

/**
 * What each name imported from @mantine/core, @mantine/dates or @mantine/notifications in apps/web/src needs from
 * @mantine/core/styles/: its own file and those of the components it renders (Select: Popover, Combobox, Input…),
 * in no particular order; [] for a name without CSS (Box, Portal, a function). A new name goes here (the last test
 * prints what Mantine's modules say it needs) and its files into mantine-styles.ts.
 */
const NEEDS: Record<string, readonly string[]> = {
  Accordion: ['UnstyledButton', 'Accordion'],
  ActionIcon: ['UnstyledButton', 'Loader', 'ActionIcon'],
  Alert: ['UnstyledButton', 'CloseButton', 'Alert'],
  Anchor: ['Text', 'Anchor'],
  AppShell: ['AppShell'],
  Avatar: ['Avatar'],
  Badge: ['Badge'],
  Box: [],
  Breadcrumbs: ['Breadcrumbs'],
  Burger: ['UnstyledButton', 'Burger'],
  Button: ['UnstyledButton', 'Loader', 'Button'],
  Card: ['Paper', 'Card'],
  Center: ['Center'],
  Checkbox: ['UnstyledButton', 'Loader', 'CloseButton', 'Input', 'InlineInput', 'CheckboxCard', 'CheckboxIndicator', 'Checkbox'],
  Collapse: [],
  ColorInput: [
    'UnstyledButton',
    'VisuallyHidden',
    'Overlay',
    'Popover',
    'Loader',
    'ActionIcon',
    'CloseButton',
    'Input',
    'ColorSwatch',
    'ColorPicker',
    'ColorInput',
  ],
  ColorSwatch: ['ColorSwatch'],
  DEFAULT_THEME: [],
  Divider: ['Divider'],
  Drawer: ['ScrollArea', 'UnstyledButton', 'VisuallyHidden', 'Paper', 'Overlay', 'CloseButton', 'ModalBase', 'Drawer'],
  Fieldset: ['Fieldset'],
  FileButton: [],
  FileInput: ['UnstyledButton', 'Loader', 'CloseButton', 'Input'],
  Grid: ['Grid'],
  Group: ['Group'],
  Image: ['Image'],
  Input: ['UnstyledButton', 'Loader', 'CloseButton', 'Input'],
  List: ['List'],
  Loader: ['Loader'],
  MantineProvider: [],
  Menu: ['UnstyledButton', 'VisuallyHidden', 'Overlay', 'Popover', 'Loader', 'CloseButton', 'Input', 'Menu'],
  Modal: ['ScrollArea', 'UnstyledButton', 'VisuallyHidden', 'Paper', 'Overlay', 'CloseButton', 'ModalBase', 'Modal'],
  MultiSelect: PILLS_COMBOBOX,
  NavLink: ['UnstyledButton', 'NavLink'],
  NumberInput: ['UnstyledButton', 'Loader', 'CloseButton', 'Input', 'NumberInput'],
  Pagination: ['UnstyledButton', 'Group', 'Pagination'],
  Paper: ['Paper'],
  PasswordInput: ['UnstyledButton', 'Loader', 'ActionIcon', 'CloseButton', 'Input', 'PasswordInput'],
  Portal: [],
  Progress: ['Progress'],
  Radio: ['UnstyledButton', 'Loader', 'CloseButton', 'Input', 'InlineInput', 'RadioCard', 'RadioIndicator', 'Radio'],
  RingProgress: ['Tooltip', 'RingProgress'],
  ScrollArea: ['ScrollArea'],
  SegmentedControl: ['FloatingIndicator', 'SegmentedControl'],
  Select: ['ScrollArea', 'UnstyledButton', 'VisuallyHidden', 'Overlay', 'Popover', 'Loader', 'CloseButton', 'Input', 'Combobox'],
  SimpleGrid: ['SimpleGrid'],
  Skeleton: ['Skeleton'],
  Slider: ['Slider'],
  Stack: ['Stack'],
  Switch: ['UnstyledButton', 'Loader', 'CloseButton', 'Input', 'InlineInput', 'Switch'],
  Table: ['ScrollArea', 'Table'],
  Tabs: ['UnstyledButton', 'Tabs'],
  TagsInput: PILLS_COMBOBOX,
  Text: ['Text'],
  TextInput: ['UnstyledButton', 'Loader', 'CloseButton', 'Input'],
  Textarea: ['UnstyledButton', 'Loader', 'CloseButton', 'Input'],
  ThemeIcon: ['ThemeIcon'],
  Timeline: ['Timeline'],
  Title: ['Title'],
  Tooltip: ['Tooltip'],
  UnstyledButton: ['UnstyledButton'],
  VisuallyHidden: ['VisuallyHidden'],
  createTheme: [],
  darken: [],
  defaultCssVariablesResolver: [],
  isVirtualColor: [],
  mergeMantineTheme: [],
  DateInput: ['UnstyledButton', 'VisuallyHidden', 'Overlay', 'Popover', 'Loader', 'CloseButton', 'Input'],
  DatesProvider: [],
  Notifications: ['UnstyledButton', 'Loader', 'CloseButton', 'Notification'],
  notifications: [],
};

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const CORE = path.dirname(require.resolve('@mantine/core/styles.css'));
const BASE = ['baseline', 'default-css-variables', 'global'];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !p.includes(`${path.sep}test${path.sep}`) ? [p] : [];
  });
}

/** The values (not types) the app's code imports (or re-exports) from the three Mantine packages whose components draw. */
function importedNames(): Map<string, string> {
  const names = new Map<string, string>();
  for (const file of sources(SRC)) {
    if (file.endsWith('login-main.tsx')) continue; // the sign-in page lists its own files
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:import|export)\s+(type\s+)?\{([^}]*)\}\s+from\s+'@mantine\/(core|dates|notifications)'/g)) {
      if (m[1]) continue;
      for (const spec of (m[2] ?? '').split(',')) {
        const name = spec.trim().split(/\s+as\s+/)[0] ?? '';
        if (name && !name.startsWith('type ')) names.set(name, path.relative(SRC, file));
      }
    }
  }
  return names;
}

/** The files mantine-styles.ts imports, in its order. */
function listed(): string[] {
  const text = fs.readFileSync(path.join(SRC, 'app/mantine-styles.ts'), 'utf8');
  return [...text.matchAll(/^import '@mantine\/core\/styles\/([\w-]+)\.css';$/gm)].map((m) => m[1] ?? '');
}

describe('mantine-styles.ts', () => {
  it('knows every Mantine name the app imports', () => {
    const unknown = [...importedNames()].filter(([name]) => !(name in NEEDS)).map(([n, f]) => `${n} (${f})`);
    expect(unknown, 'add them to NEEDS here and their CSS files to mantine-styles.ts').toEqual([]);
  });

  it('imports the CSS of every component the app uses, and no other', () => {
    const files = listed();
    const needed = new Set([...importedNames().keys()].flatMap((n) => NEEDS[n] ?? []));
    expect(files.slice(0, 3)).toEqual(BASE);
    expect(
      [...needed].filter((f) => !files.includes(f)),
      'missing from mantine-styles.ts',
    ).toEqual([]);
    expect(
      files.slice(3).filter((f) => !needed.has(f)),
      'imported but used by no component',
    ).toEqual([]);
  });

  it("keeps the order of Mantine's styles.css", () => {
    const all = fs.readFileSync(path.join(CORE, 'styles.css'), 'utf8');
    const offset = (f: string) => all.indexOf(fs.readFileSync(path.join(CORE, 'styles', `${f}.css`), 'utf8').slice(0, 400));
    const files = listed();
    for (const f of files) expect(offset(f), `${f}.css in styles.css`).toBeGreaterThanOrEqual(0);
    expect(files).toEqual([...files].sort((a, b) => offset(a) - offset(b)));
  });

  it("matches what Mantine's own modules render (checked again after an upgrade)", () => {
    const actual = Object.fromEntries(Object.keys(NEEDS).map((n) => [n, [...cssOf(n)].sort()]));
    const expected = Object.fromEntries(Object.entries(NEEDS).map(([n, files]) => [n, [...files].sort()]));
    expect(actual).toEqual(expected);
  });
});

// A name's CSS according to Mantine's ES modules: the `X.module.mjs` (styles/X.css) reached from the module that
// exports it, through relative imports and names imported from @mantine/core.
const exportsCache = new Map<string, Map<string, string>>();
function exportsOf(pkg: string): Map<string, string> {
  const cached = exportsCache.get(pkg);
  if (cached) return cached;
  const esm = path.join(path.dirname(CORE), pkg.replace('@mantine/', ''), 'esm');
  const map = new Map<string, string>();
  const index = fs.readFileSync(path.join(esm, 'index.mjs'), 'utf8');
  for (const m of index.matchAll(/import\s*\{([^}]*)\}\s*from\s*"(\.[^"]+)"/g)) {
    for (const spec of (m[1] ?? '').split(',')) {
      const [name, alias] = spec.trim().split(/\s+as\s+/);
      if (name) map.set((alias ?? name).trim(), path.join(esm, m[2] ?? ''));
    }
  }
  exportsCache.set(pkg, map);
  return map;
}

function cssOf(name: string): Set<string> {
  const file = ['@mantine/core', '@mantine/dates', '@mantine/notifications'].map((p) => exportsOf(p).get(name)).find(Boolean);
  if (!file) throw new Error(`${name} : exporté par aucun paquet Mantine`);
  const found = new Set<string>();
  const seen = new Set<string>();
  const visit = (f: string) => {
    if (seen.has(f)) return;
    seen.add(f);
    for (const m of fs.readFileSync(f, 'utf8').matchAll(/(?:import|export)\s[^;]*?from\s*"([^"]+)"/g)) {
      const spec = m[1] ?? '';
      if (spec.startsWith('.')) {
        const target = path.join(path.dirname(f), spec);
        if (target.endsWith('.module.mjs')) {
          const css = path.basename(target, '.module.mjs');
          if (fs.existsSync(path.join(CORE, 'styles', `${css}.css`))) found.add(css);
        } else visit(target);
      } else if (spec === '@mantine/core') {
        for (const s of (/\{([^}]*)\}/.exec(m[0])?.[1] ?? '').split(',')) {
          const core = exportsOf('@mantine/core').get(
            s
              .trim()
              .replace(/^type\s+/, '')
              .split(/\s+as\s+/)[0] ?? '',
          );
          if (core) visit(core);
        }
      }
    }
  };
  visit(file);
  return found;
}
