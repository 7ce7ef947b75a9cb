import type { ContentType } from '@prism/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryClient';

/** GET /app/platform/info/getContentByType in the current language (the server falls back to English). */
export function useContent(type: ContentType) {
  const { i18n } = useTranslation();
  return useQuery({ queryKey: queryKeys.content(type, i18n.language), queryFn: () => api.platform.getContentByType(type) });
}
