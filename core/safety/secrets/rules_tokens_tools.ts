/**
 * Tokens of the tools and services around a coding agent's work, from the
 * same fifth survey: a model provider's newer key format (Google's `AQ.`
 * keys, which AI Studio now issues for Gemini), an experiment tracker's
 * (Weights & Biases), a coding agent's own key (Sourcegraph Amp), an MCP
 * server's (Context7), an agent sandbox's (Daytona), an LLM gateway's
 * (Helicone), a voice model's (Cartesia), an agent framework's telemetry
 * token (Pydantic Logfire), the
 * background-job and upload services a web project calls (Upstash QStash,
 * Inngest, Trigger.dev, UploadThing) and a CI platform's family of tokens
 * (Buildkite, beside the `bkua_` row of the older table). Each shape is stated from a public
 * fact about the format (the vendor's generator, its own redaction rule or
 * the keys printed in public code), never another scanner's rule text.
 * Spread into the main table. Pure: data only.
 * @module
 */
import { decodeBase64Loose, isCamelWords, isNameOfWords } from "./checks.ts";
import type { SecretRule } from "./rule.ts";
import { lookBehind, prefixed, UUID } from "./rules_vendor.ts";

/**
 * Buildkite's token prefixes other than `bkua_` (an older row reads it as 40
 * hex): OAuth refresh and exchange, agent access and registration, cluster
 * and cluster queue, agent job and job acquisition (JWTs), packages,
 * pipeline trigger and access, portal token and secret. Longest first.
 */
const BUILDKITE_PREFIXES = [
  "bkjat_",
  "bkpat_",
  "bkcqt_",
  "bkur_",
  "bktx_",
  "bkaa_",
  "bkar_",
  "bkct_",
  "bkaj_",
  "bkpt_",
  "bkrt_",
  "bktr_",
  "bkat_",
  "bkps_",
];

/** QStash's local development server's published credentials: not a secret. */
const QSTASH_DEV_PASSWORD = "defaultPassword";

/** True when base64 text decodes to UploadThing's `{"apiKey": "sk_live_...", "appId": ...}`. */
function isUploadthingToken(s: string): boolean {
  const text = decodeBase64Loose(s);
  if (text === null) return false;
  try {
    const o = JSON.parse(text) as Record<string, unknown>;
    return typeof o.apiKey === "string" && /^sk_(?:live|test)_[A-Za-z0-9]{16,}$/.test(o.apiKey) &&
      typeof o.appId === "string";
  } catch {
    return false;
  }
}

/** True when base64 text decodes to QStash's `{"UserID": ..., "Password": ...}` with a real password. */
function isQstashToken(s: string): boolean {
  const text = decodeBase64Loose(s);
  if (text === null) return false;
  try {
    const o = JSON.parse(text) as Record<string, unknown>;
    return typeof o.UserID === "string" && typeof o.Password === "string" &&
      o.Password.length >= 16 && o.Password !== QSTASH_DEV_PASSWORD;
  } catch {
    return false;
  }
}

/**
 * The rows, in table order.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TOOL_TOKEN_RULES } from "./rules_tokens_tools.ts";
 * assert.ok(TOOL_TOKEN_RULES.some((r) => r.kind === "buildkite_token"));
 * ```
 */
