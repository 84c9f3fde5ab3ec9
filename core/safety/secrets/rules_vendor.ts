/**
 * Vendor rules of two uniform shapes, written as compact table rows: tokens
 * with their own prefix (`PMAK-`, `pul-`, `sq0atp-`...), and keys recognised
 * by the vendor's name in the assignment (`DD_API_KEY: <32 hex>`), as in the
 * common scanners' default sets. Every row becomes a {@linkcode SecretRule}
 * spread into the main table. Pure: data only.
 * @module
 */
import { isExcludedName, isPredictable } from "./filters.ts";
import type { SecretRule } from "./rule.ts";

/**
 * Not preceded by a token character (from `cls`), unless that character
 * ends an escape (`\n`, `\u00xx`, `%3D`).
 */
export function lookBehind(cls: string): string {
  return String
    .raw`(?<![${cls}](?<!\\[${cls}]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))`;
}

/** One prefixed-token row. */
export interface PrefixedRow {
  kind: string;
  title: string;
  description: string;
  /** Keywords (lower case, 3+ bytes): the fixed prefixes. */
  keywords: string[];
  /** Pattern source from the prefix on (no look-behind; the end check is added). */
  body: string;
  /** Characters the token is made of: neither before nor after it. @default {"A-Za-z0-9_-"} */
  cls?: string;
  /** Longest match in bytes. */
  max: number;
  minEntropy?: number;
  /** Case-insensitive pattern. */
  i?: boolean;
  /** The keyword sits this far inside the token at most (the match starts where the run of `cls` does). */
  before?: number;
  /** What follows each keyword (see SecretRule.tail). */
  tail?: SecretRule["tail"];
  /** The body a folded token's head reads (see SecretRule.fold). */
  fold?: SecretRule["fold"];
}

export function prefixed(row: PrefixedRow): SecretRule {
  const cls = row.cls ?? String.raw`A-Za-z0-9_\-`;
  const rule: SecretRule = {
    kind: row.kind,
    title: row.title,
    description: row.description,
    keywords: row.keywords,
    pattern: new RegExp(`${lookBehind(cls)}${row.body}(?![${cls}])`, row.i === true ? "i" : ""),
    after: row.max + 8,
    priority: 3,
    minEntropy: row.minEntropy ?? 3,
  };
  if (row.tail !== undefined) rule.tail = row.tail;
  if (row.fold !== undefined) rule.fold = row.fold;
  if (row.before !== undefined) {
    rule.lead = cls;
    rule.before = row.before;
  }
  return rule;
}

/** A UUID's shape, lower-case hex (a pattern source, shared by the rule files). */
export const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

/**
 * The tail of GitLab's routable tokens (GitLab 18.3 on): `.` + a 2-character
 * base36 payload length and a 7-character CRC, the versioned form with a
 * 2-character version and another `.` before them. Part of the token: without
 * it the redaction stops at the dot and prints the rest.
 */
export const GITLAB_ROUTABLE_TAIL = String.raw`(?:\.(?:[0-9a-z]{2}\.)?[0-9a-z]{9})?`;

/** The rule, with a token that must hold a digit (a word run such as `csk-` + prose is not one). */
function digits(rule: SecretRule): SecretRule {
  return { ...rule, validate: (x) => /[0-9]/.test(x.slice(4)) && /[A-Za-z]/.test(x.slice(4)) };
}

/** The rule, with a token body of both cases and a digit (identifiers are one case or digit-free). */
function mixed(rule: SecretRule): SecretRule {
  return {
    ...rule,
    validate: (x) => /[0-9]/.test(x) && /[a-z]/.test(x) && /[A-Z]/.test(x.slice(3)),
  };
}

/** One by-name row: a vendor word in the name, a value of a fixed shape. */
export interface NamedRow {
  kind: string;
  title: string;
  description: string;
  /** Vendor words a name holds (lower case, 3+ bytes). */
  keywords: string[];
  /** The name must also match this (say, it names the API key rather than the site). */
  name: { test(name: string): boolean };
  /** The value's pattern source. */
  value: string;
  /** Longest value in bytes. */
  max: number;
  minEntropy?: number;
  /** A further check of the value (say, no placeholder typed in sequence). */
  valid?: (value: string) => boolean;
}

/** True when base64url text decodes to 17-20 ASCII digits (a Discord user id). */
function isBase64Digits(text: string): boolean {
  try {
    const padded = text.replace(/-/g, "+").replace(/_/g, "/");
    return /^\d{17,20}$/.test(atob(padded + "=".repeat((4 - padded.length % 4) % 4)));
  } catch {
    return false;
  }
}

/**
 * Keywords of a bare Discord token: the base64 of its user id's first three
 * digits (`NzA5` for 709...), four characters every token starts with. The
 * few whose first three letters are common in words (`nte` of content,
 * `ode` of code) are left out, so prose and code keep the keyword pass fast:
 * ids starting 40, 41, 51, 52, 55, 81, 85 or 86 are found only near the
 * word Discord (discord_bot_token) or as the copy of a value found there.
 */
export function discordIdKeywords(): string[] {
  const common = new Set(["nte", "ode", "ntu", "odu", "nde", "nti", "ody", "nda"]);
  const out: string[] = [];
  for (let digits = 100; digits <= 999; digits++) {
    const start = base64Of3(String(digits));
    if (!common.has(start.slice(0, 3).toLowerCase())) out.push(start);
  }
  return out;
}

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/**
 * The base64 of three ASCII characters (four characters, no padding), what
 * `btoa` gives for them: computed here because the module is on every scan's
 * load path, and `btoa` would load the runtime's base64 support (about 9 ms
 * of a process, with 900 calls through its argument checks) for 900
 * three-character strings.
 */
function base64Of3(text: string): string {
  const n = (text.charCodeAt(0) << 16) | (text.charCodeAt(1) << 8) | text.charCodeAt(2);
  return BASE64[n >> 18]! + BASE64[(n >> 12) & 63]! + BASE64[(n >> 6) & 63]! + BASE64[n & 63]!;
}

/** Between a name and its value: optional (escaped) quotes around `=`, `:`, `:=` or `=>`. */
const SEP = String.raw`(?:\\{0,3}["'])?[ \t]{0,16}(?::=|=>|=|:)[ \t]{0,16}(?:\\{0,3}["'\x60])?`;

/** A by-name rule from its row: the vendor's name, then `=`/`:`, then the value. */
export function named(row: NamedRow): SecretRule {
  return {
    kind: row.kind,
    title: row.title,
    description: row.description,
    keywords: row.keywords,
    pattern: new RegExp(
      String.raw`${
        lookBehind(String.raw`A-Za-z0-9_.\-`)
      }(?=(?<name>[A-Za-z0-9_.\-]{3,96}))\k<name>${SEP}(?<s>${row.value})(?![A-Za-z0-9_\-])`,
      "i",
    ),
    lead: String.raw`A-Za-z0-9_.\-`,
    rejectName: (n) => !row.name.test(n) || isExcludedName(n),
    follows: { quote: true, escapes: 3, blanks: 16, operators: ":=" },
    before: 64,
    after: 96 + row.max,
    priority: 3,
    minEntropy: row.minEntropy ?? 3,
    validate: (s, g) =>
      row.name.test(g.name ?? "") && !isExcludedName(g.name ?? "") && (row.valid?.(s) ?? true),
  };
}

const KEY_NAME = /api[_.-]?key|apikey|key|token|secret/i;

/**
 * Services whose credentials are UUIDs (facts of their docs): Postmark's server and account
 * tokens, Splunk's HTTP Event Collector token, Opsgenie's API key, Sauce Labs' access key,
 * Loggly's customer token, Rapid7 InsightOps' (Logentries') log token, and the secret id of a
 * Consul or Nomad ACL token. Generic names keep a UUID (a request's, a commit's, a test's id);
 * one of these services' names does not.
 */
