/**
 * A Wi-Fi network's pre-shared key as its configurations print it:
 * wpa_supplicant's `psk="passphrase"` (or 64 hex digits), a NetworkManager
 * keyfile's `psk=`, `nmcli -s connection show`'s
 * `802-11-wireless-security.psk:` and its `wifi-sec.psk` alias. Spread
 * into the main table ({@linkcode SECRET_RULES}). Pure: data only.
 * @module
 */
import { isRepeatedPlaceholder } from "./filters.ts";
import type { SecretRule } from "./rule.ts";

/** The names a pre-shared key is given. */
const PSK_NAME = /^(?:psk|802-11-wireless-security\.psk|wifi-sec\.psk)$/i;

/** A passphrase (8 to 63 printable characters) that is not a reference, mask or placeholder. */
function pskValid(value: string): boolean {
  return !/^[$%<*{-]/.test(value) && /[A-Za-z0-9]/.test(value) && !isRepeatedPlaceholder(value);
}

/**
 * The Wi-Fi rules.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { WIFI_RULES } from "./rules_wifi.ts";
 * assert.equal(WIFI_RULES[0]!.pattern.exec('  psk="Tr0ub4dor-3x"')?.groups?.s, "Tr0ub4dor-3x");
 * ```
 */
export const WIFI_RULES: readonly SecretRule[] = [
  {
    kind: "wifi_psk",
    title: "Wi-Fi pre-shared key",
    description:
      "A WPA passphrase (8 to 63 characters) or 64-hex-digit key given to `psk` (wpa_supplicant's `psk=\"...\"`, a NetworkManager keyfile's `psk=`), `802-11-wireless-security.psk` or `wifi-sec.psk` (`nmcli -s connection show`); a reference, a mask (`--`, `***`) or a placeholder is kept.",
    keywords: ["psk"],
    pattern: new RegExp(
      String
        .raw`(?<![A-Za-z0-9_.\-](?<!\\[A-Za-z0-9_.\-]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))(?=(?<name>[A-Za-z0-9_.\-]{3,40}))\k<name>(?:\\?["'])?[ \t]{0,16}[=:][ \t]{0,16}(?:\\{0,3}"(?<s>[^"\\\r\n]{8,63})\\{0,3}"|(?<s>[^\s"'\\#;]{8,64}))(?![^\s"'\\#;])`,
    ),
    lead: "A-Za-z0-9_.\\-",
    // The run of name characters takes the `n` of a JSON-escaped line break before the name.
    rejectName: (n) => !PSK_NAME.test(n.replace(/^[nrt](?=[p8w])/, "")),
    follows: { quote: true, escapes: 1, blanks: 16, operators: "=:" },
    before: 40,
    after: 200,
    priority: 2,
    validate: (s, g) => PSK_NAME.test(g.name ?? "") && pskValid(s),
  },
];
