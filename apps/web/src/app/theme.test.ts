import { DEFAULT_THEME, defaultCssVariablesResolver, isVirtualColor, type MantineColor, mergeMantineTheme } from '@mantine/core';
import { getContrast, mix, parseToRgba, rgba } from 'color2k';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, TEXT_TONES, theme } from './theme.ts';

// WCAG 2.1 AA, 1.4.3: text (and badge text) at least 4.5:1 against what it is drawn on. The ratios are those of the
// theme as the browser gets it: Mantine's CSS variables for the light scheme, with the app's resolver over them.

const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const ours = cssVariablesResolver(merged);
const base = defaultCssVariablesResolver(merged);
const variables: Record<string, string> = { ...base.variables, ...base.light, ...ours.variables, ...ours.light };
const WHITE = merged.white;

/** A colour as the browser computes it: `var(--x)` followed through the variables. */
function resolve(value: string): string {
  const ref = /^var\((--[\w-]+)\)$/.exec(value.trim());
  if (!ref) return value;
  const next = variables[ref[1]];
  if (next === undefined) throw new Error(`${ref[1]} is not defined`);
  return resolve(next);
}

/** A background as seen: a translucent one (hover tints) over the white page. */
function opaque(background: string): string {
  const value = resolve(background);
  if (value === 'transparent') return WHITE;
  const [r, g, b, alpha] = parseToRgba(value);
  return mix(WHITE, rgba(r, g, b, 1), alpha);
}

const ratio = (text: string, background: string) => getContrast(resolve(text), opaque(background));

const colors = Object.keys(merged.colors).filter((c) => !isVirtualColor(merged.colors[c])) as MantineColor[];

describe('theme: text tones', () => {
  // The backgrounds secondary text sits on: the page, table stripes and hovers, a disabled input, the active menu entry.
  const backgrounds = {
    white: WHITE,
    'gray.0': merged.colors.gray[0],
    'gray.1': merged.colors.gray[1],
    'gray.2': merged.colors.gray[2],
    'menu entry (primary light)': 'var(--mantine-primary-color-light)',
  };
  it.each(Object.entries(backgrounds))('dimmed text is ≥ 4.5:1 on %s', (_, bg) => {
    expect(ratio('var(--mantine-color-dimmed)', bg)).toBeGreaterThanOrEqual(4.5);
  });

  it.each([
    ['placeholder', 'var(--mantine-color-placeholder)', WHITE],
    ['placeholder of a disabled input', 'var(--mantine-color-placeholder)', 'var(--mantine-color-disabled)'],
    ['value of a disabled input (theme.css)', TEXT_TONES.disabledValue, 'var(--mantine-color-disabled)'],
    ['error message', 'var(--mantine-color-error)', WHITE],
    ['success message', 'var(--mantine-color-success)', WHITE],
    ['link', 'var(--mantine-color-anchor)', WHITE],
    ['body text', 'var(--mantine-color-text)', 'var(--mantine-color-body)'],
  ])('%s is ≥ 4.5:1', (_, text, bg) => {
    expect(ratio(text, bg)).toBeGreaterThanOrEqual(4.5);
  });

  it('the focus ring (primary colour) stands out 3:1 from the page (1.4.11)', () => {
    expect(ratio('var(--mantine-primary-color-filled)', WHITE)).toBeGreaterThanOrEqual(3);
  });

  it('dimmed was the failing Mantine default (3.3:1), so this test guards something', () => {
    expect(getContrast(DEFAULT_THEME.colors.gray[6], WHITE)).toBeLessThan(4.5);
  });
});

describe('theme: badges, buttons and every variant of every colour', () => {
  const cases = colors.flatMap((color) => (['filled', 'light', 'outline', 'subtle'] as const).map((variant) => ({ color, variant })));
  it.each(cases)('$variant $color: text ≥ 4.5:1 at rest and hovered', ({ color, variant }) => {
    const v = merged.variantColorResolver({ color, theme: merged, variant });
    expect(ratio(v.color, v.background)).toBeGreaterThanOrEqual(4.5);
    expect(ratio(v.color, v.hover)).toBeGreaterThanOrEqual(4.5);
  });

  it('the « Terminé » (filled teal) and « Validée » (light teal) badges of the issue now pass', () => {
    const filled = merged.variantColorResolver({ color: 'teal', theme: merged, variant: 'filled' });
    const light = merged.variantColorResolver({ color: 'teal', theme: merged, variant: 'light' });
    expect(ratio(filled.color, filled.background)).toBeGreaterThanOrEqual(4.5);
    expect(ratio(light.color, light.background)).toBeGreaterThanOrEqual(4.5);
    // Mantine's own teal: 3.9:1 and 4.3:1.
    expect(getContrast(WHITE, DEFAULT_THEME.colors.teal[8])).toBeLessThan(4.5);
    expect(getContrast(DEFAULT_THEME.colors.teal[9], DEFAULT_THEME.colors.teal[1])).toBeLessThan(4.5);
  });
});
