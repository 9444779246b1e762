import { createTheme, type MantineColorsTuple } from '@mantine/core';

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
});
