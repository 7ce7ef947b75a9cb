import { useMemo } from 'react';
import { qrPath } from '../lib/qr';

/** A QR code drawn locally as SVG, dark on white with the quiet zone, whatever the theme. */
export default function QrCode({ text, label, testId = 'deposit-qr' }: { text: string; label: string; testId?: string }) {
  const { size, path } = useMemo(() => qrPath(text), [text]);
  const quiet = 4;
  return (
    <svg
      className="qr"
      viewBox={`${-quiet} ${-quiet} ${size + 2 * quiet} ${size + 2 * quiet}`}
      role="img"
      aria-label={label}
      data-testid={testId}
      shapeRendering="crispEdges"
    >
      <rect x={-quiet} y={-quiet} width={size + 2 * quiet} height={size + 2 * quiet} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
