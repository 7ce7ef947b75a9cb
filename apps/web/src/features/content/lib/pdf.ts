/** The demo introduction document, shipped in apps/web/public/docs (made by apps/web/scripts/make-demo-pdf.mjs). */
export const INTRODUCTION_PDF_URL = '/docs/introduction.pdf';

/**
 * pdf.js, loaded on first use only (the PDF route), with its worker served
 * from our own build (no CDN).
 */
export async function loadPdfjs() {
  const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
  if (!pdfjs.GlobalWorkerOptions.workerSrc) pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs;
}

/** Draws every page of the PDF at `url` into its own canvas, `width` CSS pixels wide; returns the canvases. */
export async function renderPdf(url: string, width: number, signal: AbortSignal): Promise<HTMLCanvasElement[]> {
  const pdfjs = await loadPdfjs();
  const task = pdfjs.getDocument({ url });
  signal.addEventListener('abort', () => void task.destroy());
  const doc = await task.promise;
  const canvases: HTMLCanvasElement[] = [];
  const ratio = window.devicePixelRatio || 1;
  for (let n = 1; n <= doc.numPages && !signal.aborted; n++) {
    const page = await doc.getPage(n);
    const scale = width / page.getViewport({ scale: 1 }).width;
    const viewport = page.getViewport({ scale: scale * ratio });
    const canvas = document.createElement('canvas');
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
    canvas.setAttribute('aria-label', `${n} / ${doc.numPages}`);
    await page.render({ canvas, viewport }).promise;
    canvases.push(canvas);
  }
  return canvases;
}
