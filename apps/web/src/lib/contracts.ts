// The contracts' zod schemas, loaded on first use: zod is a third of the first screen's
// JavaScript, so what that screen reads is checked by '@visage/contracts/first-load' instead and
// every other answer waits for this chunk (fetched while its request is in flight).
import type * as ContractsModule from '@visage/contracts';
import type { LazyParser, ResponseParser } from './api-client';

type Contracts = typeof ContractsModule;

export function loadContracts(): Promise<Contracts> {
  return import('@visage/contracts');
}

/** `schema` for a request: the contracts' schema that `pick` names, loaded with the request. */
export function fromContracts<T>(pick: (contracts: Contracts) => ResponseParser<T>): LazyParser<T> {
  return () => loadContracts().then(pick);
}
