// A swap form's face: the `source` file, or a `source` text field naming one of the caller's
// saved faces ("My faces"), whose photos the swap then reads where they are stored.
import type { UploadForm } from '../uploads/index.ts';
import type { SwapImage, SwapsService } from './service.ts';

export async function formSource(swaps: SwapsService, uid: string, form: UploadForm): Promise<SwapImage | undefined> {
  if (form.files.source) return form.files.source;
  const id = form.fields.source?.trim();
  return id ? swaps.savedFaceSource(uid, id) : undefined;
}
