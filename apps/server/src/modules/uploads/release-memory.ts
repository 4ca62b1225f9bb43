// A full garbage collection once an upload has ended. An upload leaves tens of MB of Buffers
// (its parts, their copy, the cleaned JPEGs) outside V8's heap; V8 counts them but collects them
// only when more is allocated, so after a burst they stayed in the process for good (+200 MB a
// minute after 8 uploads of two 10 MB JPEGs). One collection per upload is a few ms against the
// seconds its decode takes.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | null = null;
let pending = false;

function collector(): () => void {
  if (!collect) {
    // gc() exists only with --expose-gc; the flag set at run time takes effect in a new context.
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  return collect;
}

/** Schedules one collection after the current callbacks; calls meanwhile share it. */
export function releaseUploadMemory(): void {
  if (pending) return;
  pending = true;
  setImmediate(() => {
    pending = false;
    collector()();
  }).unref();
}
