// The compressed file's name: the original's, marked as compressed and ending as the JPEG it now is.
// The type and size checks are lib/image-files.ts.
/** `portrait.final.PNG` → `portrait.final-compressed.jpeg` (only the last extension is replaced). */
export function compressedName(name: string): string {
  const dot = name.lastIndexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name;
  return `${base || 'image'}-compressed.jpeg`;
}
