// Machine-readable "this image was manipulated" labelling, written into the result JPEG as an
// XMP packet (APP1) without re-encoding the pixels. Uses the IPTC Digital Source Type vocabulary.
const XMP_HEADER = Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'latin1');
export const DIGITAL_SOURCE_TYPE = 'http://cv.iptc.org/newscodes/digitalsourcetype/compositeWithTrainedAlgorithmicMedia';

export function manipulationXmp(createdAt: Date): string {
  const iso = createdAt.toISOString();
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/"
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    Iptc4xmpExt:DigitalSourceType="${DIGITAL_SOURCE_TYPE}"
    xmp:CreatorTool="Visage face swap"
    xmp:CreateDate="${iso}">
   <dc:description><rdf:Alt><rdf:li xml:lang="x-default">Manipulated image: a face was swapped with Visage.</rdf:li></rdf:Alt></dc:description>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="r"?>`;
}

/**
 * The same label for a video, as MP4 tags: the comment says it in words with the IPTC source type,
 * so players and tools that show a file's comment tell the viewer.
 */
export function manipulationVideoTags(createdAt: Date): Record<string, string> {
  return {
    comment: `Manipulated video: a face was swapped with Visage. DigitalSourceType: ${DIGITAL_SOURCE_TYPE}`,
    description: 'Manipulated video: a face was swapped with Visage.',
    encoder: 'Visage face swap',
    creation_time: createdAt.toISOString(),
  };
}

/** Inserts an XMP APP1 segment right after SOI (and after a JFIF APP0 if there is one). */
export function withXmp(jpeg: Buffer, xmp: string): Buffer {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error('not a JPEG');
  const payload = Buffer.concat([XMP_HEADER, Buffer.from(xmp, 'utf8')]);
  if (payload.length + 2 > 0xffff) throw new Error('XMP packet too large');
  const segment = Buffer.alloc(4);
  segment[0] = 0xff;
  segment[1] = 0xe1;
  segment.writeUInt16BE(payload.length + 2, 2);
  let at = 2;
  if (jpeg[2] === 0xff && jpeg[3] === 0xe0) at = 4 + jpeg.readUInt16BE(4);
  return Buffer.concat([jpeg.subarray(0, at), segment, payload, jpeg.subarray(at)]);
}
