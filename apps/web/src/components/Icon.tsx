import type { SVGProps } from 'react';

/**
 * The line icons of the first pages' bars, inline so they cost no request. Every other icon is an
 * AppIcon (components/AppIcon.tsx), so that the login page does not carry their paths.
 */
const paths = {
  back: 'M15 18l-6-6 6-6',
  globe:
    'M12 3a9 9 0 100 18 9 9 0 000-18zm0 0c2.5 2.4 3.8 5.4 3.8 9s-1.3 6.6-3.8 9m0-18C9.5 5.4 8.2 8.4 8.2 12s1.3 6.6 3.8 9M3.5 9h17M3.5 15h17',
} as const;

export type IconName = keyof typeof paths;

export interface PathIconProps extends SVGProps<SVGSVGElement> {
  /** The icon's SVG path, on a 24 x 24 grid. */
  d: string;
  /** Mirror in right-to-left layouts (arrows and chevrons). */
  directional?: boolean;
}

/** One line icon drawn from its path: what Icon and AppIcon draw. */
export function PathIcon({ d, directional, className, ...rest }: PathIconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={['icon', directional ? 'icon-directional' : '', className ?? ''].join(' ').trim()}
      {...rest}
    >
      <path d={d} />
    </svg>
  );
}

export function Icon({ name, ...rest }: Omit<PathIconProps, 'd'> & { name: IconName }) {
  return <PathIcon d={paths[name]} {...rest} />;
}
