import type { Permission } from '@prism/domain';
import type { ReactNode } from 'react';
import { useT } from '../i18n';
import { useMe } from '../lib/session';

/** A page behind a permission: the page when the operator holds one of them, else a plain refusal (the API refuses too). */
export function RequirePermission({ anyOf, children }: { anyOf: readonly Permission[]; children: ReactNode }) {
  const me = useMe();
  const t = useT();
  if (anyOf.some((permission) => me.permissions.includes(permission))) return children;
  return <p role="alert">{t('app.noAccess')}</p>;
}
