import { Textarea, type TextareaProps } from '@mantine/core';

export interface FitTextareaProps extends Omit<TextareaProps, 'autosize' | 'minRows' | 'maxRows' | 'rows' | 'styles' | 'resize'> {
  value: string;
  minRows?: number;
  maxRows?: number;
}

/** Rows for a browser without `field-sizing`: the text's lines (its line breaks), between minRows and maxRows. */
export function fallbackRows(value: string, minRows: number, maxRows: number): number {
  const lines = value.split('\n').length;
  return Math.min(maxRows, Math.max(minRows, lines));
}

/** Whether the browser sizes a textarea by its content in CSS (a question to the CSS engine, no layout). */
const fieldSizing = typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');

/**
 * A textarea that grows with its text up to maxRows, sized by the browser's CSS (`field-sizing: content`), not by
 * measuring (issue 16). Mantine's `autosize` measures a hidden copy of the textarea when it mounts and on each
 * keystroke (getComputedStyle, scrollHeight): on the workflow editor, that forced the style and layout of the whole
 * page inside the task that showed it (~100 ms on a phone). Where `field-sizing` is not supported, the textarea has
 * as many rows as the text has lines (up to maxRows) and can be resized by hand.
 */
export function FitTextarea({ value, minRows = 1, maxRows = 4, ...props }: FitTextareaProps) {
  // Mantine's textarea: border box, 1 px borders, the padding of its size; 1lh is its line height.
  const rowsHeight = (rows: number) => `calc(${rows}lh + 2 * var(--input-padding-y, 0rem) + 2px)`;
  return (
    <Textarea
      {...props}
      value={value}
      rows={fallbackRows(value, minRows, maxRows)}
      resize={fieldSizing ? undefined : 'vertical'}
      styles={{
        input: {
          fieldSizing: 'content',
          minHeight: `max(var(--input-height, 0px), ${rowsHeight(minRows)})`,
          maxHeight: rowsHeight(maxRows),
        },
      }}
    />
  );
}
