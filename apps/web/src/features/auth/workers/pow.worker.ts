// Solves a proof-of-work challenge off the main thread, so the form stays responsive.
// SHA-256 challenges use the fast synchronous solver; other algorithms altcha-lib's own.
import { solveChallenge } from 'altcha-lib';
import { solveSha256 } from '../lib/pow-solver';
import type { PowRequest, PowResponse } from './pow-protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.addEventListener('message', (event: MessageEvent<PowRequest>) => {
  const { algorithm, challenge, salt, max } = event.data;
  const started = performance.now();
  if (algorithm === 'SHA-256') {
    const number = solveSha256(challenge, salt, max);
    scope.postMessage((number === null ? null : { number, took: Math.round(performance.now() - started) }) satisfies PowResponse);
    return;
  }
  void solveChallenge(challenge, salt, algorithm, max).promise.then(
    (solution) => scope.postMessage((solution ? { number: solution.number, took: solution.took } : null) satisfies PowResponse),
    () => scope.postMessage(null satisfies PowResponse),
  );
});
