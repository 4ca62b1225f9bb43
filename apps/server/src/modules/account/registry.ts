// What each module holds about a person, for the export (GDPR art. 15/20) and for erasure
// (art. 17). A module adds one section and, when it keeps data, one eraser; adding saved faces
// or billing is one `add` line each in context.ts.
import type { Json } from '../../infra/queue/index.ts';

export interface CollectedData {
  /** This module's part of data.json. */
  data: Json;
  /** Storage keys of the person's files this module holds; the ZIP carries them under files/. */
  keys: string[];
}

export interface DataSection {
  /** The key in data.json, e.g. 'profile', 'swaps', 'savedFaces', 'billing'. */
  name: string;
  collect(uid: string): Promise<CollectedData>;
}

export interface Eraser {
  name: string;
  /**
   * Removes everything this module holds about `uid` (rows, files, external records such as a
   * Stripe subscription). Runs before the account row itself goes; must be idempotent, since a
   * failed erasure is run again.
   */
  erase(uid: string, ctx: { email: string }): Promise<void>;
  /**
   * Run once more after the account row is gone: a request already past the guard when erasure
   * began (an upload) may have added rows or files meanwhile. Only for erasers that need no
   * account row.
   */
  again?: boolean;
}

export class AccountDataRegistry {
  private readonly sectionList: DataSection[] = [];
  private readonly eraserList: Eraser[] = [];

  /** Adds a module's export section and, when given, its eraser. */
  add(section: DataSection | null, eraser?: Eraser): this {
    if (section) {
      if (this.sectionList.some((s) => s.name === section.name)) throw new Error(`Data section "${section.name}" added twice`);
      this.sectionList.push(section);
    }
    if (eraser) this.eraserList.push(eraser);
    return this;
  }

  get sections(): readonly DataSection[] {
    return this.sectionList;
  }

  get erasers(): readonly Eraser[] {
    return this.eraserList;
  }
}
