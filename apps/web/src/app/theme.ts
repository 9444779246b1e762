import { type CSSVariablesResolver, createTheme, DEFAULT_THEME, darken, type MantineColorsTuple } from '@mantine/core';
import './theme.css';

/** "Bleu France" shades (the French administration's blue, #000091 at the darkest). */
const bleuFrance: MantineColorsTuple = [
  '#ececfe',
  '#d4d4fb',
  '#a5a7f3',
  '#7377ec',
  '#4a4ee6',
  '#3035e3',
  '#2228e2',
  '#1419c9',
  '#0c16b4',
  '#000091',
];
const rougeMarianne: MantineColorsTuple = [
  '#ffe9ea',
  '#ffd0d3',
  '#fb9fa4',
  '#f76b73',
  '#f3404a',
  '#f22530',
  '#f21624',
  '#d80918',
  '#c10014',
  '#a8000f',
];

export const theme = createTheme({
  primaryColor: 'bleuFrance',
  primaryShade: { light: 8, dark: 6 },
  colors: { bleuFrance, rougeMarianne },
  fontFamily: 'Marianne, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'Marianne, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif', fontWeight: '700' },
  defaultRadius: 'sm',
  cursorType: 'pointer',
  // Keyboard focus: Mantine's 2 px ring (primary colour, 2 px away) on every button-like control; inputs get the
  // same ring from theme.css (their own focus style is a 1 px border colour).
  focusRing: 'auto',
  // A person who asks their system for less motion gets none: modals, menus and notifications appear and go without
  // their fades (WCAG 2.3.3). The browser journeys run so, and their accessibility guard never reads a colour
  // half-way through a notification's fade.
  respectReducedMotion: true,
  components: {
    // The eye button of a password field is reached by Tab like any control (Mantine leaves it out by default).
    PasswordInput: { defaultProps: { visibilityToggleFocusable: true } },
    // Mantine's focus placeholder is a `div role="presentation" tabindex="-1"` inside `role="menu"`, which ARIA
    // forbids (axe aria-required-children, critical). Instead, a menu marks the item that takes the focus when it
    // opens with `data-autofocus` (ARIA's menu pattern: the first item); the arrows move through them as before.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // A dialog's title bar is not the page's banner: Mantine's `<header>`, outside `main` in its portal, would be a
    // second banner landmark (axe landmark-no-duplicate-banner) on every dialog.
    ModalHeader: { defaultProps: { component: 'div' } },
    // A closed select builds no list (issue 16): Mantine keeps every select's options mounted, hidden, and positions
    // that hidden list against its field when the screen appears (a forced style and layout per select). They are
    // built when the list opens, as the menus' are.
    Combobox: { defaultProps: { keepMounted: false } },
  },
});

const gray = DEFAULT_THEME.colors.gray;

/**
 * Light scheme text tones, each ≥ 4.5:1 on the backgrounds it is drawn on (WCAG 2.1 AA, 1.4.3; theme.test.ts
 * measures every pair). Mantine's defaults fail: dimmed gray.6 (3.3:1), placeholder gray.5 (2.1:1), error red.6
 * (3.3:1), success teal.8 (3.9:1).
 */
export const TEXT_TONES = {
  /** Secondary text (`c="dimmed"`): gray.7, 8.2:1 on white, ≥ 5.7:1 on every light background of the app. */
  dimmed: gray[7],
  /** Input placeholders: a grey lighter than a typed value, 5.7:1 on white, 4.8:1 on a disabled input. */
  placeholder: '#666666',
  /** Error messages and borders: red.9, 5.5:1. */
  error: DEFAULT_THEME.colors.red[9],
  /** Success text: teal.9, 5.0:1. */
  success: DEFAULT_THEME.colors.teal[9],
  /** The value of a disabled input (theme.css), on its gray.2 background at full opacity: 6.9:1. */
  disabledValue: gray[7],
} as const;

/**
 * Variant tones of the colours whose Mantine default fails 4.5:1 in the light scheme. `filled`: the background of
 * white text (filled badges and buttons), also the text and border of `outline`; `lightColor`: the text of `light`
 * and `subtle` variants, on white, on shade 1 (`light`) and on shade 2 (`light` hovered). Each is the default shade
 * (8 for filled, 9 for light text) or the nearest darker tone of the same hue that passes (darken by 5 % steps,
 * ≥ 4.6:1 for a margin, and ≥ 4.5:1 on the 5 % tint of a hovered outline). Colours not listed pass as Mantine makes them.
 */
export const VARIANT_TONES: Record<string, { filled?: string; lightColor?: string }> = {
  red: { filled: '#c92a2a', lightColor: '#ab2424' },
  violet: { lightColor: '#5637b0' },
  indigo: { lightColor: '#3147b3' },
  blue: { lightColor: '#165a9a' },
  cyan: { filled: '#0b7285', lightColor: '#0a6778' },
  // « Terminé » (filled) and « Validée » (light) badges: 3.9:1 and 4.3:1 with Mantine's teal.
  teal: { filled: '#087f5b', lightColor: '#076c4d' },
  green: { filled: '#29833b', lightColor: '#226e32' },
  lime: { filled: '#4e7e0b', lightColor: '#456f0a' },
  yellow: { filled: '#ad5900', lightColor: '#a15300' },
  orange: { filled: '#c3410e', lightColor: '#a3360b' },
  rougeMarianne: { lightColor: '#97000e' },
};

function variantVariables(): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const [color, tones] of Object.entries(VARIANT_TONES)) {
    if (tones.filled) {
      vars[`--mantine-color-${color}-filled`] = tones.filled;
      vars[`--mantine-color-${color}-filled-hover`] = darken(tones.filled, 0.1);
      vars[`--mantine-color-${color}-outline`] = tones.filled;
    }
    if (tones.lightColor) vars[`--mantine-color-${color}-light-color`] = tones.lightColor;
  }
  return vars;
}

/** The app's CSS variables over Mantine's: readable text tones and variant colours (MantineProvider's resolver). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': TEXT_TONES.dimmed,
    '--mantine-color-placeholder': TEXT_TONES.placeholder,
    '--mantine-color-error': TEXT_TONES.error,
    '--mantine-color-success': TEXT_TONES.success,
    '--app-color-disabled-value': TEXT_TONES.disabledValue,
    ...variantVariables(),
  },
  dark: {},
});
