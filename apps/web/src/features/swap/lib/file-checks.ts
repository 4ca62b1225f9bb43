// The compressed file's name (spec §5). The type and size checks are lib/image-files.ts.
/** `portrait.final.PNG` → `portrait.final-compressed.jpeg` (spec §5). */
export function compressedName(name: string): string {
  const dot = name.lastIndexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name;
  return `${base || 'image'}-compressed.jpeg`;
}
