import type { Icon } from '@tabler/icons-react';
import type { CSSProperties } from 'react';

/*
 * Icons repeated on every row of a long screen, drawn once (issue 16). A Tabler icon is an `svg` with one element per
 * stroke (up to 7); on the workflow editor they were more than half of the page's elements (745 of 1 347), each
 * created by React and styled by the browser. Here the drawings are `symbol`s of one hidden `svg` (IconSpriteDefs,
 * once in the screen) and each icon is an `svg` with a `use`: two elements, whatever the drawing. The stroke follows
 * `color` (currentColor). A screen names its sprite once (a prefix and its icons) and wraps both components.
 */

/** The icons' drawings, hidden: every SpriteIcon of the same prefix points to them. */
export function IconSpriteDefs<N extends string>({ prefix, icons }: { prefix: string; icons: Readonly<Record<N, Icon>> }) {
  return (
    <svg aria-hidden="true" focusable="false" width="0" height="0" style={{ position: 'absolute', overflow: 'hidden' }}>
      {(Object.entries(icons) as [N, Icon][]).map(([name, Drawing]) => (
        <symbol key={name} id={`${prefix}-${name}`} viewBox="0 0 24 24">
          <Drawing size={24} />
        </symbol>
      ))}
    </svg>
  );
}

export interface SpriteIconProps<N extends string> {
  prefix: string;
  name: N;
  size?: number;
  /** The stroke's colour (CSS); the text's colour by default. */
  color?: string;
  style?: CSSProperties;
}

/** An icon of a sprite, decorative (aria-hidden): label the control that holds it. */
export function SpriteIcon<N extends string>({ prefix, name, size = 16, color, style }: SpriteIconProps<N>) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width={size}
      height={size}
      data-icon={name}
      style={color === undefined ? { flexShrink: 0, ...style } : { flexShrink: 0, color, ...style }}
    >
      <use href={`#${prefix}-${name}`} />
    </svg>
  );
}
