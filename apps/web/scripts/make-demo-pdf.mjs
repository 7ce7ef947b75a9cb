// Writes the demo introduction PDF (apps/web/public/docs/introduction.pdf): one A4-ish page,
// a coloured band and a few lines of Helvetica, with a correct cross-reference table.
// Run: node apps/web/scripts/make-demo-pdf.mjs
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const lines = [
  ['Prism - Introduction', 28, 720],
  ['This is a demo document shipped with the project.', 14, 660],
  ['The operator replaces it with the real introduction PDF.', 14, 636],
  ['1. Project and background', 14, 590],
  ['2. Newcomer guide', 14, 566],
  ['3. About us', 14, 542],
];
const text = lines.map(([s, size, y]) => `BT /F1 ${size} Tf 56 ${y} Td (${s}) Tj ET`).join('\n');
const stream = `0.2 0.4 0.8 rg 0 770 595 72 re f\n0.95 0.6 0.1 rg 56 480 483 24 re f\n0 0 0 rg\n${text}\n`;
const objects = [
  '<< /Type /Catalog /Pages 2 0 R >>',
  '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
  '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  `<< /Length ${Buffer.byteLength(stream)} >>\nstream\n${stream}endstream`,
];
let out = '%PDF-1.4\n';
const offsets = objects.map((body, i) => {
  const at = Buffer.byteLength(out);
  out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  return at;
});
const xref = Buffer.byteLength(out);
out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
writeFileSync(fileURLToPath(new URL('../public/docs/introduction.pdf', import.meta.url)), out);
