/**
 * Credentials of a ninth survey (survey8: trufflehog's detector unit tests
 * replayed through baton; facts about formats only, no rule text) that a
 * coding session prints and no other rule read: a Datadog application key
 * under the short name `dd_app` / `datadog_app` (a config map's key, no
 * `key` word in it), and a database URL's password when the host is a
 * percent-encoded Unix socket path (`mongodb://user:pw@%2Ftmp%2Fmongodb-27017.sock/db`,
 * the form MongoDB's and libpq's connection strings use for a socket).
 * Spread into the main table. Pure: data only.
 * @module
 */
import { isRepeatedPlaceholder } from "./filters.ts";
import type { SecretRule } from "./rule.ts";
import { named } from "./rules_vendor.ts";

/** The rules of this file. */
export const SURVEY8_TOKEN_RULES: readonly SecretRule[] = [
  named({
    kind: "datadog_app_key",
    title: "Datadog application key (short name)",
    description:
      "40 letters and digits assigned to the bare name `dd_app` or `datadog_app` (a config map's key for the application key, no `key` word in it). Other names are the main Datadog rule's.",
    keywords: ["dd_app", "dd-app", "ddapp", "datadog_app", "datadog-app", "datadogapp"],
    name: /^(?:dd|datadog)[_.-]?app$/i,
    value: "[a-z0-9]{40}",
    max: 40,
    minEntropy: 3.5,
    valid: (s) => /[0-9]/.test(s) && /[a-z]/i.test(s) && !isRepeatedPlaceholder(s),
  }),
  {
    kind: "url_credentials",
    title: "URL with user:password, socket host",
    description:
      "`scheme://user:password@` whose host is a percent-encoded Unix socket path (`@%2Ftmp%2Fmongodb-27017.sock`, `@%2Fvar%2Frun%2Fpostgresql`): the password is redacted. A password of one to three letters or digits, or a placeholder, is kept.",
    keywords: ["@%2f"],
    pattern:
      /(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]{1,30}:\/\/(?<user>[^\s:@\/?#"'<>\\\[\]]{1,128}):(?<s>[^\s\/?#"'<>\\\[\]@]{1,256})@%2[Ff]/,
    before: 420,
    after: 8,
    priority: 1,
    minEntropy: 2,
    validate: (s) => !/^(?:[A-Za-z]{1,3}|[0-9]{1,3})$/.test(s) && !isRepeatedPlaceholder(s),
  },
];
