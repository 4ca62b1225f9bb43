// E-mail sign-in. An account with many recent failed sign-ins asks for a proof-of-work: the
// server's answer carries the challenge to solve, and the form is sent again with the solution.
import type { MeResponse, SignInRequest } from '@visage/contracts';
import { signInBotCheckDetailsGuard } from '@visage/contracts/first-load';
import { isApiError } from '../../../lib/api-client';
import { solveBotChallenge } from '../lib/bot-check';
import { postSignIn } from './auth-api';

const BOT_CHECK_CODES = new Set(['bot_check_required', 'bot_check_failed']);
const MAX_CHALLENGES = 2;

export async function signInWithBotCheck(form: Omit<SignInRequest, 'altcha'>, onVerifying: () => void): Promise<MeResponse> {
  let altcha: string | undefined;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await postSignIn(altcha ? { ...form, altcha } : form);
    } catch (error) {
      if (attempt >= MAX_CHALLENGES || !isApiError(error) || !BOT_CHECK_CODES.has(error.code)) throw error;
      const details = signInBotCheckDetailsGuard.safeParse(error.details);
      if (!details.success) throw error;
      onVerifying();
      altcha = await solveBotChallenge(details.data.challenge);
    }
  }
}
