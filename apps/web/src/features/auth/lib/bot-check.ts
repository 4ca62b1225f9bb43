// The sign-up bot check: fetch a challenge, solve it in a Web Worker (or, where workers are
// unavailable, on this thread one awaited hash at a time), and encode the altcha payload.
import { solveChallenge } from 'altcha-lib';
import type { BotChallenge } from '@visage/contracts';
import type { PowRequest, PowResponse } from '../workers/pow-protocol';

const DEFAULT_MAX = 1_000_000;

export async function solveBotChallenge(challenge: BotChallenge): Promise<string> {
  const request: PowRequest = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    salt: challenge.salt,
    max: challenge.maxnumber ?? DEFAULT_MAX,
  };
  const solution = typeof Worker === 'undefined' ? await solveHere(request) : await solveInWorker(request);
  if (!solution) throw new Error('The verification could not be completed.');
  return encodePayload(challenge, solution.number);
}

export function encodePayload(challenge: BotChallenge, number: number): string {
  return btoa(
    JSON.stringify({ algorithm: challenge.algorithm, challenge: challenge.challenge, number, salt: challenge.salt, signature: challenge.signature }),
  );
}

function solveHere(request: PowRequest): Promise<PowResponse> {
  return solveChallenge(request.challenge, request.salt, request.algorithm, request.max).promise;
}

function solveInWorker(request: PowRequest): Promise<PowResponse> {
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('../workers/pow.worker.ts', import.meta.url), { type: 'module', name: 'bot-check' });
    } catch {
      resolve(solveHere(request));
      return;
    }
    worker.addEventListener('message', (event: MessageEvent<PowResponse>) => {
      worker.terminate();
      resolve(event.data);
    });
    worker.addEventListener('error', () => {
      worker.terminate();
      resolve(solveHere(request));
    });
    worker.postMessage(request);
  });
}
