import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { PageLoading } from '../../../components/PageLoading';
import { INTRODUCTION_PDF_URL, renderPdf } from '../lib/pdf';
import { PullToRefresh } from './PullToRefresh';
import '../content.css';

type State = 'loading' | 'ready' | 'error';

/** The introduction document rendered by pdf.js into canvases; pulling down (or Refresh) loads it again. */
export function PdfScreen() {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>('loading');
  const [round, setRound] = useState(0);

  useEffect(() => {
    const target = host.current;
    if (!target) return;
    const controller = new AbortController();
    setState('loading');
    const width = Math.min(target.clientWidth || window.innerWidth, 900);
    // A refresh asks the server again rather than the HTTP cache.
    const url = round === 0 ? INTRODUCTION_PDF_URL : `${INTRODUCTION_PDF_URL}?r=${round}`;
    renderPdf(url, width, controller.signal)
      .then((canvases) => {
        if (controller.signal.aborted) return;
        target.replaceChildren(...canvases);
        setState('ready');
      })
      .catch(() => {
        if (!controller.signal.aborted) setState('error');
      });
    return () => controller.abort();
  }, [round]);

  return (
    <PullToRefresh onRefresh={() => setRound((n) => n + 1)} refreshing={state === 'loading' && round > 0}>
      {state === 'loading' && <PageLoading />}
      {state === 'error' && <ErrorBlock message={t('content.pdfFailed')} onRetry={() => setRound((n) => n + 1)} />}
      <div ref={host} className="pdf-pages" data-testid="pdf-pages" data-state={state} />
    </PullToRefresh>
  );
}