const UUID_SERVICE =
  /postmark|splunk|(?:^|[_.-])hec[_.-]?token$|^hectoken$|(?<=[a-z])Hec_?Token$|opsgenie|sauce|loggly|logentries|insight[_.-]?ops|consul(?!t(?:ant|ing|ed|s)|at|ar)|nomad(?!ic)/i;

/** Words of a name that labels a credential rather than holding it (its accessor, its KV path). */
const UUID_LABEL_WORD =
  /accessor|(?:^|[_.-])(?:kv|path|node|job|alloc|message|request|trace|stream)(?:[_.-]|$)/i;

/**
 * A name that holds one of {@linkcode UUID_SERVICE} and ends in token, key or secret
 * (`postmark_token`, `opsgenieKey`, `SPLUNK_HEC_TOKEN`, `consul.token`), not in an id's word.
 * A header's name (`X-Consul-Token`) is the header rule's.
 */
const UUID_SERVICE_NAME = {
  test: (n: string) =>
    /(?:token|key|secret)$/i.test(n) && !/^x-/i.test(n) && UUID_SERVICE.test(n) &&
    !UUID_LABEL_WORD.test(n),
};

/**
 * The vendor rows, in table order.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { VENDOR_RULES } from "./rules_vendor.ts";
 * assert.ok(VENDOR_RULES.some((r) => r.kind === "postman_api_key"));
 * ```
 */
