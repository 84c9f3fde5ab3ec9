/**
 * One word typed by a user (or sent in a payload), made safe to quote in a
 * message: control characters replaced, long words cut without splitting a
 * token. Shared by the CLI kit and the hook runtime.
 * @module
 */

/**
 * Shortens and sanitises a word typed by the user for an error message. A
 * cut never splits a run of token characters (it drops the whole run), so
 * no prefix of a secret too short for the scanner to recognise is printed;
 * main.ts redacts and neutralises the finished message.
 */
export function safeWord(word: string): string {
  // deno-lint-ignore no-control-regex
  const clean = word.replace(/[\u0000-\u001f\u007f]/g, "?");
  if (clean.length <= 40) return JSON.stringify(clean);
  let cut = 40;
  const token = /[A-Za-z0-9+\/=_.~-]/;
  if (token.test(clean[cut - 1]!) && token.test(clean[cut]!)) {
    while (cut > 0 && token.test(clean[cut - 1]!)) cut--;
  }
  return JSON.stringify(`${clean.slice(0, cut)}…`);
}
