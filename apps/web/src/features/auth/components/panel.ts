import type { IssuedToken } from '@prism/domain';
import type { ReactNode } from 'react';

/** What the login page gives each of its three panels. */
export interface PanelProps {
  /** The chosen calling code (undefined: the server's default). */
  areaCode: string | undefined;
  /** The country-code picker, shown in front of the phone number. */
  countryCode: ReactNode;
  onDone: (issued: IssuedToken) => void;
  /** The phone typed on the panel shown before (empty at first): this one starts with it. */
  phone?: string;
}
