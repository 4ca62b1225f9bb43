// Sign-up with an automatic bot-check retry, so a person never solves a puzzle by hand: the first attempt goes without a token;
// when the server asks for one, the client solves a challenge and sends the form again.
import type { CheckInboxResponse, MeResponse, SignUpRequest } from '@visage/contracts';
import { isApiError } from '../../../lib/api-client';
import { solveBotChallenge } from '../lib/bot-check';
import { fetchChallenge, postSignUp } from './auth-api';

const BOT_CHECK_CODES = new Set(['bot_check_required', 'bot_check_failed']);
const MAX_CHALLENGES = 2;

export async function signUpWithBotCheck(form: Omit<SignUpRequest, 'altcha'>, onVerifying: () => void): Promise<MeResponse | CheckInboxResponse> {
  try {
    return await postSignUp(form);
  } catch (error) {
    if (!isApiError(error) || !BOT_CHECK_CODES.has(error.code)) throw error;
  }
  for (let attempt = 1; ; attempt += 1) {
    onVerifying();
    const altcha = await solveBotChallenge(await fetchChallenge());
    try {
      return await postSignUp({ ...form, altcha });
    } catch (error) {
      // A challenge can expire or be spent by a double submit: one fresh try, then give up.
      if (attempt >= MAX_CHALLENGES || !isApiError(error) || error.code !== 'bot_check_failed') throw error;
    }
  }
}
