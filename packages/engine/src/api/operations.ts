// The engine's operations, declared once: the worker pool, its worker and the server's handle all
// take their names and types from this table, so a new operation is one line here.
import { describeImage } from './describe.ts';
import { detectFaces } from './detect-faces.ts';
import { profilePhoto } from './profile-photo.ts';
import { swapFaces } from './swap-faces.ts';
import { swapFrames } from './swap-frames.ts';
import { videoPeople } from './video-people.ts';

export const ENGINE_OPERATIONS = { detect: detectFaces, swap: swapFaces, describe: describeImage, profile: profilePhoto, videoPeople, swapFrames };

export type EngineOperations = typeof ENGINE_OPERATIONS;
export type EngineOperation = keyof EngineOperations;

/** The operations' names. */
const ENGINE_OPERATION_NAMES = Object.keys(ENGINE_OPERATIONS) as EngineOperation[];

/** One method per operation, with the operation's own arguments and result. */
export type EngineCalls = { [K in EngineOperation]: (...args: Parameters<EngineOperations[K]>) => ReturnType<EngineOperations[K]> };

/** Every operation as a method that `run` carries out elsewhere (in a worker, in a pool made later). */
export function engineCalls(run: (op: EngineOperation, args: unknown[]) => Promise<unknown>): EngineCalls {
  return Object.fromEntries(ENGINE_OPERATION_NAMES.map((op) => [op, (...args: unknown[]) => run(op, args)])) as unknown as EngineCalls;
}