export const VENDOR_RULES: readonly SecretRule[] = [
  {
    kind: "aws_session_token",
    title: "AWS session token in a pre-signed URL",
    description:
      "The `X-Amz-Security-Token` query parameter (a URL-encoded session token of 100 or more characters) of a pre-signed URL or a signed request.",
    keywords: ["x-amz-security-token="],
    pattern: /X-Amz-Security-Token=(?<s>[A-Za-z0-9%+/]{100,4096}={0,2})(?![A-Za-z0-9%+/=])/i,
    after: 4150,
    priority: 2,
    minEntropy: 4,
  },
  {
    kind: "presigned_url_signature",
    title: "Pre-signed URL signature (S3, GCS)",
    description:
      "The `X-Amz-Signature` (64 hex) or `X-Goog-Signature` (256 to 1,024 hex) query parameter of a pre-signed URL, which grants access to the object until it expires.",
    keywords: ["x-amz-signature=", "x-goog-signature="],
    pattern: new RegExp(
      String
        .raw`(?<=[?&;]|\\u0026|%26)X-(?:Amz-Signature=(?<s>[0-9a-f]{64})|Goog-Signature=(?<s>[0-9a-f]{256,1024}))(?![0-9A-Za-z])`,
      "i",
    ),
    before: 6,
    after: 1050,
    // Below the credential-named values: a URL's `X-Amz-Credential=...` value may run on
    // through the session token and this signature, and must not be cut back to it.
    priority: 1,
    minEntropy: 3,
  },
  mixed(prefixed({
    kind: "jina_api_key",
    title: "Jina AI API key",
    description: "`jina_` + 40 to 100 letters and digits, mixed case.",
    keywords: ["jina_"],
    body: "jina_[A-Za-z0-9]{40,100}",
    tail: { blanks: 0, cls: "A-Za-z0-9", min: 40 },
    max: 106,
    minEntropy: 3.5,
  })),
  prefixed({
    kind: "e2b_api_key",
    title: "E2B API key",
    description: "`e2b_` + 40 hex.",
    keywords: ["e2b_"],
    body: "e2b_[a-f0-9]{40}",
    max: 44,
  }),
  digits(prefixed({
    kind: "cerebras_api_key",
    title: "Cerebras API key",
    description: "`csk-` + 40 to 64 letters and digits.",
    keywords: ["csk-"],
    body: "csk-[A-Za-z0-9]{40,64}",
    tail: { blanks: 0, cls: "A-Za-z0-9", min: 40 },
    max: 68,
    minEntropy: 3.5,
  })),
  digits(prefixed({
    kind: "runpod_api_key",
    title: "RunPod API key",
    description: "`rpa_` + 40 to 60 letters and digits.",
    keywords: ["rpa_"],
    body: "rpa_[A-Za-z0-9]{40,60}",
    tail: { blanks: 0, cls: "A-Za-z0-9", min: 40 },
    max: 64,
    minEntropy: 3.5,
  })),
  digits(prefixed({
    kind: "browserbase_api_key",
    title: "Browserbase API key",
    description: "`bb_live_` + 20 to 40 URL-safe characters.",
    keywords: ["bb_live_"],
    body: "bb_live_[A-Za-z0-9_-]{20,40}",
    max: 48,
  })),
  digits(prefixed({
    kind: "netlify_access_token",
    title: "Netlify personal access token",
    description: "`nfp_` + 36 to 40 letters and digits.",
    keywords: ["nfp_"],
    body: "nfp_[A-Za-z0-9]{36,40}",
    tail: { blanks: 0, cls: "A-Za-z0-9", min: 36 },
    max: 44,
    minEntropy: 3.5,
  })),
  mixed(prefixed({
    kind: "resend_api_key",
    title: "Resend API key",
    description: "`re_` + 8 letters and digits, `_`, 20 to 32 more, mixed case with digits.",
    keywords: ["re_"],
    body: "re_[A-Za-z0-9]{8}_[A-Za-z0-9]{20,32}",
    tail: { blanks: 0, cls: "A-Za-z0-9", min: 8 },
    max: 44,
    minEntropy: 3.5,
  })),
  mixed(prefixed({
    kind: "adafruit_io_key",
    title: "Adafruit IO key",
    description: "`aio_` + 28 letters and digits, mixed case.",
    keywords: ["aio_"],
    body: "aio_[A-Za-z0-9]{28}",
    tail: { blanks: 0, cls: "A-Za-z0-9", min: 28 },
    max: 32,
    minEntropy: 3.5,
  })),
  prefixed({
    kind: "jfrog_api_key",
    title: "JFrog API key or reference token",
    description:
      "An API key, `AKCp` + a digit 5 to 9 + 69 letters and digits, or a reference token, `cmVmdGtu` (base64 of `reftkn`) + 56 to 120 base64 characters.",
    keywords: ["akcp", "cmvmdgtu"],
    body: "(?:AKCp[5-9][A-Za-z0-9]{69}|cmVmdGtu[A-Za-z0-9]{56,120})",
    max: 130,
    minEntropy: 3.5,
  }),
  prefixed({
    kind: "grafana_api_key",
    title: "Grafana API key (legacy)",
    description: '`eyJrIjoi` (base64 of `{"k":"`) + 40 to 400 base64 characters.',
    keywords: ["eyjrijoi"],
    body: "eyJrIjoi[A-Za-z0-9+/]{40,400}={0,2}",
    cls: "A-Za-z0-9+/=",
    max: 420,
    minEntropy: 4,
  }),
  prefixed({
    kind: "twitter_bearer_token",
    fold: { cls: "A-Za-z0-9%", min: 60 },
    title: "X (Twitter) app bearer token",
    description:
      "An app-only bearer token: a run of 20 to 24 `A`s, then 60 to 140 letters, digits and URL escapes (`%2B`, `%3D`), not part of a longer base64 run.",
    keywords: ["a".repeat(20)],
    // The first byte after the run of As: a long run of zero bytes in base64 costs one test a byte.
    tail: { blanks: 0, cls: "B-Za-z0-9%", min: 1 },
    body: "A{20,24}[B-Za-z0-9%][A-Za-z0-9%]{59,140}(?!=)",
    cls: "A-Za-z0-9%+/",
    before: 4,
    max: 170,
    minEntropy: 3.5,
  }),
  prefixed({
    kind: "postman_api_key",
    title: "Postman API key",
    description: "`PMAK-` + 24 hex, `-`, 34 hex.",
    keywords: ["pmak-"],
    body: "PMAK-[a-fA-F0-9]{24}-[a-fA-F0-9]{34}",
    max: 64,
  }),
  prefixed({
    kind: "pulumi_access_token",
    title: "Pulumi access token",
    description: "`pul-` + 40 hex characters.",
    keywords: ["pul-"],
    body: "pul-[a-f0-9]{40}",
    max: 44,
  }),
  prefixed({
    kind: "prefect_api_key",
    title: "Prefect API key",
    description: "`pnu_` + 36 alphanumerics.",
    keywords: ["pnu_"],
    body: "pnu_[A-Za-z0-9]{36}",
    max: 40,
  }),
  prefixed({
    kind: "readme_api_key",
    fold: { cls: "a-z0-9", min: 70 },
    title: "ReadMe API key",
    description: "`rdme_` + 70 lower-case alphanumerics.",
    keywords: ["rdme_"],
    body: "rdme_[a-z0-9]{70}",
    max: 75,
  }),
  prefixed({
    kind: "rubygems_api_key",
    title: "RubyGems API key",
    description: "`rubygems_` + 48 hex characters.",
    keywords: ["rubygems_"],
    body: "rubygems_[a-f0-9]{48}",
    max: 57,
  }),
  prefixed({
    kind: "scalingo_api_token",
    title: "Scalingo API token",
    description: "`tk-us-` + 48 URL-safe characters.",
    keywords: ["tk-us-"],
    body: "tk-us-[A-Za-z0-9_-]{48}",
    max: 54,
  }),
  prefixed({
    kind: "brevo_api_key",
    fold: { cls: "A-Za-z0-9-", min: 81 },
    title: "Brevo (Sendinblue) API key",
    description: "`xkeysib-` + 64 hex, `-`, 16 alphanumerics.",
    keywords: ["xkeysib-"],
    body: "xkeysib-[a-f0-9]{64}-[A-Za-z0-9]{16}",
    max: 90,
  }),
  prefixed({
    kind: "shippo_api_token",
    title: "Shippo API token",
    description: "`shippo_live_` or `shippo_test_` + 40 hex characters.",
    keywords: ["shippo_live_", "shippo_test_"],
    body: "shippo_(?:live|test)_[a-fA-F0-9]{40}",
    max: 52,
  }),
  prefixed({
    kind: "sourcegraph_access_token",
    title: "Sourcegraph access token",
    description: "`sgp_` + an optional 16-hex instance id or `local`, `_`, + 40 hex characters.",
    keywords: ["sgp_"],
    body: "sgp_(?:(?:[a-fA-F0-9]{16}|local)_)?[a-fA-F0-9]{40}",
    max: 62,
  }),
  prefixed({
    kind: "square_token",
    title: "Square access token or OAuth secret",
    description: "`sq0atp-` + 22 or `sq0csp-` + 43 URL-safe characters, or `EAAA` + 60.",
    keywords: ["sq0atp-", "sq0csp-", "eaaa"],
    body: "(?:sq0atp-[A-Za-z0-9_-]{22}|sq0csp-[A-Za-z0-9_-]{43}|EAAA[A-Za-z0-9_-]{60})",
    max: 64,
    minEntropy: 3.5,
  }),
  prefixed({
    kind: "typeform_api_token",
    title: "Typeform personal access token",
    description: "`tfp_` + 59 characters from `[A-Za-z0-9_.=-]`.",
    keywords: ["tfp_"],
    body: "tfp_[A-Za-z0-9_.=-]{59}",
    cls: String.raw`A-Za-z0-9_.=\-`,
    max: 63,
  }),
  prefixed({
    kind: "perplexity_api_key",
    title: "Perplexity API key",
    description: "`pplx-` + 48 alphanumerics.",
    keywords: ["pplx-"],
    body: "pplx-[A-Za-z0-9]{48}",
    max: 53,
  }),
  prefixed({
    kind: "openshift_user_token",
    title: "OpenShift user token",
    description: "`sha256~` + 43 URL-safe characters (an OAuth access token, not a digest).",
    keywords: ["sha256~"],
    body: "sha256~[A-Za-z0-9_-]{43}",
    max: 50,
  }),
  prefixed({
    kind: "onepassword_service_token",
    fold: { cls: "A-Za-z0-9+/=", min: 250 },
    title: "1Password service-account token",
    description: "`ops_eyJ` + at least 250 base64 characters.",
    keywords: ["ops_eyj"],
    body: "ops_eyJ[A-Za-z0-9+/]{250,2000}={0,3}",
    cls: "A-Za-z0-9+/=_",
    max: 2010,
    minEntropy: 4,
  }),
  prefixed({
    kind: "onepassword_secret_key",
    title: "1Password account secret key",
    description: "`A3-` + six, six (or five), five, five, five, five upper-case alphanumerics.",
    keywords: ["a3-"],
    body:
      "A3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}",
    cls: "A-Za-z0-9",
    max: 44,
  }),
  prefixed({
    kind: "artifactory_token",
    title: "JFrog Artifactory API key or reference token",
    description: "`AKCp` + 69 alphanumerics (API key) or `cmVmdGtu` + 56 (reference token).",
    keywords: ["akcp", "cmvmdgtu"],
    body: "(?:AKCp[A-Za-z0-9]{69}|cmVmdGtu[A-Za-z0-9]{56})",
    cls: "A-Za-z0-9",
    max: 73,
    minEntropy: 3.5,
  }),
  prefixed({
    kind: "airtable_pat",
    title: "Airtable personal access token",
    description: "`pat` + 14 alphanumerics, `.`, 64 hex characters.",
    keywords: ["pat"],
    body: String.raw`pat[A-Za-z0-9]{14}\.[a-f0-9]{64}`,
    tail: { blanks: 0, cls: "A-Za-z0-9", min: 14 },
    cls: "A-Za-z0-9",
    max: 82,
  }),
  prefixed({
    kind: "alibaba_access_key_id",
    title: "Alibaba Cloud AccessKey ID",
    description: "`LTAI` + 20 alphanumerics.",
    keywords: ["ltai"],
    body: "LTAI[A-Za-z0-9]{20}",
    cls: "A-Za-z0-9",
    max: 24,
    minEntropy: 3.5,
  }),
  prefixed({
    kind: "atlassian_api_token",
    fold: { cls: "A-Za-z0-9_=-", min: 186 },
    title: "Atlassian API token",
    description: "`ATATT3` + 186 characters from `[A-Za-z0-9_=-]`.",
    keywords: ["atatt3"],
    body: "ATATT3[A-Za-z0-9_=-]{186}",
    cls: String.raw`A-Za-z0-9_=\-`,
    max: 192,
    minEntropy: 4,
  }),
  prefixed({
    kind: "clojars_api_token",
    fold: { cls: "A-Za-z0-9", min: 60 },
    title: "Clojars deploy token",
    description: "`CLOJARS_` + 60 lower-case alphanumerics.",
    keywords: ["clojars_"],
    body: "CLOJARS_[a-z0-9]{60}",
    max: 68,
    i: true,
  }),
  prefixed({
    kind: "cloudflare_origin_ca_key",
    fold: { cls: "a-f0-9-", min: 171 },
    title: "Cloudflare Origin CA key",
    description: "`v1.0-` + 24 hex, `-`, 146 hex characters.",
    keywords: ["v1.0-"],
    body: String.raw`v1\.0-[a-f0-9]{24}-[a-f0-9]{146}`,
    max: 176,
  }),
  prefixed({
    kind: "defined_networking_api_token",
    fold: { cls: "a-z0-9=_-", min: 79 },
    title: "Defined Networking API token",
    description: "`dnkey-` + 26, `-`, 52 characters from `[a-z0-9=_-]`.",
    keywords: ["dnkey-"],
    body: "dnkey-[a-z0-9=_-]{26}-[a-z0-9=_-]{52}",
    cls: String.raw`A-Za-z0-9=_\-`,
    max: 85,
    i: true,
  }),
  prefixed({
    kind: "duffel_api_token",
    title: "Duffel API token",
    description: "`duffel_live_` or `duffel_test_` + 43 characters from `[A-Za-z0-9_=-]`.",
    keywords: ["duffel_live_", "duffel_test_"],
    body: "duffel_(?:live|test)_[A-Za-z0-9_=-]{43}",
    cls: String.raw`A-Za-z0-9_=\-`,
    max: 55,
  }),
  prefixed({
    kind: "dynatrace_api_token",
    fold: { cls: "A-Z0-9.", min: 89 },
    title: "Dynatrace API token",
    description: "`dt0c01.` + 24 upper-case alphanumerics, `.`, 64 more.",
    keywords: ["dt0c01."],
    body: String.raw`dt0c01\.[A-Z0-9]{24}\.[A-Z0-9]{64}`,
    cls: "A-Za-z0-9.",
    max: 96,
  }),
  prefixed({
    kind: "easypost_api_token",
    title: "EasyPost API key",
    description: "`EZAK` (production) or `EZTK` (test) + 54 alphanumerics.",
    keywords: ["ezak", "eztk"],
    body: "EZ[AT]K[A-Za-z0-9]{54}",
    cls: "A-Za-z0-9",
    max: 58,
    minEntropy: 3.5,
  }),
  prefixed({
    kind: "flutterwave_key",
    title: "Flutterwave secret or encryption key",
    description: "`FLWSECK-` / `FLWSECK_TEST-` + 32 hex + `-X`, or the 12-hex encryption key.",
    keywords: ["flwseck-", "flwseck_test-", "flwseck_test"],
    body: String.raw`FLWSECK(?:_TEST)?-?[a-h0-9]{32}-X|FLWSECK_TEST[a-h0-9]{12}`,
    max: 48,
    i: true,
  }),
  prefixed({
    kind: "frameio_api_token",
    fold: { cls: "A-Za-z0-9_=-", min: 64 },
    title: "Frame.io API token",
    description: "`fio-u-` + 64 characters from `[A-Za-z0-9_=-]`.",
    keywords: ["fio-u-"],
    body: "fio-u-[A-Za-z0-9_=-]{64}",
    cls: String.raw`A-Za-z0-9_=\-`,
    max: 70,
  }),
  prefixed({
    kind: "gitlab_token",
    title: "GitLab runner, CI job, feed, OAuth, agent or incoming-mail token",
    description:
      "`glrt-`, `glcbt-`, `glft-`, `glffct-`, `glimt-`, `glsoat-`, `gloas-`, `glagent-` + at least 20 URL-safe characters (with a routable token's `.` tail), or a `GR1348941` runner registration token.",
    keywords: [
      "glrt-",
      "glcbt-",
      "glft-",
      "glffct-",
      "glimt-",
      "glsoat-",
      "gloas-",
      "glagent-",
      "gr1348941",
    ],
    body:
      `(?:gl(?:rt|cbt|ft|ffct|imt|soat|oas|agent)-(?:[0-9a-fA-F]{1,5}_)?[A-Za-z0-9_-]{20,300}${GITLAB_ROUTABLE_TAIL}|GR1348941[A-Za-z0-9_-]{20})`,
    max: 330,
    minEntropy: 3.5,
  }),
  prefixed({
    kind: "harness_access_token",
    fold: { cls: "A-Za-z0-9_.-", min: 68 },
    title: "Harness personal or service-account token",
    description: "`pat.` or `sat.` + 22, `.`, 24, `.`, 20 characters.",
    keywords: ["pat.", "sat."],
    body: String.raw`(?:pat|sat)\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{20}`,
    cls: String.raw`A-Za-z0-9_.\-`,
    max: 74,
    minEntropy: 3.5,
  }),
  prefixed({
    kind: "huggingface_org_token",
    title: "Hugging Face organisation API token",
    description: "`api_org_` + 34 letters.",
    keywords: ["api_org_"],
    body: "api_org_[A-Za-z]{34}",
    max: 42,
    minEntropy: 3.5,
  }),
  prefixed({
    kind: "infracost_api_token",
    title: "Infracost API token",
    description: "`ico-` + 32 alphanumerics.",
    keywords: ["ico-"],
    body: "ico-[A-Za-z0-9]{32}",
    max: 36,
    minEntropy: 3.5,
  }),
  prefixed({
    kind: "intra42_client_secret",
    fold: { cls: "a-f0-9", min: 64 },
    title: "42 intranet client secret",
    description: "`s-s4t2ud-` or `s-s4t2af-` + 64 hex characters.",
    keywords: ["s-s4t2ud-", "s-s4t2af-"],
    body: "s-s4t2(?:ud|af)-[a-f0-9]{64}",
    max: 73,
  }),
  prefixed({
    kind: "flyio_access_token",
    title: "Fly.io access token",
    description:
      "`fo1_` + 43 URL-safe characters, or `fm1r_`/`fm1a_`/`fm2_` + a long base64 macaroon.",
    keywords: ["fo1_", "fm1r_", "fm1a_", "fm2_"],
    body: "(?:fo1_[A-Za-z0-9_-]{43}|fm(?:1[ar]|2)_[A-Za-z0-9+/]{100,}={0,3})",
    cls: String.raw`A-Za-z0-9_+/=\-`,
    max: 4096,
    minEntropy: 3.5,
  }),
  prefixed({
    kind: "langsmith_api_key",
    title: "LangSmith API key",
    description: "`lsv2_pt_` or `lsv2_sk_` + 32 hex, `_`, 10 hex characters.",
    keywords: ["lsv2_pt_", "lsv2_sk_"],
    body: "lsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}",
    max: 51,
  }),
  prefixed({
    kind: "settlemint_token",
    title: "SettleMint access token",
    description: "`sm_pat_`, `sm_aat_` or `sm_sat_` + 16 alphanumerics.",
    keywords: ["sm_pat_", "sm_aat_", "sm_sat_"],
    body: "sm_(?:pat|aat|sat)_[A-Za-z0-9]{16}",
    max: 23,
    minEntropy: 3,
  }),
  prefixed({
    kind: "notion_token",
    title: "Notion integration token",
    description:
      "`ntn_` + 11 digits and 35 alphanumerics, or a legacy `secret_` + 43 alphanumerics.",
    keywords: ["ntn_", "secret_"],
    body: "(?:ntn_[0-9]{11}[A-Za-z0-9]{35}|secret_[A-Za-z0-9]{43})",
    tail: { blanks: 0, cls: "A-Za-z0-9", min: 43 },
    max: 50,
    minEntropy: 3.5,
  }),
  prefixed({
    kind: "adobe_client_secret",
    title: "Adobe client secret",
    description: "`p8e-` + 32 alphanumerics.",
    keywords: ["p8e-"],
    body: "p8e-[A-Za-z0-9]{32}",
    max: 36,
    minEntropy: 3.5,
  }),
  prefixed({
    kind: "maxmind_license_key",
    title: "MaxMind license key",
    description: "Six word characters, `_`, 29 alphanumerics and `_mmk`.",
    keywords: ["_mmk"],
    body: "[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk",
    before: 36,
    max: 8,
    minEntropy: 3.5,
  }),
  named({
    kind: "datadog_api_key",
    title: "Datadog API key",
    description:
      "32 hex characters assigned to a Datadog API key name (`DD_API_KEY`, `DATADOG_API_KEY`, the `DD-API-KEY` header).",
    keywords: ["datadog", "dd_api_key", "dd-api-key", "ddapikey"],
    name: /(?:datadog|(?:^|[_.-])dd)[_.-]?api[_.-]?key|datadog[_.-]?key$/i,
    value: "[a-f0-9]{32}",
    max: 32,
  }),
  named({
    kind: "datadog_app_key",
    title: "Datadog application key",
    description:
      "40 hex characters assigned to a Datadog application key name (`DD_APP_KEY`, `DD_APPLICATION_KEY`, the `DD-APPLICATION-KEY` header) or a Datadog access token.",
    keywords: ["datadog", "dd_app", "dd-app", "ddapp"],
    name:
      /(?:datadog|(?:^|[_.-])dd)[_.-]?app(?:lication)?[_.-]?key|datadog[_.-]?(?:access[_.-]?)?token/i,
    value: "[a-z0-9]{40}",
    max: 40,
  }),
  prefixed({
    kind: "mailchimp_api_key",
    title: "Mailchimp API key",
    description: "32 hex characters + `-us` and a data-centre number, anywhere.",
    keywords: ["-us1", "-us2", "-us3", "-us4", "-us5", "-us6", "-us7", "-us8", "-us9"],
    body: String.raw`[a-f0-9]{32}-us[1-9][0-9]?`,
    cls: "A-Za-z0-9",
    before: 32,
    max: 8,
  }),
  named({
    kind: "vault_legacy_token",
    title: "HashiCorp Vault legacy token",
    description:
      "`s.`, `b.` or `r.` + 24 alphanumerics (tokens before Vault 1.10) assigned to a Vault name or sent as `X-Vault-Token`.",
    keywords: ["vault"],
    name: /vault/i,
    value: String.raw`[sbr]\.[A-Za-z0-9]{24}`,
    max: 26,
  }),
  {
    kind: "vault_legacy_token",
    title: "HashiCorp Vault legacy service token (bare)",
    description:
      "`s.` + exactly 24 alphanumerics with upper case, lower case and a digit, standing alone (not after a name, a dot or a slash): `vault login s.…`, the token column of `vault token create`.",
    // `s.` and the token's first character: three bytes, cheap to reject
    // (`this.state` fails the look-behind at once).
    keywords: [..."abcdefghijklmnopqrstuvwxyz0123456789"].map((c) => `s.${c}`),
    tail: { blanks: 0, cls: "A-Za-z0-9", min: 23 },
    pattern: new RegExp(
      String.raw`${
        lookBehind(String.raw`A-Za-z0-9_.\-\/$@`)
      }s\.[A-Za-z0-9]{24}(?![A-Za-z0-9_.\-\/])`,
    ),
    after: 32,
    priority: 3,
    minEntropy: 3.7,
    validate: (s) => /[0-9]/.test(s) && /[A-Z]/.test(s) && /[a-z].*[a-z]/.test(s.slice(2)),
  },
  prefixed({
    kind: "vercel_token",
    title: "Vercel token",
    description:
      "`vcp_` (personal), `vci_` (integration), `vca_` (app), `vcr_` (refresh) or `vck_` (API key) + at least 24 alphanumerics.",
    keywords: ["vcp_", "vci_", "vca_", "vcr_", "vck_"],
    body: "vc[pcaikr]_[A-Za-z0-9]{24,128}",
    max: 132,
    minEntropy: 3.5,
  }),
  prefixed({
    kind: "facebook_access_token",
    title: "Facebook (Meta) access token",
    description:
      "`EAA` + at least 100 alphanumerics (user, page and system-user tokens), at most 7 `A`s after the `E` (a longer run of `A`s is a Twitter bearer's zero bytes).",
    keywords: ["eaa"],
    // After `E` come the base64 of a version byte's end and the app id's 8 bytes: an app id
    // (10 digits or more) has at most 4 zero bytes, so at most 7 A's in a row.
    body: "EAA(?!A{6})[A-Za-z0-9]{100,1024}",
    cls: "A-Za-z0-9",
    max: 1027,
    minEntropy: 4,
  }),
  prefixed({
    kind: "amazon_mws_token",
    title: "Amazon MWS auth token",
    description: "`amzn.mws.` + a UUID.",
    keywords: ["amzn.mws."],
    body: String.raw`amzn\.mws\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`,
    cls: String.raw`A-Za-z0-9_.\-`,
    max: 45,
  }),
  {
    kind: "facebook_app_token",
    title: "Facebook app access token",
    description: "An app id (15 or 16 digits), `|`, and the 32-hex app secret.",
    // The keyword is the id's last two digits and the bar (three bytes at least).
    keywords: Array.from({ length: 100 }, (_, i) => `${String(i).padStart(2, "0")}|`),
    tail: { blanks: 0, cls: "0-9a-f", min: 32 },
    pattern: new RegExp(
      String.raw`${lookBehind("A-Za-z0-9")}[0-9]{15,16}\|[0-9a-f]{32}(?![A-Za-z0-9])`,
    ),
    lead: "0-9",
    before: 16,
    after: 40,
    priority: 3,
    minEntropy: 3,
  },
  {
    kind: "discord_token",
    title: "Discord bot token (bare)",
    description:
      "Three dot-separated parts whose first is the base64 of a numeric user id of 17-20 digits (`MT` for ids from 2021 on, `Mj` to `OT` before; ids starting 40, 41, 51, 52, 55, 81, 85 or 86 only near the word Discord), then 6 and 27-40 URL-safe characters; the id is decoded and checked.",
    keywords: discordIdKeywords(),
    // The rest of the id (22 to 28 characters in all) follows its first four.
    tail: { blanks: 0, cls: String.raw`A-Za-z0-9_\-`, min: 18 },
    pattern: new RegExp(
      String
        .raw`${
        lookBehind("A-Za-z0-9_\\-")
      }(?<id>[MNO][A-Za-z0-9_-]{21,27})\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,40}(?![A-Za-z0-9_-])`,
    ),
    after: 80,
    priority: 3,
    minEntropy: 3.5,
    validate: (_s, g) => isBase64Digits(g.id ?? ""),
  },
  named({
    kind: "algolia_api_key",
    title: "Algolia API key",
    description: "32 hex characters assigned to an Algolia key name (search-only keys included).",
    keywords: ["algolia"],
    name: KEY_NAME,
    value: "[a-f0-9]{32}",
    max: 32,
  }),
  named({
    kind: "sumologic_access_key",
    title: "Sumo Logic access key",
    description: "64 alphanumerics assigned to a Sumo Logic key name.",
    keywords: ["sumo"],
    name: KEY_NAME,
    value: "[A-Za-z0-9]{64}",
    max: 64,
    minEntropy: 3.5,
  }),
  named({
    kind: "vendor_api_key",
    title: "Vendor API key by name",
    description:
      "A 20-64 character key assigned to a name holding a vendor (Adafruit, Asana, Bitbucket, Codecov, Cohere, Confluent, Contentful, Drone, Dropbox, Fastly, Gitter, JFrog, LaunchDarkly, Lob, Mattermost, Netlify, Okta, Snyk, Twitch, Twitter, Zendesk...) and a key word.",
    keywords: [
      "adafruit",
      "asana",
      "bitbucket",
      "codecov",
      "cohere",
      "confluent",
      "contentful",
      "drone",
      "dropbox",
      "fastly",
      "gitter",
      "jfrog",
      "launchdarkly",
      "lob_",
      "mattermost",
      "netlify",
      "okta",
      "snyk",
      "twitch",
      "twitter",
      "zendesk",
      "finnhub",
      "freshbooks",
      "kraken",
      "kucoin",
      "bittrex",
      "coinbase",
      "beamer",
      "etsy",
      "flickr",
      "messagebird",
      "intercom",
      "hubspot",
      "plaid",
      "rapidapi",
      "sendbird",
    ],
    name: KEY_NAME,
    value: String.raw`[A-Za-z0-9_=\-]{20,64}`,
    max: 64,
    minEntropy: 3.5,
  }),
  named({
    kind: "uuid_service_token",
    title: "Service token that is a UUID, by name",
    description:
      "A UUID assigned to a name holding a service whose credentials are UUIDs (Postmark server and account tokens, Splunk's HEC token, Opsgenie, Sauce Labs, Loggly, Logentries / InsightOps, a Consul or Nomad ACL token) and ending in token, key or secret: `postmark_token: <uuid>`, `opsgenieKey`, `HEC_TOKEN`. Accessors, ids and placeholders typed in sequence are kept; a UUID under a generic name stays an id.",
    keywords: [
      "postmark",
      "splunk",
      "hec_token",
      "hec-token",
      "hec.token",
      "hectoken",
      "opsgenie",
      "sauce",
      "loggly",
      "logentries",
      "insightops",
      "insight_ops",
      "consul",
      "nomad",
    ],
    name: UUID_SERVICE_NAME,
    value: UUID,
    max: 36,
    minEntropy: 3,
    valid: (s) => !isPredictable(s),
  }),
  // Formats a coding transcript holds that the public rule sets list
  // (surveyed from gitleaks, trufflehog, detect-secrets and secretlint:
  // facts about formats only).
  prefixed({
    kind: "openrouter_api_key",
    fold: { cls: "a-f0-9", min: 64 },
    title: "OpenRouter API key",
    description: "`sk-or-v1-` + 64 hex characters.",
    keywords: ["sk-or-v1-"],
    body: "sk-or-v1-[a-f0-9]{64}",
    max: 73,
  }),
  prefixed({
    kind: "xai_api_key",
    fold: { cls: "A-Za-z0-9", min: 70 },
    title: "xAI API key",
    description: "`xai-` + 70 to 85 alphanumerics.",
    keywords: ["xai-"],
    body: "xai-[A-Za-z0-9]{70,85}",
    max: 89,
    minEntropy: 4,
  }),
  prefixed({
    kind: "firecrawl_api_key",
    title: "Firecrawl API key",
    description: "`fc-` + 32 hex characters.",
    keywords: ["fc-"],
    body: "fc-[a-f0-9]{32}",
    max: 35,
  }),
  prefixed({
    kind: "tavily_api_key",
    title: "Tavily API key",
    description: "`tvly-` (optionally `dev-` or `prod-`) + 24 to 64 alphanumerics.",
    keywords: ["tvly-"],
    body: "tvly-(?:dev-|prod-)?[A-Za-z0-9]{24,64}",
    max: 74,
    minEntropy: 3.5,
  }),
  prefixed({
    kind: "langfuse_secret_key",
    title: "Langfuse secret key",
    description: "`sk-lf-` + a UUID (the public `pk-lf-` key is not secret).",
    keywords: ["sk-lf-"],
    body: "sk-lf-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}",
    max: 42,
  }),
  prefixed({
    kind: "tailscale_key",
    title: "Tailscale key",
    description:
      "`tskey-api-`, `tskey-auth-`, `tskey-client-`, `tskey-scim-` or `tskey-webhook-` + a key id, `-` and the secret.",
    keywords: ["tskey-"],
    body: "tskey-(?:api|auth|client|scim|webhook)-[A-Za-z0-9_]{4,64}-[A-Za-z0-9_]{16,128}",
    max: 210,
    minEntropy: 3.5,
  }),
  prefixed({
    kind: "sonarqube_token",
    title: "SonarQube token",
    description: "`squ_` (user), `sqp_` (project) or `sqa_` (global analysis) + 40 hex characters.",
    keywords: ["squ_", "sqp_", "sqa_"],
    body: "sq[upa]_[0-9a-f]{40}",
    cls: "A-Za-z0-9_",
    max: 44,
  }),
  prefixed({
    kind: "buildkite_token",
    title: "Buildkite API access token",
    description: "`bkua_` + 40 hex characters.",
    keywords: ["bkua_"],
    body: "bkua_[0-9a-f]{40}",
    max: 45,
  }),
  prefixed({
    kind: "figma_token",
    title: "Figma personal access token",
    description: "`figd_` + 38 to 64 URL-safe characters.",
    keywords: ["figd_"],
    body: "figd_[A-Za-z0-9_-]{38,64}",
    max: 69,
    minEntropy: 3.5,
  }),
  prefixed({
    kind: "nuget_api_key",
    title: "NuGet API key",
    description: "`oy2` + 43 lower-case letters and digits.",
    keywords: ["oy2"],
    body: "oy2[a-z0-9]{43}",
    cls: "A-Za-z0-9",
    max: 46,
    minEntropy: 3.5,
  }),
  prefixed({
    kind: "cratesio_api_token",
    title: "crates.io API token",
    description: "`cio` + 32 alphanumerics.",
    keywords: ["cio"],
    body: "cio[A-Za-z0-9]{32}",
    cls: "A-Za-z0-9",
    max: 35,
    minEntropy: 4,
  }),
  prefixed({
    kind: "elevenlabs_api_key",
    title: "ElevenLabs API key",
    description: "`sk_` + 48 hex characters.",
    keywords: ["sk_"],
    body: "sk_[0-9a-f]{48}",
    cls: "A-Za-z0-9_",
    max: 51,
    minEntropy: 3.5,
  }),
  prefixed({
    kind: "braintree_access_token",
    fold: { cls: "a-z0-9$", min: 57 },
    title: "Braintree (PayPal) access token",
    description:
      "`access_token$production$` (or `$sandbox$`) + a 16-character merchant id, `$` and 32 hex characters.",
    keywords: ["access_token$"],
    body: String.raw`access_token\$(?:production|sandbox)\$[0-9a-z]{16}\$[0-9a-f]{32}`,
    cls: String.raw`A-Za-z0-9_$`,
    max: 80,
  }),
  prefixed({
    kind: "plaid_access_token",
    title: "Plaid access token",
    description: "`access-production-`, `access-development-` or `access-sandbox-` + a UUID.",
    keywords: ["access-production-", "access-development-", "access-sandbox-"],
    body:
      "access-(?:production|development|sandbox)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}",
    max: 60,
  }),
  {
    kind: "teams_webhook_url",
    title: "Microsoft Teams incoming webhook URL",
    description:
      "`….webhook.office.com/webhookb2/<uuid>@<uuid>/IncomingWebhook/<32 hex>/<uuid>` (or the older `outlook.office.com/webhook/`); the path is the secret.",
    keywords: ["webhook.office.com/webhookb2/", "outlook.office.com/webhook/"],
    pattern: new RegExp(
      String
        .raw`(?:webhook\.office\.com\/webhookb2|outlook\.office\.com\/webhook)\/(?<s>[0-9a-f-]{36}@[0-9a-f-]{36}\/IncomingWebhook\/[0-9a-f]{32}\/[0-9a-f-]{36}(?:\/[A-Za-z0-9_-]{20,80})?)(?![A-Za-z0-9_-])`,
    ),
    after: 260,
    priority: 3,
  },
  prefixed({
    kind: "hubspot_private_app_token",
    title: "HubSpot private app access token",
    description: "`pat-` + a data-centre region (`na1`, `eu1`, ...), `-` and a UUID.",
    keywords: ["pat-na", "pat-eu", "pat-ap"],
    body: "pat-(?:na|eu|ap)[0-9]-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}",
    tail: { blanks: 0, cls: "0-9a-f-", min: 38 },
    max: 48,
  }),
  prefixed({
    kind: "aws_bedrock_api_key",
    fold: { cls: "A-Za-z0-9+/=", min: 100 },
    title: "Amazon Bedrock API key",
    description:
      "`ABSK` + at least 100 base64 characters (long-term key), or `bedrock-api-key-` + a base64 presigned request (short-term key).",
    keywords: ["absk", "bedrock-api-key-"],
    body: String.raw`(?:ABSK[A-Za-z0-9+/]{100,400}|bedrock-api-key-[A-Za-z0-9+/]{100,4000})={0,2}`,
    cls: String.raw`A-Za-z0-9+/`,
    tail: { blanks: 0, cls: "A-Za-z0-9+/", min: 100 },
    max: 4020,
    minEntropy: 4,
  }),
  prefixed({
    kind: "django_secret_key",
    title: "Django secret key (generated)",
    description:
      "`django-insecure-` + 40-60 characters of the generator's alphabet (lower-case letters, digits and `!@#$%^&*(-_=+)`), as `startproject` writes it.",
    keywords: ["django-insecure-"],
    body: String.raw`django-insecure-[a-z0-9!@#$%^&*()_=+\-]{40,60}`,
    cls: String.raw`a-z0-9!@#$%^&*()_=+\-`,
    tail: { blanks: 0, cls: "a-z0-9!@#$%^&*()_=+\\-", min: 40 },
    max: 80,
    minEntropy: 3.5,
  }),
  {
    ...prefixed({
      kind: "clickhouse_api_secret",
      title: "ClickHouse Cloud API key secret",
      description: "`4b1d` + 38 alphanumerics with both cases.",
      keywords: ["4b1d"],
      body: "4b1d[A-Za-z0-9]{38}",
      cls: "A-Za-z0-9",
      tail: { blanks: 0, cls: "A-Za-z0-9", min: 38 },
      max: 42,
      minEntropy: 3.5,
    }),
    // A hex digest that happens to start `4b1d` has no upper case.
    validate: (s) => /[A-Z]/.test(s) && /[a-z]/.test(s.slice(4)),
  },
  prefixed({
    kind: "riot_api_key",
    title: "Riot Games API key",
    description: "`RGAPI-` + a UUID.",
    keywords: ["rgapi-"],
    body: "RGAPI-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}",
    tail: { blanks: 0, cls: "0-9a-f-", min: 36 },
    max: 42,
  }),
  prefixed({
    kind: "gcp_hmac_access_id",
    title: "Google Cloud Storage HMAC access id",
    description:
      "`GOOG1` + 56 upper-case letters and digits (the id of an interoperability HMAC key; the secret beside it is 40 base64 characters).",
    keywords: ["goog1"],
    body: "GOOG1[A-Z0-9]{56}",
    cls: "A-Za-z0-9",
    tail: { blanks: 0, cls: "A-Z0-9", min: 56 },
    max: 61,
  }),
  prefixed({
    kind: "laravel_app_key",
    title: "Laravel application key",
    description:
      "`base64:` + the 44-character base64 of a 32-byte key (`APP_KEY=base64:...`, `php artisan key:generate`).",
    keywords: ["base64:"],
    body: String.raw`base64:[A-Za-z0-9+/]{43}=`,
    cls: String.raw`A-Za-z0-9+/`,
    tail: { blanks: 0, cls: "A-Za-z0-9+/", min: 43 },
    max: 51,
    minEntropy: 4,
  }),
  prefixed({
    kind: "neon_api_key",
    title: "Neon API key",
    description: "`napi_` + 40 to 80 lower-case letters and digits.",
    keywords: ["napi_"],
    body: "napi_[a-z0-9]{40,80}",
    cls: "A-Za-z0-9_",
    tail: { blanks: 0, cls: "a-z0-9", min: 40 },
    max: 85,
    minEntropy: 3.5,
  }),
  prefixed({
    kind: "render_api_key",
    title: "Render API key",
    description: "`rnd_` + 32 alphanumerics.",
    keywords: ["rnd_"],
    body: "rnd_[A-Za-z0-9]{32}",
    cls: "A-Za-z0-9_",
    tail: { blanks: 0, cls: "A-Za-z0-9", min: 32 },
    max: 36,
    minEntropy: 3.5,
  }),
  prefixed({
    kind: "circleci_token",
    title: "CircleCI personal or project API token",
    description:
      "`CCIPAT_` (personal) or `CCIPRJ_` (project) + 22 alphanumerics, `_` and 40 alphanumerics (hex in CircleCI's own; others' test material holds any).",
    keywords: ["ccipat_", "cciprj_"],
    body: "CCIP(?:AT|RJ)_[A-Za-z0-9]{20,24}_[A-Za-z0-9]{40}",
    cls: "A-Za-z0-9_",
    tail: { blanks: 0, cls: "A-Za-z0-9_", min: 60 },
    max: 72,
  }),
  prefixed({
    kind: "pinecone_api_key",
    title: "Pinecone API key",
    description: "`pcsk_` + a short key id, `_` and 50 to 80 alphanumerics.",
    keywords: ["pcsk_"],
    body: "pcsk_[A-Za-z0-9]{4,8}_[A-Za-z0-9]{50,80}",
    cls: "A-Za-z0-9_",
    tail: { blanks: 0, cls: "A-Za-z0-9_", min: 55 },
    max: 95,
    minEntropy: 3.5,
  }),
  prefixed({
    kind: "bitbucket_app_password",
    title: "Bitbucket app password or access token",
    description:
      "`ATBB` + 28 to 64 alphanumerics (app password), or `ATCTT3` + at least 150 URL-safe characters (repository or workspace access token).",
    keywords: ["atbb", "atctt3"],
    body: String.raw`(?:ATBB[A-Za-z0-9]{28,64}|ATCTT3[A-Za-z0-9_=-]{150,400})`,
    cls: "A-Za-z0-9_=\\-",
    max: 410,
    minEntropy: 3.5,
  }),
  prefixed({
    kind: "cloudflare_api_token",
    title: "Cloudflare API token (prefixed)",
    description: "`cfut_` (user) or `cfat_` (account) + at least 30 alphanumerics.",
    keywords: ["cfut_", "cfat_"],
    body: "cf[ua]t_[A-Za-z0-9]{30,80}",
    cls: "A-Za-z0-9_",
    tail: { blanks: 0, cls: "A-Za-z0-9", min: 30 },
    max: 86,
    minEntropy: 3.5,
  }),
  prefixed({
    kind: "posthog_personal_api_key",
    title: "PostHog personal API key",
    description:
      "`phx_` + 40 to 50 URL-safe base64 characters (PostHog draws the key with `token_urlsafe`, so it may hold `_` and `-`; the project key `phc_` is public and not flagged).",
    keywords: ["phx_"],
    body: String.raw`phx_[A-Za-z0-9_\-]{40,50}`,
    cls: String.raw`A-Za-z0-9_\-`,
    tail: { blanks: 0, cls: "A-Za-z0-9_-", min: 40 },
    max: 55,
    minEntropy: 3.5,
  }),
  prefixed({
    kind: "contentful_token",
    title: "Contentful personal access token",
    description: "`CFPAT-` + 43 URL-safe characters.",
    keywords: ["cfpat-"],
    body: "CFPAT-[A-Za-z0-9_-]{43}",
    tail: { blanks: 0, cls: "A-Za-z0-9_-", min: 43 },
    max: 50,
  }),
  prefixed({
    kind: "firebase_fcm_server_key",
    fold: { cls: "A-Za-z0-9_-", min: 120 },
    title: "Firebase Cloud Messaging server key (legacy)",
    description: "`AAAA` + 7 URL-safe characters, `:APA91b` and about 134 more.",
    keywords: [":apa91b"],
    body: "AAAA[A-Za-z0-9_-]{7}:APA91b[A-Za-z0-9_-]{120,160}",
    before: 12,
    max: 180,
  }),
  prefixed({
    kind: "tencent_secret_id",
    title: "Tencent Cloud SecretId",
    description: "`AKID` + 32 alphanumerics (the id of a Tencent Cloud API key pair).",
    keywords: ["akid"],
    body: "AKID[A-Za-z0-9]{32}",
    cls: "A-Za-z0-9",
    tail: { blanks: 0, cls: "A-Za-z0-9", min: 32 },
    max: 36,
    minEntropy: 3.5,
  }),
  prefixed({
    kind: "dropbox_access_token",
    title: "Dropbox short-lived access token",
    description: "`sl.` (or `sl.u.`) + at least 130 URL-safe characters.",
    keywords: ["sl."],
    tail: { blanks: 0, cls: "A-Za-z0-9_.\\-", min: 130 },
    body: String.raw`sl\.(?:u\.)?[A-Za-z0-9_-]{130,1400}`,
    cls: "A-Za-z0-9_\\-",
    max: 1410,
    minEntropy: 4,
  }),
  digits(prefixed({
    kind: "openai_compatible_api_key",
    title: "OpenAI-compatible provider API key",
    description:
      "`sk-` + 32 to 64 letters and digits, nothing after: the key shape of DeepSeek, Moonshot, DashScope, SiliconFlow and other providers serving the OpenAI API (and OpenAI's own older keys).",
    keywords: ["sk-"],
    body: "sk-[A-Za-z0-9]{32,64}",
    tail: { blanks: 0, cls: "A-Za-z0-9", min: 32 },
    max: 67,
    minEntropy: 3.3,
  })),
  prefixed({
    kind: "yandex_api_key",
    title: "Yandex Cloud API key",
    description: "`AQVN` + 35 to 38 URL-safe characters.",
    keywords: ["aqvn"],
    body: "AQVN[A-Za-z0-9_-]{35,38}",
    tail: { blanks: 0, cls: "A-Za-z0-9_\\-", min: 35 },
    max: 42,
    minEntropy: 3.5,
  }),
  prefixed({
    kind: "yandex_iam_token",
    title: "Yandex Cloud IAM token",
    description: "`t1.` + a URL-safe part, `.` and an 86-character signature.",
    keywords: ["t1."],
    body: String.raw`t1\.[A-Za-z0-9_-]{10,600}={0,2}\.[A-Za-z0-9_-]{86}={0,2}`,
    tail: { blanks: 0, cls: "A-Za-z0-9_\\-", min: 10 },
    max: 700,
    minEntropy: 3.5,
  }),
  mixed(prefixed({
    kind: "clickup_api_token",
    title: "ClickUp personal API token",
    description: "`pk_` + the user's numeric id + `_` + 32 upper-case letters and digits.",
    keywords: ["pk_"],
    body: "pk_[0-9]{4,12}_[A-Z0-9]{32}",
    tail: { blanks: 0, cls: "0-9", min: 4 },
    max: 48,
    minEntropy: 3,
  })),
  digits(prefixed({
    kind: "honeycomb_api_key",
    title: "Honeycomb ingest key",
    description:
      "`hcaik_` (environment) or `hcxik_` (team) + 40 to 80 lower-case letters and digits.",
    keywords: ["hcaik_", "hcxik_"],
    body: "hc[ax]ik_[a-z0-9]{40,80}",
    max: 88,
    minEntropy: 3.5,
  })),
  prefixed({
    kind: "launchdarkly_key",
    title: "LaunchDarkly SDK key or API access token",
    description: "`sdk-` (server-side SDK key) or `api-` (API access token) + a UUID.",
    keywords: ["sdk-", "api-"],
    body: String
      .raw`(?:sdk|api)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`,
    tail: { blanks: 0, cls: "0-9a-f\\-", min: 36 },
    max: 40,
  }),
  digits(prefixed({
    kind: "octopus_deploy_api_key",
    title: "Octopus Deploy API key",
    description: "`API-` + 25 to 27 upper-case letters and digits.",
    keywords: ["api-"],
    body: "API-[A-Z0-9]{25,27}",
    tail: { blanks: 0, cls: "A-Z0-9", min: 25 },
    max: 31,
    minEntropy: 3.3,
  })),
  digits(prefixed({
    kind: "together_api_key",
    title: "Together AI API key",
    description: "`tgp_v1_` + 30 to 80 URL-safe characters.",
    keywords: ["tgp_v1_"],
    body: "tgp_v1_[A-Za-z0-9_-]{30,80}",
    max: 87,
    minEntropy: 3.5,
  })),
  {
    ...prefixed({
      kind: "salesforce_access_token",
      title: "Salesforce access token (session id)",
      description:
        "The org id (`00D` + 12 or 15 characters), `!`, and 80 or more token characters.",
      keywords: ["00d"],
      body: "00D[0-9A-Za-z]{12,15}![0-9A-Za-z._]{80,200}",
      cls: "A-Za-z0-9",
      tail: { blanks: 0, cls: "0-9A-Za-z", min: 12 },
      max: 220,
      minEntropy: 3.5,
    }),
    // Folded inside its body (review66): the head runs over the `!` and the token's dots, so a
    // fold before or after the `!` is joined (`00d` holds no separator, so no head is made
    // without this).
    fold: { cls: "0-9A-Za-z!._", min: 12 },
  },
  {
    kind: "webhook_url_secret",
    title: "Zapier or Azure Logic Apps webhook URL",
    description:
      "The secret part of a webhook URL that runs a workflow for anyone holding it: `hooks.zapier.com/hooks/catch/<account>/<key>`, and the `sig=` of an Azure Logic Apps / Power Automate trigger URL (`...logic.azure.com...&sv=1.0&sig=...`).",
    keywords: ["hooks.zapier.com/hooks/catch/", "logic.azure.com"],
    pattern: new RegExp(
      String
        .raw`hooks\.zapier\.com\/hooks\/catch\/(?<s>\d{4,12}\/[A-Za-z0-9]{5,40})(?![A-Za-z0-9])|logic\.azure\.com[^\s"'<>\\]{0,800}?[?&]sig=(?<s>[A-Za-z0-9_%-]{30,100})(?![A-Za-z0-9_%-])`,
    ),
    after: 900,
    priority: 3,
    minEntropy: 3,
  },
  prefixed({
    kind: "linear_api_key",
    title: "Linear OAuth access token",
    description: "`lin_oauth_` + 64 hex.",
    keywords: ["lin_oauth_"],
    body: "lin_oauth_[a-f0-9]{64}",
    max: 74,
    minEntropy: 3,
  }),
  prefixed({
    kind: "nvidia_api_key",
    fold: { cls: "A-Za-z0-9_-", min: 64 },
    title: "NVIDIA API key",
    description: "`nvapi-` + 64 URL-safe characters (NVIDIA NIM and build.nvidia.com).",
    keywords: ["nvapi-"],
    body: "nvapi-[A-Za-z0-9_-]{64}",
    max: 70,
  }),
  mixed(prefixed({
    kind: "fireworks_api_key",
    title: "Fireworks AI API key",
    description: "`fw_` + 24 alphanumerics of both cases with a digit.",
    keywords: ["fw_"],
    body: "fw_[A-Za-z0-9]{24}",
    max: 27,
  })),
  mixed(prefixed({
    kind: "voyage_api_key",
    title: "Voyage AI API key",
    description: "`pa-` + 43 URL-safe characters of both cases with a digit.",
    keywords: ["pa-"],
    body: "pa-[A-Za-z0-9_-]{43}",
    max: 46,
  })),
  prefixed({
    kind: "segment_public_api_token",
    title: "Segment public API token",
    description: "`sgp_` + 60 to 70 alphanumerics, `_` or `-`.",
    keywords: ["sgp_"],
    body: "sgp_[A-Za-z0-9_-]{60,70}",
    max: 74,
  }),
  prefixed({
    kind: "asana_pat",
    title: "Asana personal access token",
    description:
      "`1/` or `2/`, a user id, optionally `/` and an app id, `:` and 32 hex (the token's secret part).",
    // `1/` or `2/` and the id's first digit (ids do not start with 0).
    keywords: ["1", "2"].flatMap((v) => [..."123456789"].map((d) => `${v}/${d}`)),
    body: "[12]/[0-9]{10,20}(?:/[0-9]{10,20})?:[0-9a-f]{32}",
    cls: "A-Za-z0-9_/:",
    max: 76,
    // The check right after the keyword rejects every other `1/3`, `2/1` (dates, fractions,
    // paths) before the pattern runs.
    tail: { blanks: 0, cls: "0-9", min: 9 },
  }),
  prefixed({
    kind: "intercom_access_token",
    title: "Intercom access token",
    description: "`dG9rOj` (base64 of `tok:`) + 40 or more base64 characters.",
    keywords: ["dg9roj"],
    body: "dG9rOj[A-Za-z0-9+/]{40,200}={0,2}",
    cls: "A-Za-z0-9+/=",
    max: 208,
  }),
];
