import { CONTENT_TYPES, type ContentType, routes } from '@prism/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../../components/QueryView';
import { useNavigation } from '../../../lib/navigation';
import { useContent } from '../api/content';
import { Markdown } from './Markdown';
import { PullToRefresh } from './PullToRefresh';
import '../content.css';
import { Tabs } from '../../../components/Tabs';

/** The introduction pages: one tab per content type, the operator's text, and the PDF document. */
export function IntroductionScreen() {
  const { t } = useTranslation();
  const { navigateTo } = useNavigation();
  const [type, setType] = useState<ContentType>('project');
  const content = useContent(type);
  const items = CONTENT_TYPES.map((key) => ({ key, label: t(`content.types.${key}`) }));
  return (
    <PullToRefresh onRefresh={() => void content.refetch()} refreshing={content.isRefetching}>
      <div className="content-tabs">
        <Tabs label={t('titles.introduction')} items={items} value={type} onChange={setType}>
          <QueryView query={content}>
            {(page) => (
              <article className="card content-page" data-testid="content-page">
                <h2>{page.title}</h2>
                <Markdown source={page.content} />
              </article>
            )}
          </QueryView>
          <button type="button" className="btn btn-primary" onClick={() => navigateTo(routes.introductionPdf)}>
            {t('content.openDocument')}
          </button>
        </Tabs>
      </div>
    </PullToRefresh>
  );
}
