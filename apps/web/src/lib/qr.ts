import qrcode from 'qrcode-generator';

/**
 * The QR code of `text` as one SVG path (a square per dark module), made
 * here in the browser: nothing is sent anywhere to draw it.
 */
export function qrPath(text: string): { size: number; path: string } {
  const code = qrcode(0, 'M');
  code.addData(text);
  code.make();
  const size = code.getModuleCount();
  let path = '';
  for (let row = 0; row < size; row += 1) {
    for (let col = 0; col < size; col += 1) {
      if (code.isDark(row, col)) path += `M${col} ${row}h1v1h-1z`;
    }
  }
  return { size, path };
}
