/**
 * Credentials of a twelfth survey (survey11: detect-secrets' test data and
 * plugin tests and ggshield's unit-test secrets replayed through baton;
 * facts about formats only, no rule text) that a coding session prints and
 * no other rule read: an Azure Functions key, Azure's identifiable key of
 * 56 characters with its `AzFu` signature after the first 44 (the `code=`
 * of a function URL the portal's "Get function URL" gives,
 * `https://app.azurewebsites.net/api/fn?code=...`). The identifiable-key
 * rule in rules.ts reads the 44- and 88-character forms only. Spread into
 * the main table. Pure: data only.
 * @module
 */
import { isRepeatedPlaceholder } from "./filters.ts";
import type { SecretRule } from "./rule.ts";
import { lookBehind } from "./rules_vendor.ts";

/** Characters of a key's base64 body, URL-safe or not. */
const B64 = String.raw`A-Za-z0-9+\/_\-`;

/** The rules of this file. */
export const SURVEY11_TOKEN_RULES: readonly SecretRule[] = [
  {
    kind: "azure_function_key",
    title: "Azure Functions key",
    description:
      "56 base64 characters with Azure's `AzFu` signature after the first 44 (`==` or `%3D%3D` ends it): an Azure Functions function, host or master key, the `code=` of a function URL (`https://app.azurewebsites.net/api/fn?code=...`) or an `x-functions-key` value. Letters of both cases and a digit before the signature.",
    keywords: ["azfu"],
    pattern: new RegExp(
      lookBehind(B64) +
        String.raw`[${B64}]{44}AzFu[${B64}]{5}[AQgw](?:==|%3D%3D)?(?![${B64}=])`,
    ),
    lead: B64,
    before: 44,
    after: 16,
    priority: 3,
    minEntropy: 3.5,
    validate: (s) => {
      const head = s.slice(0, 44);
      return /[0-9]/.test(head) && /[a-z]/.test(head) && /[A-Z]/.test(head) &&
        !isRepeatedPlaceholder(head);
    },
  },
];
