// The saved faces a swap's source may name (the SavedFaceSources port of the swaps module): a
// face's photos for its owner only; someone else's or a missing face is `unknown_face`.
import type { MyFacesService } from './service.ts';

export class MyFaceSources {
  constructor(private readonly faces: MyFacesService) {}

  photos(uid: string, id: string): Promise<Buffer[]> {
    return this.faces.photos(uid, id);
  }
}
