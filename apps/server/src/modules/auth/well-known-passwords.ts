// The offline list of well-known passwords, in every language the app speaks: zxcvbn-ts's most
// common passwords (49k, all languages) plus the English and French common words and first names,
// which are what people pad with digits ("soleil2024", "nicolas1990"). Never fetched; imported on
// the first password set (the packages decompress their lists as they load, about a second), then
// kept for the process.

interface Lists {
  /** Passwords refused as typed (lower-cased). */
  passwords: Set<string>;
  /** Words refused once the digits and symbols around them are taken off. */
  words: Set<string>;
}

/** A common word padded with digits or symbols still counts from this many letters. */
const MIN_WORD_LETTERS = 4;

let lists: Promise<Lists> | undefined;

async function load(): Promise<Lists> {
  const [common, en, fr] = await Promise.all([import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en'), import('@zxcvbn-ts/language-fr')]);
  const passwords = new Set(common.dictionary['passwords-common'].map((p) => p.toLowerCase()));
  const words = new Set<string>(passwords);
  for (const list of [en.dictionary['commonWords-en'], en.dictionary['firstnames-en'], fr.dictionary['commonWords-fr'], fr.dictionary['firstnames-fr']]) {
    for (const w of list) words.add(w.toLowerCase());
  }
  return { passwords, words };
}

/** True for a well-known password, or a common word or name with only digits or symbols around it. */
export async function isWellKnownPassword(password: string): Promise<boolean> {
  lists ??= load();
  const { passwords, words } = await lists;
  const typed = password.normalize('NFC').toLowerCase();
  if (passwords.has(typed)) return true;
  const core = typed.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  return core.length >= MIN_WORD_LETTERS && !/[^\p{L}]/u.test(core) && words.has(core);
}