export const TOOL_TOKEN_RULES: readonly SecretRule[] = [
  prefixed({
    kind: "google_api_key",
    title: "Google API key (AQ. authentication key)",
    description:
      "`AQ.Ab` + 48 URL-safe characters: the authentication key Google AI Studio and the Cloud console now issue (for Gemini) instead of an `AIza` key.",
    // `aq.ab`: its first three bytes (`aq.`) start no word of code or prose.
    keywords: ["aq.ab"],
    body: String.raw`AQ\.Ab[A-Za-z0-9_-]{48}`,
    tail: { blanks: 0, cls: "A-Za-z0-9_-", min: 48 },
    max: 53,
    minEntropy: 3.5,
  }),
  prefixed({
    kind: "wandb_api_key",
    title: "Weights & Biases API key (v1)",
    description:
      "`wandb_v1_` + 27 alphanumerics, `_` and 49 more (the newer W&B key; `wandb login` with the older 40-hex key has its own rule).",
    // `b_v1_`, not `wandb_v1_`: every `want` of prose would enter the keyword pass's automaton.
    keywords: ["b_v1_"],
    before: 4,
    body: "wandb_v1_[A-Za-z0-9]{27}_[A-Za-z0-9]{49}",
    tail: { blanks: 0, cls: "A-Za-z0-9_", min: 77 },
    max: 86,
    minEntropy: 3.5,
  }),
  prefixed({
    kind: "amp_api_key",
    title: "Sourcegraph Amp API key",
    description:
      "`sgamp_user_` + a 26-character ULID, `_` and 64 hex (the key the Amp CLI keeps in its `secrets.json` and sends as a bearer).",
    keywords: ["sgamp_"],
    body: "sgamp_user_[0-9A-HJKMNP-TV-Z]{26}_[a-f0-9]{64}",
    tail: { blanks: 0, cls: "A-Za-z0-9_", min: 96 },
    max: 102,
  }),
  prefixed({
    kind: "daytona_api_key",
    title: "Daytona API key",
    description: "`dtn_` + 64 hex characters (the key of the Daytona sandbox API).",
    keywords: ["dtn_"],
    body: "dtn_[a-f0-9]{64}",
    tail: { blanks: 0, cls: "a-f0-9", min: 64 },
    max: 68,
  }),
  {
    ...prefixed({
      kind: "cartesia_api_key",
      title: "Cartesia API key",
      description: "`sk_car_` + 22 alphanumerics.",
      keywords: ["sk_car_"],
      body: "sk_car_[A-Za-z0-9]{22}",
      tail: { blanks: 0, cls: "A-Za-z0-9", min: 22 },
      max: 29,
      minEntropy: 3.5,
    }),
    // Random characters hold a digit or both cases (a word run does not).
    validate: (s) =>
      /[0-9]/.test(s.slice(7)) || (/[a-z]/.test(s.slice(7)) && /[A-Z]/.test(s.slice(7))),
  },
  prefixed({
    kind: "context7_api_key",
    title: "Context7 API key",
    description: "`ctx7sk-` + a lower-case UUID (the key of the Context7 MCP server).",
    // `x7sk-`, not `ctx7sk-`: every `ctx` of code would enter the keyword pass's automaton.
    keywords: ["x7sk-"],
    before: 3,
    body: `ctx7sk-${UUID}`,
    tail: { blanks: 0, cls: "0-9a-f-", min: 36 },
    max: 43,
  }),
  prefixed({
    kind: "helicone_api_key",
    title: "Helicone API key",
    description:
      "`sk-helicone-` (optionally `eu-` or `proxy-`) + four dash-joined groups of seven lower-case base32 characters, a proxy key with its UUID after them.",
    keywords: ["sk-helicone-"],
    body: `sk-helicone-(?:eu-)?(?:proxy-)?[a-z2-7]{7}(?:-[a-z2-7]{7}){3}(?:-${UUID})?`,
    tail: { blanks: 0, cls: "a-z2-7-", min: 7 },
    max: 90,
  }),
  {
    ...prefixed({
      kind: "logfire_token",
      title: "Pydantic Logfire token",
      description:
        "`pylf_v` + a version, `_`, a region (`us`, `eu`...), `_` and 32 or more URL-safe characters (write, read and API tokens and AI gateway keys share it).",
      keywords: ["pylf_v"],
      body: "pylf_v[0-9]{1,3}_[a-z]{2,8}_[A-Za-z0-9_-]{32,200}",
      tail: { blanks: 0, cls: "A-Za-z0-9_-", min: 36 },
      max: 220,
      minEntropy: 3.5,
    }),
    // Random characters hold a digit and both cases (a snake_case name does not).
    validate: (s) => {
      const body = s.replace(/^pylf_v[0-9]+_[a-z]+_/, "");
      return /[0-9]/.test(body) && /[a-z]/.test(body) && /[A-Z]/.test(body);
    },
  },
  {
    kind: "upstash_qstash_token",
    title: "Upstash QStash token",
    description:
      'The base64 JSON `{"UserID": ..., "Password": ...}` that `QSTASH_TOKEN` holds (`eyJVc2VySUQiOi...`), not inside a JWT; the local development server\'s published `defaultPassword` is kept.',
    // `eyJVc2VySUQiOi` is `{"UserID":` in base64; the tail check wants the body at once.
    keywords: ["eyjvc2vysuqioi"],
    tail: { blanks: 0, cls: "A-Za-z0-9+/", min: 60 },
    pattern: new RegExp(
      lookBehind("A-Za-z0-9+/._-") +
        String.raw`eyJVc2VySUQiOi[A-Za-z0-9+\/]{60,400}={0,2}(?![A-Za-z0-9+\/=._-])`,
    ),
    after: 420,
    priority: 3,
    minEntropy: 4,
    validate: isQstashToken,
  },
  prefixed({
    kind: "inngest_signing_key",
    title: "Inngest signing key",
    description: "`signkey-prod-`, `signkey-test-` or `signkey-branch-` + 64 hex characters.",
    // `gnkey-`, not `signkey-`: every `sig` of code (signature, signal) would enter the keyword
    // pass's automaton.
    keywords: ["gnkey-"],
    before: 2,
    body: "signkey-(?:prod|test|branch)-[0-9a-f]{64}",
    tail: { blanks: 0, cls: "a-z0-9-", min: 68 },
    max: 79,
  }),
  {
    ...prefixed({
      kind: "trigger_dev_secret_key",
      title: "Trigger.dev secret key or personal access token",
      description:
        "`tr_dev_`, `tr_prod_`, `tr_stg_` or `tr_preview_` + 20 to 40 alphanumerics (an environment's secret key), or `tr_pat_` + 40 lower-case letters and digits.",
      keywords: ["tr_dev_", "tr_prod_", "tr_stg_", "tr_preview_", "tr_pat_"],
      body: "tr_(?:(?:dev|prod|stg|preview)_[A-Za-z0-9]{20,40}|pat_[a-z0-9]{40})",
      tail: { blanks: 0, cls: "A-Za-z0-9", min: 20 },
      max: 52,
      minEntropy: 3.5,
    }),
    // Random characters mix at least two of upper case, lower case and digits (a word run does
    // not), and are not words in camel case (`tr_prod_DeploymentPipelineRunner`, a name in code).
    validate: (s) => {
      const body = s.replace(/^tr_[a-z]+_/, "");
      return Number(/[A-Z]/.test(body)) + Number(/[a-z]/.test(body)) + Number(/[0-9]/.test(body)) >=
          2 && !isCamelWords(body);
    },
  },
  {
    kind: "uploadthing_token",
    title: "UploadThing token",
    description:
      'The base64 JSON `{"apiKey": "sk_live_...", "appId": ..., "regions": [...]}` that `UPLOADTHING_TOKEN` holds (UploadThing v7 on), whose API key a bare scan does not see.',
    // `eyJhcGlLZXkiOiJz` is `{"apiKey":"s` in base64; the tail check wants the body at once.
    keywords: ["eyjhcgllzxkioijz"],
    tail: { blanks: 0, cls: "A-Za-z0-9+/", min: 60 },
    pattern: new RegExp(
      lookBehind("A-Za-z0-9+/._-") +
        String.raw`eyJhcGlLZXkiOiJz[A-Za-z0-9+\/]{60,600}={0,2}(?![A-Za-z0-9+\/=._-])`,
    ),
    after: 620,
    priority: 3,
    minEntropy: 4,
    validate: isUploadthingToken,
  },
  {
    ...prefixed({
      kind: "buildkite_token",
      title: "Buildkite agent, job, packages, pipeline or portal token",
      description:
        "`bkaa_`, `bkar_`, `bkct_`, `bkcqt_`, `bkaj_`, `bkjat_`, `bkpt_`, `bkrt_`, `bktr_`, `bkat_`, `bkpat_`, `bkps_`, `bkur_` or `bktx_` + 38 or more characters of base64url and `.` (the length Buildkite's own log redaction gives its shortest tokens), not a name of words and numbers (a file's).",
      keywords: BUILDKITE_PREFIXES,
      body: `(?:${BUILDKITE_PREFIXES.join("|")})[A-Za-z0-9_.-]{37,2047}[A-Za-z0-9_-]`,
      // The body holds dots (an organization id's, a JWT's) but neither starts nor ends with one.
      cls: String.raw`A-Za-z0-9_\-`,
      tail: { blanks: 0, cls: "A-Za-z0-9_.-", min: 38 },
      max: 2054,
      minEntropy: 3.5,
    }),
    // A token holds a digit and a letter; a snake_case name of words holds no digit run like it,
    // and a file's name of words and dates (`bkps_db_2024-06-01_full_dump.sql.gz`) is not random.
    validate: (s) =>
      /[0-9].*[0-9]/.test(s.slice(5)) && /[A-Za-z]/.test(s.slice(5)) &&
      !isNameOfWords(s.replace(/^bk[a-z]+_/, "")),
  },
  prefixed({
    kind: "pyx_token",
    title: "pyx API or trusted publishing token",
    description:
      "`sk-pyx-` (a user's API key) or `tp-pyx-` (a trusted publishing token) of Astral's pyx package registry: 64 alphanumerics, or `2` and 45 letters (the second format).",
    // `pyx-`, not `sk-pyx-`/`tp-pyx-`: every `http-` and `sk-` would enter the keyword pass's automaton.
    keywords: ["pyx-"],
    before: 3,
    body: "(?:sk|tp)-pyx-(?:[A-Za-z0-9]{64}|2[A-Za-z]{45})",
    tail: { blanks: 0, cls: "A-Za-z0-9", min: 46 },
    max: 71,
    minEntropy: 3.5,
  }),
  {
    ...prefixed({
      kind: "dependency_track_api_key",
      title: "Dependency-Track API key",
      description:
        "`odt_` + 32 to 64 alphanumerics (an OWASP Dependency-Track server's REST API key, which CI pipelines upload SBOMs with), random: a digit and both cases, not words joined in camel case.",
      keywords: ["odt_"],
      body: "odt_[A-Za-z0-9]{32,64}",
      tail: { blanks: 0, cls: "A-Za-z0-9", min: 32 },
      max: 68,
      minEntropy: 3.5,
    }),
    validate: (s) =>
      /[0-9]/.test(s.slice(4)) && /[a-z]/.test(s.slice(4)) && /[A-Z]/.test(s.slice(4)) &&
      !isCamelWords(s.slice(4)),
  },
];
