import { PathIcon, type PathIconProps } from './Icon';

/** The line icons of the pages beyond login, inline so they cost no request (the first pages' are components/Icon.tsx). */
const paths = {
  chevron: 'M9 6l6 6-6 6',
  home: 'M4 11l8-7 8 7v8a1 1 0 01-1 1h-4v-6h-6v6H5a1 1 0 01-1-1z',
  tasks: 'M5 4h14v16H5zM9 9h6M9 13h6M9 17h3',
  orders: 'M8 7a4 4 0 108 0 4 4 0 00-8 0M3 20a6 6 0 0112 0M16 11a3 3 0 100-6M21 20a5 5 0 00-5-5',
  person: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 21a8 8 0 0116 0',
  copy: 'M9 9h10v10H9zM5 15V5h10',
  share: 'M4 13v6a1 1 0 001 1h14a1 1 0 001-1v-6M12 3v12M7 8l5-5 5 5',
  arrowDown: 'M12 4v14M6 12l6 6 6-6',
  arrowUp: 'M12 20V6M6 12l6-6 6 6',
  game: 'M6 9h12a3 3 0 013 3v3a3 3 0 01-5 2l-1-1H9l-1 1a3 3 0 01-5-2v-3a3 3 0 013-3zM8 11v3M6.5 12.5h3M15 12h.01M17 14h.01',
  swap: 'M7 7h13l-3-3M17 17H4l3 3',
  list: 'M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01',
  card: 'M3 6h18v12H3zM3 10h18M7 15h4',
  tap: 'M9 11V5a2 2 0 014 0v6M13 9a2 2 0 014 0v4M17 11a2 2 0 014 0v3a7 7 0 01-7 7h-1a7 7 0 01-6-3l-3-5a2 2 0 013-2l2 2',
} as const;

export type AppIconName = keyof typeof paths;

export function AppIcon({ name, ...rest }: Omit<PathIconProps, 'd'> & { name: AppIconName }) {
  return <PathIcon d={paths[name]} {...rest} />;
}
