// Small PDFs written by hand for the plan-upload tests (no PDF library): a file is its objects, a
// cross-reference table of their byte offsets and a trailer naming the catalog.

/** A PDF file of these object bodies (object n is the n-th, from 1); `trailer` adds trailer entries. */
export function pdfFile(objects: string[], trailer = ''): Buffer {
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailer}>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

function stream(content: string): string {
  return `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`;
}

/** RGB in 0–255, as a PDF fill colour operator. */
function fill([r, g, b]: readonly [number, number, number]): string {
  return `${(r / 255).toFixed(4)} ${(g / 255).toFixed(4)} ${(b / 255).toFixed(4)} rg`;
}

/**
 * One page `width` × `height` points, white, with a filled rectangle of `colour` over its middle
 * half (from a quarter to three quarters of each side).
 */
export function rectanglePdf(
  width: number,
  height: number,
  colour: readonly [number, number, number],
): Buffer {
  const content = `${fill([255, 255, 255])} 0 0 ${width} ${height} re f ${fill(colour)} ${width / 4} ${height / 4} ${width / 2} ${height / 2} re f`;
  return pdfFile([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Contents 4 0 R >>`,
    stream(content),
  ]);
}

/** A well-formed PDF whose page tree is empty. */
export function zeroPagePdf(): Buffer {
  return pdfFile(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>']);
}

/**
 * A PDF encrypted with the standard security handler whose user password is not empty: its /U
 * entry matches no key the empty password gives, so it opens only with a password.
 */
export function passwordPdf(): Buffer {
  const id = '0123456789abcdef0123456789abcdef';
  return pdfFile(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] >>',
      `<< /Filter /Standard /V 1 /R 2 /O <${'11'.repeat(32)}> /U <${'22'.repeat(32)}> /P -4 >>`,
    ],
    `/Encrypt 4 0 R /ID [<${id}> <${id}>] `,
  );
}
