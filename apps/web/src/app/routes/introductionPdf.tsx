import { PdfScreen } from '../../features/content/components/PdfScreen';

/** The document viewer; pdf.js loads only here. */
export default function IntroductionPdfPage() {
  return <PdfScreen />;
}
