/**
 * Test fixtures for the secret scanner, generated at run time from a seeded
 * random source: no credential (nor anything a push-protection scanner would
 * take for one) is committed. Every kind has a sample builder that returns
 * the text to plant, the exact secret span and a random core that must be
 * gone after redaction; contexts wrap a sample in realistic surroundings;
 * look-alikes are values that must not be flagged.
 * @module
 */
import { base62, crc32 } from "../../core/safety/secrets/checks.ts";

/** A seeded random source (mulberry32). */
export class Rng {
  #s: number;
  constructor(seed: number) {
    this.#s = seed >>> 0;
  }
  next(): number {
    let t = (this.#s = (this.#s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)]!;
  }
  str(alphabet: string, n: number): string {
    let s = "";
    for (let i = 0; i < n; i++) s += alphabet[this.int(alphabet.length)];
    return s;
  }
}

export const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const ALPHA = ALNUM.slice(0, 52);
export const HEX = "0123456789abcdef";
export const B64 = ALNUM + "+/";
export const URLSAFE = ALNUM + "_-";
export const UPPER_NUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const BECH32 = "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L";
const LOWER_NUM = "abcdefghijklmnopqrstuvwxyz0123456789";
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** One planted secret. */
export interface Sample {
  /** The text to plant (may include a name and separator). */
  text: string;
  /** The exact secret inside `text` (what redaction must replace). */
  secret: string;
  /** A random run inside the secret, free of characters any escaping changes. */
  core: string;
}

/**
 * Letters with no typed step (redact104): a letter that follows the one
 * before it in the alphabet or repeats one of the four before it is moved
 * on until it does neither. The password rules keep typed values as
 * placeholders (`wxeexy`: w-x, e-e, x-y, a keyboard's run), so a sample
 * of letters must have none; no draw is made, so later samples stay.
 */
function untyped(letters: string): string {
  const out: number[] = [];
  for (const ch of letters) {
    let c = ch.charCodeAt(0);
    const typed = (k: number) => k === (out.at(-1) ?? -2) + 1 || out.slice(-4).includes(k);
    while (typed(c)) c = c === 0x7a ? 0x61 : c + 1;
    out.push(c);
  }
  return String.fromCharCode(...out);
}

/** Joins parts at run time (keeps literal token prefixes out of committed text). */
export function p(...parts: string[]): string {
  return parts.join("");
}

function tokenWith(prefix: string, rng: Rng): string {
  const body = rng.str(ALNUM, 30);
  return prefix + body + base62(crc32(body), 6);
}

function b64url(s: string): string {
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function coreOf(secret: string): string {
  const m = /[A-Za-z0-9]{12,}/.exec(secret.slice(Math.floor(secret.length / 3)));
  return m === null ? secret : m[0].slice(0, 12);
}

function tok(secret: string, text = secret): Sample {
  return { text, secret, core: coreOf(secret) };
}

function pem(kind: string, rng: Rng, newline: string): string {
  const lines: string[] = [];
  for (let i = 0; i < 12; i++) lines.push(rng.str(B64, 64));
  return [`-----BEGIN ${kind}-----`, ...lines, rng.str(B64, 20) + "==", `-----END ${kind}-----`]
    .join(newline);
}

/** A bech32 string (`hrp1data` + checksum, BIP-173) for data values of 5 bits. */
function bech32(hrp: string, data: number[]): string {
  const gen = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  const polymod = (values: number[]) => {
    let chk = 1;
    for (const v of values) {
      const top = chk >>> 25;
      chk = ((chk & 0x1ffffff) << 5) ^ v;
      for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= gen[i]!;
    }
    return chk;
  };
  const expanded = [
    ...[...hrp].map((c) => c.charCodeAt(0) >> 5),
    0,
    ...[...hrp].map((c) => c.charCodeAt(0) & 31),
  ];
  const mod = polymod([...expanded, ...data, 0, 0, 0, 0, 0, 0]) ^ 1;
  const check = Array.from({ length: 6 }, (_, i) => (mod >>> (5 * (5 - i))) & 31);
  return hrp + "1" + [...data, ...check].map((v) => BECH32.toLowerCase()[v]).join("");
}

/** A UUID of random hex. */
function uuid(r: Rng): string {
  return [8, 4, 4, 4, 12].map((n) => r.str(HEX, n)).join("-");
}

/** A version-4 UUID (variant `a`) that starts `7a`, split so no literal in this file reads as one. */
export function uuidV4(r: Rng): string {
  return p(
    "7a",
    r.str(HEX, 6),
    "-",
    r.str(HEX, 4),
    "-4",
    r.str(HEX, 3),
    "-a",
    r.str(HEX, 3),
    "-",
    r.str(HEX, 12),
  );
}

/** A compact JWT with the given header. */
function jwtWith(header: string, r: Rng): string {
  return [
    b64url(header),
    b64url(`{"sub":"${r.str(ALNUM, 12)}","iat":1700000000}`),
    r.str(URLSAFE, 43),
  ]
    .join(".");
}

const SK = p("s", "k");

/** A sample builder for every kind in the rule table. */
export const SAMPLES: Record<string, (rng: Rng) => Sample> = {
  github_pat: (r) => tok(tokenWith(p("gh", "p_"), r)),
  github_oauth_token: (r) => tok(tokenWith(p("gh", "o_"), r)),
  github_user_token: (r) => tok(tokenWith(p("gh", "u_"), r)),
  github_app_token: (r) => tok(tokenWith(p("gh", "s_"), r)),
  github_refresh_token: (r) => tok(tokenWith(p("gh", "r_"), r)),
  github_fine_grained_pat: (r) =>
    tok(p("github", "_pat_", r.str(ALNUM, 22), "_", r.str(ALNUM, 59))),
  gitlab_pat: (r) => tok(p("gl", "pat-", r.str(URLSAFE, 20))),
  gitlab_pipeline_trigger_token: (r) => tok(p("gl", "ptt-", r.str(HEX, 40))),
  gitlab_deploy_token: (r) => tok(p("gl", "dt-", r.str(URLSAFE, 24))),
  aws_access_key_id: (r) => tok(p("AK", "IA", r.str(BASE32, 16))),
  aws_secret_access_key: (r) => {
    const s = r.str(ALNUM, 20) + "/" + r.str(B64, 19);
    return { text: `aws_secret_access_key = ${s}`, secret: s, core: s.slice(0, 12) };
  },
  aws_session_token: (r) => {
    const s = p("IQoJb3JpZ2lu", r.str(ALNUM, 300), "==");
    return { text: `"SessionToken": "${s}"`, secret: s, core: coreOf(s) };
  },
  // recall22: the older AIza key and the AQ. authentication key AI Studio now issues.
  google_api_key: (r) =>
    tok(
      r.int(2) === 0 ? p("AI", "za", r.str(URLSAFE, 35)) : p("AQ", ".Ab8Q7z", r.str(URLSAFE, 44)),
    ),
  google_oauth_access_token: (r) => tok(p("ya", "29.", r.str(URLSAFE, 120))),
  google_oauth_refresh_token: (r) => tok(p("1//", "0", r.str(URLSAFE, 90))),
  google_oauth_client_secret: (r) => tok(p("GOC", "SPX-", r.str(URLSAFE, 28))),
  gcp_service_account_key: (r) => {
    const s = pem("PRIVATE KEY", r, "\\n") + "\\n";
    return {
      text: `{"type": "service_account", "private_key_id": "${
        r.str(HEX, 40)
      }", "private_key": "${s}", "client_email": "ci@proj.iam.gserviceaccount.com"}`,
      secret: s,
      core: coreOf(s),
    };
  },
  azure_storage_account_key: (r) => {
    const s = r.str(B64, 86) + "==";
    return {
      text:
        `DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=${s};EndpointSuffix=core.windows.net`,
      secret: s,
      core: coreOf(s),
    };
  },
  azure_shared_access_key: (r) => {
    const s = r.str(B64, 43) + "=";
    return {
      text:
        `Endpoint=sb://ns.servicebus.windows.net/;SharedAccessKeyName=Root;SharedAccessKey=${s}`,
      secret: s,
      core: coreOf(s),
    };
  },
  azure_sas_signature: (r) => {
    const s = r.str(ALNUM, 43) + "%3D";
    return {
      text:
        `https://acct.blob.core.windows.net/c/f.txt?sv=2022-11-02&ss=b&srt=o&sp=r&se=2030-01-01T00:00:00Z&sig=${s}`,
      secret: s,
      core: coreOf(s),
    };
  },
  azure_ad_client_secret: (r) => tok(p(r.str(ALNUM, 3), "8Q~", r.str(ALNUM, 34))),
  slack_bot_token: (r) =>
    tok(
      p("xo", "xb-", r.str("0123456789", 11), "-", r.str("0123456789", 12), "-", r.str(ALNUM, 24)),
    ),
  slack_user_token: (r) =>
    tok(
      p(
        "xo",
        "xp-",
        r.str("0123456789", 11),
        "-",
        r.str("0123456789", 12),
        "-",
        r.str("0123456789", 12),
        "-",
        r.str(HEX, 32),
      ),
    ),
  slack_token: (r) => tok(p("xo", "xe-1-", r.str(ALNUM, 140))),
  slack_app_token: (r) =>
    tok(p("xa", "pp-1-A", r.str(UPPER_NUM, 10), "-", r.str("0123456789", 13), "-", r.str(HEX, 64))),
  slack_webhook_url: (r) => {
    const s = p(
      "services/T",
      r.str(UPPER_NUM, 9),
      "/B",
      r.str(UPPER_NUM, 9),
      "/",
      r.str(ALNUM, 24),
    );
    return { text: `https://hooks.slack.com/${s}`, secret: s, core: s.slice(-12) };
  },
  stripe_secret_key: (r) => tok(p(SK, "_live_", r.str(ALNUM, 99))),
  stripe_restricted_key: (r) => tok(p("r", "k_test_", r.str(ALNUM, 99))),
  stripe_webhook_secret: (r) => tok(p("wh", "sec_", r.str(ALNUM, 32))),
  openai_api_key: (r) => tok(p(SK, "-proj-", r.str(URLSAFE, 100), r.str(ALNUM, 20))),
  anthropic_api_key: (r) => tok(p(SK, "-ant-api03-", r.str(URLSAFE, 93), "AA")),
  huggingface_token: (r) => tok(p("h", "f_", r.str(ALNUM, 34))),
  npm_token: (r) => tok(tokenWith(p("np", "m_"), r)),
  pypi_token: (r) => tok(p("py", "pi-AgEIcHlwaS5vcmc", r.str(URLSAFE, 120))),
  twilio_api_key: (r) => {
    const s = p("S", "K", r.str(HEX, 32));
    return { text: `TWILIO_API_KEY_SID=${s} # twilio`, secret: s, core: s.slice(4, 16) };
  },
  twilio_auth_token: (r) => {
    const s = r.str(HEX, 32);
    return {
      text: `twilio:\n  account: AC${r.str(HEX, 32)}\n  auth_token: ${s}`,
      secret: s,
      core: s.slice(0, 12),
    };
  },
  sendgrid_api_key: (r) => tok(p("S", "G.", r.str(URLSAFE, 22), ".", r.str(URLSAFE, 43))),
  mailgun_api_key: (r) => tok(p("ke", "y-", r.str(HEX, 32))),
  discord_bot_token: (r) => {
    const s = p("MT", r.str(ALNUM, 24), ".", r.str(URLSAFE, 6), ".", r.str(URLSAFE, 38));
    return { text: `DISCORD_BOT=${s}`, secret: s, core: coreOf(s) };
  },
  discord_webhook_url: (r) => {
    const s = r.str(URLSAFE, 68);
    return {
      text: `https://discord.com/api/webhooks/${r.str("0123456789", 18)}/${s}`,
      secret: s,
      core: coreOf(s),
    };
  },
  telegram_bot_token: (r) => tok(p(r.str("123456789", 10), ":AA", r.str(URLSAFE, 33))),
  shopify_token: (r) => tok(p("shp", "at_", r.str(HEX, 32))),
  digitalocean_token: (r) => tok(p("do", "p_v1_", r.str(HEX, 64))),
  doppler_token: (r) => tok(p("dp", ".pt.", r.str(ALNUM, 43))),
  vault_token: (r) => tok(p("hv", "s.", r.str(URLSAFE, 90))),
  databricks_token: (r) => tok(p("da", "pi", r.str(HEX, 32))),
  linear_api_key: (r) => tok(p("lin", "_api_", r.str(ALNUM, 40))),
  dockerhub_token: (r) => tok(p("dckr", "_pat_", r.str(URLSAFE, 27))),
  grafana_cloud_token: (r) => tok(p("gl", "c_", r.str(ALNUM, 120), "==")),
  grafana_service_account_token: (r) => tok(p("gl", "sa_", r.str(ALNUM, 32), "_", r.str(HEX, 8))),
  age_secret_key: (r) => tok(p("AGE-SECRET", "-KEY-1", r.str(BECH32, 58))),
  wireguard_private_key: (r) => {
    const s = r.str(B64, 42) + "A=";
    return {
      text: `[Interface]\nAddress = 10.0.0.2/32\nPrivateKey = ${s}\n`,
      secret: s,
      core: coreOf(s),
    };
  },
  heroku_api_key: (r) => tok(p("HR", "KU-AA", r.str(URLSAFE, 58))),
  sentry_auth_token: (r) => tok(p("sntr", "ys_eyJ", r.str(ALNUM, 150))),
  terraform_cloud_token: (r) => tok(p(r.str(ALNUM, 14), ".atlas", "v1.", r.str(ALNUM, 67))),
  newrelic_api_key: (r) => tok(p("NR", "AK-", r.str(UPPER_NUM, 27))),
  mapbox_secret_token: (r) => tok(p(SK, ".eyJ", r.str(URLSAFE, 60), ".", r.str(URLSAFE, 22))),
  supabase_token: (r) => tok(p("sb", "p_", r.str(HEX, 40))),
  planetscale_token: (r) => tok(p("pscale", "_tkn_", r.str(ALNUM, 43))),
  replicate_api_token: (r) => tok(p("r", "8_", r.str(ALNUM, 37))),
  groq_api_key: (r) => tok(p("gs", "k_", r.str(ALNUM, 52))),
  postman_api_key: (r) => tok(p("PM", "AK-", r.str(HEX, 24), "-", r.str(HEX, 34))),
  pulumi_access_token: (r) => tok(p("pu", "l-", r.str(HEX, 40))),
  prefect_api_key: (r) => tok(p("pn", "u_", r.str(ALNUM, 36))),
  readme_api_key: (r) => tok(p("rd", "me_", r.str(LOWER_NUM, 70))),
  rubygems_api_key: (r) => tok(p("ruby", "gems_", r.str(HEX, 48))),
  scalingo_api_token: (r) => tok(p("tk", "-us-", r.str(URLSAFE, 48))),
  brevo_api_key: (r) => tok(p("xkey", "sib-", r.str(HEX, 64), "-", r.str(ALNUM, 16))),
  shippo_api_token: (r) => tok(p("shippo", "_live_", r.str(HEX, 40))),
  sourcegraph_access_token: (r) => tok(p("sg", "p_", r.str(HEX, 16), "_", r.str(HEX, 40))),
  square_token: (r) => tok(p("sq0", "atp-", r.str(URLSAFE, 22))),
  typeform_api_token: (r) => tok(p("tf", "p_", r.str(ALNUM, 59))),
  perplexity_api_key: (r) => tok(p("pp", "lx-", r.str(ALNUM, 48))),
  openshift_user_token: (r) => tok(p("sha256", "~", r.str(URLSAFE, 43))),
  onepassword_service_token: (r) => tok(p("ops", "_eyJ", r.str(B64, 300))),
  onepassword_secret_key: (r) =>
    tok(
      ["A3", 6, 6, 5, 5, 5, 5].map((n) => typeof n === "string" ? n : r.str(UPPER_NUM, n)).join(
        "-",
      ),
    ),
  artifactory_token: (r) => tok(p("AK", "Cp", r.str(ALNUM, 69))),
  airtable_pat: (r) => tok(p("pa", "t", r.str(ALNUM, 14), ".", r.str(HEX, 64))),
  alibaba_access_key_id: (r) => tok(p("LT", "AI", r.str(ALNUM, 20))),
  atlassian_api_token: (r) => tok(p("ATA", "TT3", r.str(URLSAFE, 186))),
  clojars_api_token: (r) => tok(p("CLO", "JARS_", r.str(LOWER_NUM, 60))),
  cloudflare_origin_ca_key: (r) => tok(p("v1", ".0-", r.str(HEX, 24), "-", r.str(HEX, 146))),
  defined_networking_api_token: (r) =>
    tok(p("dn", "key-", r.str(LOWER_NUM, 26), "-", r.str(LOWER_NUM, 52))),
  duffel_api_token: (r) => tok(p("duffel", "_test_", r.str(URLSAFE, 43))),
  dynatrace_api_token: (r) =>
    tok(p("dt0", "c01.", r.str(UPPER_NUM, 24), ".", r.str(UPPER_NUM, 64))),
  easypost_api_token: (r) => tok(p("EZ", "AK", r.str(ALNUM, 54))),
  flutterwave_key: (r) => tok(p("FLW", "SECK_TEST-", r.str("abcdefgh0123456789", 32), "-X")),
  frameio_api_token: (r) => tok(p("fio", "-u-", r.str(URLSAFE, 64))),
  gitlab_token: (r) => tok(p("gl", "rt-", r.str(URLSAFE, 20))),
  harness_access_token: (r) =>
    tok(p("pa", "t.", r.str(URLSAFE, 22), ".", r.str(ALNUM, 24), ".", r.str(ALNUM, 20))),
  huggingface_org_token: (r) => tok(p("api", "_org_", r.str(LETTERS, 34))),
  infracost_api_token: (r) => tok(p("ic", "o-", r.str(ALNUM, 32))),
  intra42_client_secret: (r) => tok(p("s-s4", "t2ud-", r.str(HEX, 64))),
  flyio_access_token: (r) => tok(p("fo", "1_", r.str(URLSAFE, 43))),
  langsmith_api_key: (r) => tok(p("lsv2", "_pt_", r.str(HEX, 32), "_", r.str(HEX, 10))),
  settlemint_token: (r) => tok(p("sm", "_pat_", r.str(ALNUM, 16))),
  notion_token: (r) => tok(p("nt", "n_", r.str("0123456789", 11), r.str(ALNUM, 35))),
  adobe_client_secret: (r) => tok(p("p8", "e-", r.str(ALNUM, 32))),
  maxmind_license_key: (r) => tok(p(r.str(ALNUM, 6), "_", r.str(ALNUM, 29), "_m", "mk")),
  datadog_api_key: (r) => {
    const s = r.str(HEX, 32);
    return { text: `DD_API_KEY=${s}`, secret: s, core: s.slice(0, 12) };
  },
  datadog_app_key: (r) => {
    const s = r.str(HEX, 40);
    return { text: `datadog_app_key: "${s}"`, secret: s, core: s.slice(0, 12) };
  },
  mailchimp_api_key: (r) => {
    const s = r.str(HEX, 32) + "-us14";
    return { text: `MAILCHIMP_KEY=${s}`, secret: s, core: s.slice(0, 12) };
  },
  algolia_api_key: (r) => {
    const s = r.str(HEX, 32);
    return { text: `algoliaAdminKey: '${s}'`, secret: s, core: s.slice(0, 12) };
  },
  sumologic_access_key: (r) => {
    const s = r.str(ALNUM, 64);
    return { text: `SUMO_ACCESS_KEY=${s}`, secret: s, core: s.slice(0, 12) };
  },
  vendor_api_key: (r) => {
    const s = r.str(ALNUM, 40);
    return { text: `zendesk_api_token = "${s}"`, secret: s, core: s.slice(0, 12) };
  },
  uuid_service_token: (r) => {
    const s = uuid(r);
    return { text: `postmark_token: ${s}`, secret: s, core: s.slice(0, 8) };
  },
  nvidia_api_key: (r) => tok(p("nv", "api-", r.str(URLSAFE, 64))),
  fireworks_api_key: (r) => tok(p("fw", "_", "Q7", r.str(ALNUM, 22))),
  voyage_api_key: (r) => tok(p("pa", "-", "Q7", r.str(URLSAFE, 41))),
  segment_public_api_token: (r) => tok(p("sg", "p_", r.str(ALNUM, 64))),
  asana_pat: (r) =>
    tok(p("2", "/", r.str("123456789", 16), "/", r.str("123456789", 16), ":", r.str(HEX, 32))),
  intercom_access_token: (r) => tok(p("dG9", "rOj", r.str(B64, 56), "=")),
  jwt: (r) => {
    const s = [
      b64url(JSON.stringify({ alg: "RS256", typ: "JWT", kid: r.str(HEX, 8) })),
      b64url(JSON.stringify({ sub: r.str(HEX, 12), scope: "repo", exp: 1900000000 })),
      r.str(URLSAFE, 43),
    ].join(".");
    return { text: s, secret: s, core: coreOf(s.split(".")[2]!) };
  },
  private_key_pem: (r) => tok(pem("RSA PRIVATE KEY", r, "\n")),
  private_key_openssh: (r) => tok(pem("OPENSSH PRIVATE KEY", r, "\n")),
  // review47: a block's last lines and END line, its start not printed (`tail key.pem`).
  private_key_tail: (r) => {
    const lines = pem(r.pick(["RSA PRIVATE KEY", "OPENSSH PRIVATE KEY", "PRIVATE KEY"]), r, "\n")
      .split("\n").slice(1 + r.int(6));
    const body = lines.slice(0, -1).join("\n");
    return tok(body, `${body}\n${lines.at(-1)!}`);
  },
  private_key_pgp: (r) => {
    const body = [
      "Version: GnuPG v2",
      "",
      ...Array.from({ length: 10 }, () => r.str(B64, 64)),
      "=" + r.str(B64, 4),
    ];
    const s = [
      "-----BEGIN PGP PRIVATE KEY BLOCK-----",
      ...body,
      "-----END PGP PRIVATE KEY BLOCK-----",
    ].join("\n");
    return tok(s);
  },
  private_key_base64: (r) => {
    const s = btoa(pem("RSA PRIVATE KEY", r, "\n") + "\n");
    return { text: `tls.key: ${s}`, secret: s, core: coreOf(s.slice(80)) };
  },
  private_key_ssh2: (r) => {
    const head = p("---- BEGIN SSH2 ENCRYPTED ", "PRIVATE KEY ----");
    const lines = Array.from({ length: 10 }, () => r.str(B64, 64));
    const s = [head, `Comment: "rsa-key-${r.str(HEX, 8)}"`, ...lines, head.replace("BEGIN", "END")]
      .join("\n");
    return { text: s, secret: s, core: coreOf(lines[4]!) };
  },
  putty_private_key: (r) => {
    const lines = [r.str(B64, 64), r.str(B64, 20) + "="];
    const s = lines.join("\n");
    const text = [
      "PuTTY-User-Key-File-3: ssh-ed25519",
      "Encryption: none",
      `Comment: eddsa-key-${r.str(HEX, 8)}`,
      "Public-Lines: 2",
      p("AAAAC3NzaC1lZDI1NTE5AAAAI", r.str(B64, 39)),
      r.str(B64, 12),
      "Private-Lines: 2",
      s,
      `Private-MAC: ${r.str(HEX, 64)}`,
    ].join("\n");
    return { text, secret: s, core: coreOf(lines[0]!) };
  },
  cli_password: (r) => {
    const s = r.str(ALNUM, 16);
    // redact94: one in two is a program's own password flag of another client (no draw, so later
    // samples stay as they were).
    const text = s.charCodeAt(5) % 2 === 0 ? `mysql -h db.internal -u root -p${s} appdb` : [
      `podman login -u deploy -p ${s} registry.internal.test`,
      `oc login -u admin -p '${s}' https://api.ocp.internal.test:6443`,
      `cqlsh -u cassandra -p ${s} cass.internal 9042`,
      `mosquitto_pub -h broker.internal -u sensor -P ${s} -t t/1 -m on`,
      `ipmitool -I lanplus -H 10.0.0.5 -U admin -P ${s} chassis power status`,
      `smbclient //fs01/share -U 'CORP/bob%${s}' -c ls`,
      `twine upload -u deploy -p ${s} dist/*`,
      `mysqlshow -u root -p${s} shop`,
      // redact96: the value alone on the next line after a line continuation.
      `podman login -u deploy -p \\\n    ${s} registry.internal.test`,
    ][s.charCodeAt(6) % 9]!;
    return { text, secret: s, core: s.slice(0, 12) };
  },
  netrc_password: (r) => {
    const s = r.str(ALNUM, 20);
    return {
      text: `machine api.internal.test login deploy password ${s}`,
      secret: s,
      core: s.slice(0, 12),
    };
  },
  xml_password: (r) => {
    const s = r.str(ALNUM, 16);
    // The shape follows from the value (no draw, so later samples stay as they were); recall19's
    // names with words after the credential word among them.
    const text = [
      `<add key="DbPassword" value="${s}" />`,
      `<db_password_value>${s}</db_password_value>`,
      `<string name="smtp_password_value">${s}</string>`,
    ][s.charCodeAt(0) % 3]!;
    return { text, secret: s, core: s.slice(0, 12) };
  },
  k8s_env_secret: (r) => {
    const s = r.str(ALNUM, 24);
    return {
      text: `env:\n  - name: API_TOKEN\n    value: "${s}"\n  - name: LOG_LEVEL\n    value: info`,
      secret: s,
      core: s.slice(0, 12),
    };
  },
  authorization_token: (r) => {
    const s = r.str(ALNUM, 40);
    return { text: `Authorization: token ${s}`, secret: s, core: s.slice(0, 12) };
  },
  powershell_secure_string: (r) => {
    const s = r.str(ALNUM, 16);
    return {
      text: `$pw = ConvertTo-SecureString "${s}" -AsPlainText -Force`,
      secret: s,
      core: s.slice(0, 12),
    };
  },
  npmrc_auth_token: (r) => {
    const s = [
      r.str(HEX, 8),
      r.str(HEX, 4),
      "4" + r.str(HEX, 3),
      "a" + r.str(HEX, 3),
      r.str(HEX, 12),
    ]
      .join("-");
    return { text: `//registry.npmjs.org/:_authToken=${s}`, secret: s, core: s.slice(0, 8) };
  },
  database_url: (r) => {
    const s = r.str(ALNUM, 18);
    return {
      text: `postgres://app_user:${s}@db.internal:5432/prod`,
      secret: s,
      core: s.slice(0, 12),
    };
  },
  url_credentials: (r) => {
    const s = r.str(ALNUM, 16);
    return {
      text: `https://deploy:${s}@git.internal.test/org/repo.git`,
      secret: s,
      core: s.slice(0, 12),
    };
  },
  basic_auth: (r) => {
    const s = btoa(`svc-${r.str(ALNUM, 6)}:${r.str(ALNUM, 18)}`);
    return { text: `Authorization: Basic ${s}`, secret: s, core: coreOf(s) };
  },
  bearer_token: (r) => {
    const s = r.str(ALNUM, 48);
    return { text: `Authorization: Bearer ${s}`, secret: s, core: s.slice(0, 12) };
  },
  curl_user_password: (r) => {
    const s = r.str(ALNUM, 16);
    // redact97: one in three after a line continuation, inside the value or before it.
    const shape = s.charCodeAt(9) % 6;
    return {
      text: shape === 0
        ? `curl -sS -u admin:\\\n  ${s} https://ci.internal.test/api/json`
        : shape === 1
        ? `curl -sS -u \\\n  admin:${s} https://ci.internal.test/api/json`
        : `curl -sS -u admin:${s} https://ci.internal.test/api/json`,
      secret: s,
      core: s.slice(0, 12),
    };
  },
  docker_config_auth: (r) => {
    const s = btoa(`robot:${r.str(ALNUM, 24)}`);
    // One in three: the whole config in base64, as a Kubernetes `.dockerconfigjson` (review80).
    if (s.charCodeAt(12) % 3 === 0) {
      const whole = btoa(`{"auths":{"registry.internal.test":{"auth":"${s}"}}}`);
      return { text: `  .dockerconfigjson: ${whole}`, secret: whole, core: coreOf(whole) };
    }
    return {
      text: `{"auths": {"registry.internal.test": {"auth": "${s}"}}}`,
      secret: s,
      core: coreOf(s),
    };
  },
  env_secret: (r) => {
    const s = r.str("abcdefghijklmnopqrstuvwxyz", 14);
    // One in four: an inner `=` after a head of two letters (`ab=cdef...`), judged whole.
    if (s.charCodeAt(13) % 4 === 0) {
      const v = `${s.slice(0, 2)}=${s.slice(2)}`;
      return { text: `DB_PASSWORD=${v}`, secret: v, core: v.slice(0, 12) };
    }
    // One in four of the rest (redact92): 6 to 8 letters under a name ending in `_PASS` that
    // says whose password it is.
    if (s.charCodeAt(12) % 4 === 1) {
      const v = s.slice(0, 6 + (s.charCodeAt(11) % 3));
      // redact93: also an owner before another word (`RABBITMQ_DEFAULT_PASS`) and `_PWD`.
      const name = [
        "SMTP_PASS",
        "DB_PASS",
        "REDIS_PASS",
        "RABBITMQ_DEFAULT_PASS",
        "LDAP_BIND_PASS",
        "SPRING_DATASOURCE_PASS",
        "MQTT_PASS",
        "JIRA_PASS",
        "FTP_PWD",
      ][s.charCodeAt(10) % 9]!;
      return { text: `${name}=${v}`, secret: v, core: v };
    }
    return { text: `DB_PASSWORD=${s}`, secret: s, core: s.slice(0, 12) };
  },
  authorization_value: (r) => {
    const s = [8, 4, 4, 4, 12].map((n) => r.str(HEX, n)).join("-");
    return {
      text: `curl -H "Authorization: ${s}" https://api.internal.test/v1`,
      secret: s,
      core: s.slice(0, 8),
    };
  },
  // review47: 1Password's JSON for an item (`op item get --format json`).
  onepassword_concealed_field: (r) => {
    const s = p(r.str(ALNUM, 10), "!", r.str(ALNUM, 9));
    return {
      text:
        `{"fields": [{"id": "username", "type": "STRING", "purpose": "USERNAME", "label": "username", "value": "admin"}, {"id": "password", "type": "CONCEALED", "purpose": "PASSWORD", "label": "password", "value": "${s}", "reference": "op://Private/db/password"}]}`,
      secret: s,
      core: s.slice(0, 10),
    };
  },
  // review47: `terraform output -json` prints a sensitive output's value in clear.
  // review50: a Wi-Fi network's passphrase in wpa_supplicant's configuration.
  wifi_psk: (r) => {
    const s = p(r.str(ALNUM, 8), "-", r.str(ALNUM, 7), "4");
    return {
      text: `network={\n    ssid="office"\n    psk="${s}"\n    key_mgmt=WPA-PSK\n}`,
      secret: s,
      core: s.slice(0, 12),
    };
  },
  terraform_sensitive_output: (r) => {
    const s = p(r.str(ALNUM, 12), "-", r.str(ALNUM, 12));
    return {
      text:
        `{\n  "db_password": {\n    "sensitive": true,\n    "type": "string",\n    "value": "${s}"\n  }\n}`,
      secret: s,
      core: s.slice(0, 12),
    };
  },
  key_secret: (r) => {
    // Mixed case, as the rule reads key material (an all-capital draw is out of its scope).
    const s = p("Q", r.str(ALNUM, 10), "7k", r.str(ALNUM, 11));
    // survey9: one in four under a credential's word glued to a lower-case key (no new draw).
    const name = s.charCodeAt(1) % 4 === 0 ? "azureFunctionkey:" : "stripeKey :=";
    return { text: `${name} "${s}"`, secret: s, core: s.slice(0, 12) };
  },
  password_assignment: (r) => {
    const s = p(r.str("abcdefghijkmnpqrstuvwxyz", 6), r.str("23456789", 2), "!");
    // One in four (redact92): its 6 letters alone under a name ending in `pass` that says whose
    // password it is.
    if (s.charCodeAt(6) % 4 === 2) {
      const w = s.slice(0, 6);
      return {
        // redact93: `pwd` and `passwd` names, and owners the old list did not hold.
        text: [
          `smtp_pass: ${w}`,
          `dbPass: "${w}"`,
          `dbPwd: "${w}"`,
          `jdbcPass: "${w}"`,
          `mailPasswd: '${w}'`,
          `ldap_bind_pass: ${w}`,
        ][s.charCodeAt(0) % 6]!,
        secret: w,
        core: w,
      };
    }
    return { text: `password = "${s}"`, secret: s, core: s.slice(0, 8) };
  },
  k8s_secret_data: (r) => {
    const user = btoa(r.str(ALNUM, 6));
    const pass = btoa(r.str(ALNUM, 18));
    if ((pass.charCodeAt(0) & 1) === 1) {
      // As `kubectl get secret -o json` prints it: data before kind.
      const s = `${pass}",\n        "username": "${user}`;
      return {
        text:
          `{\n    "apiVersion": "v1",\n    "data": {\n        "password": "${s}"\n    },\n    "kind": "Secret",\n    "metadata": {\n        "name": "db"\n    },\n    "type": "Opaque"\n}`,
        secret: s,
        core: coreOf(pass),
      };
    }
    const s = `${user}\n  password: ${pass}`;
    return {
      text:
        `apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\ndata:\n  username: ${s}\ntype: Opaque`,
      secret: s,
      core: coreOf(pass),
    };
  },
  vault_legacy_token: (r) => {
    const body = r.str(ALNUM, 24);
    // Every service token here has a digit, an upper and a lower-case letter.
    const s = p("s.", "7Qm", body.slice(3));
    // Half bare, as `vault token create` prints it (no Vault name beside it).
    const text = (body.charCodeAt(0) & 1) === 1
      ? `token              ${s}`
      : `export VAULT_TOKEN=${s}`;
    return { text, secret: s, core: s.slice(2, 14) };
  },
  vercel_token: (r) => tok(p("vc", "p_", r.str(ALNUM, 56))),
  facebook_access_token: (r) => tok(p("EA", "AG", r.str(ALNUM, 180))),
  amazon_mws_token: (r) =>
    tok(p("amzn", ".mws.", [8, 4, 4, 4, 12].map((n) => r.str(HEX, n)).join("-"))),
  facebook_app_token: (r) => {
    const s = p(r.str("123456789", 15), "|", r.str(HEX, 32));
    return { text: `access_token=${s}`, secret: s, core: s.slice(16, 28) };
  },
  discord_token: (r) => {
    const digits = r.str("0123456789", 18);
    // Ids from 2021 on start with 1 (19 digits); older ones with 2-9 (18).
    const lead = String(1 + Number(digits[17]) % 9);
    const older = lead !== "1" && !["40", "41", "51", "52", "55", "81", "85", "86"].includes(
      lead + digits[0],
    );
    const id = btoa(older ? p(lead, digits.slice(0, 17)) : p("1", digits)).replace(/=+$/, "");
    const s = p(id, ".", r.str(URLSAFE, 6), ".", r.str(URLSAFE, 38));
    return { text: `client.login("${s}")`, secret: s, core: coreOf(s.split(".")[2]!) };
  },
  openrouter_api_key: (r) => tok(p("sk-or", "-v1-", r.str(HEX, 64))),
  xai_api_key: (r) => tok(p("xa", "i-", r.str(ALNUM, 80))),
  firecrawl_api_key: (r) => tok(p("f", "c-", r.str(HEX, 32))),
  tavily_api_key: (r) => tok(p("tv", "ly-dev-", r.str(ALNUM, 32))),
  langfuse_secret_key: (r) =>
    tok(p("sk-", "lf-", [8, 4, 4, 4, 12].map((n) => r.str(HEX, n)).join("-"))),
  tailscale_key: (r) => tok(p("tskey", "-auth-", r.str(ALNUM, 12), "CNTRL-", r.str(ALNUM, 33))),
  sonarqube_token: (r) => tok(p("sq", "p_", r.str(HEX, 40))),
  figma_token: (r) => tok(p("fi", "gd_", r.str(URLSAFE, 40))),
  nuget_api_key: (r) => tok(p("o", "y2", r.str(LOWER_NUM, 43))),
  cratesio_api_token: (r) => tok(p("c", "io", r.str(ALNUM, 32))),
  elevenlabs_api_key: (r) => tok(p("s", "k_", r.str(HEX, 48))),
  braintree_access_token: (r) =>
    tok(p("access_token$", "production$", r.str(LOWER_NUM, 16), "$", r.str(HEX, 32))),
  plaid_access_token: (r) =>
    tok(p("access-", "production-", [8, 4, 4, 4, 12].map((n) => r.str(HEX, n)).join("-"))),
  teams_webhook_url: (r) => {
    const uuid = () => [8, 4, 4, 4, 12].map((n) => r.str(HEX, n)).join("-");
    const s = p(uuid(), "@", uuid(), "/IncomingWebhook/", r.str(HEX, 32), "/", uuid());
    return {
      text: `https://contoso.webhook.office.com/webhookb2/${s}`,
      secret: s,
      core: coreOf(s),
    };
  },
  generic_secret: (r) => {
    const s = r.str(ALNUM, 10) + "7" + r.str(ALNUM, 21);
    // One in four: a bare value with an inner `=` after a head of one or two characters.
    if (s.charCodeAt(31) % 4 === 0) {
      const v = `${s.slice(0, 1 + (s.charCodeAt(30) & 1))}=${s.slice(2)}`;
      const text = [`api_key = ${v}`, `client_secret: ${v}`][s.charCodeAt(0) & 1]!;
      return { text, secret: v, core: v.slice(0, 12) };
    }
    // One in five of the rest: a UUID under an environment variable's name in a compose or
    // JSON map (review80), its hex drawn from the same characters.
    if (s.charCodeAt(29) % 5 === 0) {
      const h = [...s].map((c) => HEX[c.charCodeAt(0) % 16]).join("");
      const u = [h.slice(0, 8), h.slice(8, 12), h.slice(12, 16), h.slice(16, 20), h.slice(20, 32)]
        .join("-");
      // redact97: a service's secret in C# code, a UUID too.
      const text = [
        `  RAILWAY_TOKEN: ${u}`,
        `{"RAILWAY_API_TOKEN": "${u}"}`,
        `public const string ApiSecret = "${u}";`,
      ][s.charCodeAt(0) % 3]!;
      return { text, secret: u, core: u.slice(0, 13) };
    }
    const text = [
      `client_secret: ${s}`,
      `proxy_set_header X-Api-Key "${s}";`,
      `<setting name="ApiToken" serializeAs="String"><value>${s}</value></setting>`,
    ][s.charCodeAt(0) % 3]!;
    return { text, secret: s, core: s.slice(0, 12) };
  },
  hubspot_private_app_token: (r) =>
    tok(p("pat", "-na1-", [8, 4, 4, 4, 12].map((n) => r.str(HEX, n)).join("-"))),
  aws_bedrock_api_key: (r) => tok(p("AB", "SK", r.str(B64, 130), "=")),
  django_secret_key: (r) => {
    const s = p(
      "django",
      "-insecure-",
      r.str("abcdefghijklmnopqrstuvwxyz0123456789!@#$%^&*(-_=+)", 50),
    );
    return { text: `SECRET_KEY = '${s}'`, secret: s, core: coreOf(s) };
  },
  clickhouse_api_secret: (r) => tok(p("4b", "1d", "Q7", r.str(ALNUM, 34), "a9")),
  riot_api_key: (r) => tok(p("RG", "API-", [8, 4, 4, 4, 12].map((n) => r.str(HEX, n)).join("-"))),
  gcp_hmac_access_id: (r) => tok(p("GO", "OG1", r.str(UPPER_NUM, 56))),
  laravel_app_key: (r) => {
    const s = p("base", "64:", "Q7a", r.str(B64, 40), "=");
    return { text: `APP_KEY=${s}`, secret: s, core: coreOf(s) };
  },
  azure_identifiable_key: (r) =>
    tok(
      p("Q7a", r.str(ALNUM, 73), "+A", "St", r.str(ALNUM, 5), r.pick(["A", "Q", "g", "w"]), "=="),
    ),
  authorization_scheme: (r) => {
    const s = p("00", r.str(ALNUM, 20), "7", r.str(URLSAFE, 19));
    return { text: `Authorization: SSWS ${s}`, secret: s, core: coreOf(s) };
  },
  http_header_secret: (r) => {
    const s = r.str(HEX, 24);
    const name = r.pick(["Token", "Api-Token", "X-Octopus-ApiKey", "Private-Token"]);
    return { text: `curl -H "${name}: ${s}" https://api.test/v1`, secret: s, core: s.slice(0, 12) };
  },
  session_cookie: (r) => {
    const s = p("s%3A", "Q7", r.str(URLSAFE, 30), ".", r.str(B64, 43));
    return { text: `Cookie: theme=dark; connect.sid=${s}`, secret: s, core: coreOf(s) };
  },
  cli_secret_option: (r) => {
    const s = p("Q7", r.str(ALNUM, 22));
    // One in four (redact92): a password of 6 to 9 lower-case letters after a password option,
    // the line going on as a command line does (its end, another option, a host).
    if (s.charCodeAt(23) % 4 === 3) {
      const w = untyped(
        [...s.slice(2, 8 + (s.charCodeAt(22) % 4))]
          .map((c) => "abcdefghijklmnopqrstuvwxyz"[c.charCodeAt(0) % 26]).join(""),
      );
      const text = [
        `mysql -h db.internal -u root --password ${w}`,
        `redis-cli --pass ${w} -h cache.internal`,
        `docker-compose run --rm app ./manage --db-password ${w} db.internal:5432`,
        // redact93: one more bare argument after the value, a database or a subcommand.
        `mysql --password ${w} shop`,
        `mysqladmin -u root --passwd ${w} status -v`,
        `$ mysql -h db.internal -u root --password ${w} orders | tee out.txt`,
      ][s.charCodeAt(21) % 6]!;
      return { text, secret: w, core: w };
    }
    // redact96: one in three of the others alone on the next line after a line continuation
    // (no draw, so later samples stay as they were).
    const text = s.charCodeAt(20) % 3 === 0
      ? `docker run --rm app \\\n  --api-token \\\n  ${s} --verbose`
      // redact97: one in three of the rest joined to its option by `=`.
      : s.charCodeAt(19) % 3 === 0
      ? `linode-cli --token=${s} linodes list`
      : `vercel deploy --prod --token ${s}`;
    return { text, secret: s, core: s.slice(0, 12) };
  },
  cli_config_secret: (r) => {
    const s = p("Q7", r.str(ALNUM, 34));
    // redact97: one in four MongoDB Atlas CLI's private key (no draw: later samples stay).
    return {
      text: s.charCodeAt(5) % 4 === 0
        ? `atlas config set private_api_key ${s}`
        : `npm config set //npm.pkg.internal.test/:_authToken ${s}`,
      secret: s,
      core: s.slice(0, 12),
    };
  },
  secret_pair: (r) => {
    const s = p("Q7", r.str(ALNUM, 14));
    return { text: `define( 'DB_PASSWORD', '${s}' );`, secret: s, core: s.slice(0, 12) };
  },
  neon_api_key: (r) => tok(p("na", "pi_", "q7", r.str(LOWER_NUM, 62))),
  render_api_key: (r) => tok(p("rn", "d_", "Q7", r.str(ALNUM, 30))),
  circleci_token: (r) => tok(p("CCI", "PAT_", r.str(ALNUM, 22), "_", r.str(HEX, 40))),
  pinecone_api_key: (r) => tok(p("pc", "sk_", r.str(ALNUM, 6), "_", "Q7", r.str(ALNUM, 62))),
  bitbucket_app_password: (r) => tok(p("AT", "BB", "Q7", r.str(ALNUM, 30))),
  cloudflare_api_token: (r) => tok(p("cf", "ut_", "Q7", r.str(ALNUM, 38))),
  posthog_personal_api_key: (r) =>
    tok(p("ph", "x_", "Q7", r.str(URLSAFE, 38), "k9x", r.str(ALNUM, r.int(6)))),
  contentful_token: (r) => tok(p("CF", "PAT-", r.str(URLSAFE, 43))),
  firebase_fcm_server_key: (r) =>
    tok(p("AA", "AA", r.str(URLSAFE, 7), ":APA", "91b", r.str(URLSAFE, 134))),
  tencent_secret_id: (r) => tok(p("AK", "ID", "Q7", r.str(ALNUM, 30))),
  dropbox_access_token: (r) => tok(p("s", "l.", "u.", r.str(URLSAFE, 150))),
  cloudflare_api_key: (r) => {
    // A Global API Key (37 hex) or an API token (40 URL-safe) under the vendor's name alone.
    const s = r.int(2) === 0 ? p("a7", r.str(HEX, 35)) : p("Q7z", r.str(URLSAFE, 37));
    return { text: `cloudflare: "${s}"`, secret: s, core: coreOf(s) };
  },
  xml_token: (r) => {
    const s = p("Q7", r.str(ALNUM, 30));
    const text = [
      `<add key="StripeApiKey" value="${s}" />`,
      `<apiKeyString>${s}</apiKeyString>`,
      `<add key="ApiKeyValue" value="${s}" />`,
    ][s.charCodeAt(2) % 3]!;
    return { text, secret: s, core: s.slice(0, 12) };
  },
  name_value_secret: (r) => {
    const s = p("Zq7", r.str(ALNUM, 17));
    return {
      text: `{"environment": [{"name": "DB_PASSWORD", "value": "${s}"}]}`,
      secret: s,
      core: s.slice(0, 12),
    };
  },
  sql_password: (r) => {
    const s = p("Q7", r.str(ALNUM, 14));
    return { text: `ALTER ROLE app WITH LOGIN PASSWORD '${s}';`, secret: s, core: s.slice(0, 12) };
  },
  twitter_bearer_token: (r) =>
    tok(
      p(
        "A".repeat(22),
        "Q7",
        r.str(ALNUM, 4),
        "A".repeat(7),
        "%2B",
        r.str(ALNUM, 30),
        "%3D",
        r.str(ALNUM, 50),
      ),
    ),
  presigned_url_signature: (r) => {
    const s = p("7a", r.str(HEX, 62));
    return {
      text:
        `https://b.s3.amazonaws.com/k?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Expires=900&X-Amz-Signature=${s}`,
      secret: s,
      core: s.slice(0, 12),
    };
  },
  jina_api_key: (r) => tok(p("ji", "na_", "Q7a", r.str(ALNUM, 57))),
  e2b_api_key: (r) => tok(p("e2", "b_", "7a", r.str(HEX, 38))),
  cerebras_api_key: (r) => tok(p("cs", "k-", "q7", r.str(LOWER_NUM, 46))),
  runpod_api_key: (r) => tok(p("rp", "a_", "Q7", r.str(UPPER_NUM, 38))),
  browserbase_api_key: (r) => tok(p("bb", "_live_", "Q7", r.str(URLSAFE, 25))),
  netlify_access_token: (r) => tok(p("nf", "p_", "Q7", r.str(ALNUM, 38))),
  resend_api_key: (r) => tok(p("r", "e_", "Q7", r.str(ALNUM, 6), "_", "Zq7", r.str(ALNUM, 21))),
  adafruit_io_key: (r) => tok(p("ai", "o_", "Q7a", r.str(ALNUM, 25))),
  jfrog_api_key: (r) => tok(p("AK", "Cp8", r.str(ALNUM, 69))),
  grafana_api_key: (r) => tok(p("eyJr", "Ijoi", r.str(B64.slice(0, 62), 80))),
  table_secret: (r) => {
    const s = p("Zq7", r.str(ALNUM, 17));
    return {
      text: `| Name | Value |\n| --- | --- |\n| SMTP_PASSWORD | ${s} |`,
      secret: s,
      core: s.slice(0, 12),
    };
  },
  pgpass_password: (r) => {
    const s = p("Zq7", r.str(ALNUM, 13));
    return {
      text: `echo 'db.internal.test:5432:shop:app:${s}' >> ~/.pgpass`,
      secret: s,
      core: s.slice(0, 12),
    };
  },
  vault_kv_data: (r) => {
    const pw = p("Zq7", r.str(ALNUM, 13));
    const key = p("Q7", r.str(ALNUM, 22));
    const s = `${pw}\napi_key     ${key}`;
    const text = [
      "====== Data ======",
      "Key         Value",
      "---         -----",
      `password    ${pw}`,
      `api_key     ${key}`,
    ].join("\n");
    return { text, secret: s, core: pw.slice(0, 12) };
  },
  seed_phrase: (r) => {
    // Words of the BIP-39 shape (three to eight lower-case letters), made up here.
    const word = () =>
      r.str("bcdfgjklmnprstvz", 2) + r.str("aeiou", 1) + r.str("bdgklmnprst", 1 + r.int(3));
    const words = Array.from({ length: 12 }, word);
    const s = words.join(" ");
    return { text: `MNEMONIC="${s}"`, secret: s, core: words.slice(0, 3).join(" ") };
  },
  vault_approle_secret_id: (r) => {
    const s = [8, 4, 4, 4, 12].map((n) => r.str(HEX, n)).join("-");
    return {
      text: `vault write auth/approle/login role_id=${r.str(HEX, 8)} secret_id=${s}`,
      secret: s,
      core: s.slice(-12),
    };
  },
  vault_unseal_key: (r) => {
    const s = p("Q7", r.str(B64, 41), "=");
    return { text: `Unseal Key 1: ${s}`, secret: s, core: coreOf(s) };
  },
  bitwarden_session_key: (r) => {
    const s = p("Q7", r.str(B64, 84), "==");
    return { text: `export BW_SESSION="${s}"`, secret: s, core: coreOf(s) };
  },
  bitwarden_access_token: (r) => {
    const id = [8, 4, 4, 4, 12].map((n) => r.str(HEX, n)).join("-");
    const s = p("0.", id, ".", "Q7", r.str(ALNUM, 28), ":", r.str(B64, 22), "==");
    return { text: `bws project list -t ${s}`, secret: s, core: s.slice(40, 52) };
  },
  openai_compatible_api_key: (r) => tok(p(SK, "-", "7a", r.str(HEX, 30))),
  yandex_api_key: (r) => tok(p("AQ", "VN", "Q7", r.str(URLSAFE, 34))),
  yandex_iam_token: (r) =>
    tok(p("t", "1.", "9euelZ", r.str(URLSAFE, 100), ".", "Q7", r.str(URLSAFE, 84))),
  clickup_api_token: (r) =>
    tok(p("p", "k_", r.str("0123456789", 8), "_", "Q7", r.str(UPPER_NUM, 30))),
  honeycomb_api_key: (r) => tok(p("hca", "ik_", "01", r.str(LOWER_NUM, 56))),
  launchdarkly_key: (r) => {
    const s = p("sd", "k-", [8, 4, 4, 4, 12].map((n) => r.str(HEX, n)).join("-"));
    return { text: `launchdarkly: ${s}`, secret: s, core: s.slice(-12) };
  },
  octopus_deploy_api_key: (r) => tok(p("AP", "I-", "Q7", r.str(UPPER_NUM, 24))),
  together_api_key: (r) => tok(p("tgp", "_v1_", "Q7", r.str(URLSAFE, 41))),
  salesforce_access_token: (r) =>
    tok(p("00", "D5g", r.str(ALNUM, 12), "!", "AQ", r.str(ALNUM, 94))),
  bundler_credentials: (r) => {
    const s = p("deploy:", "Q7", r.str(ALNUM, 30));
    return { text: `BUNDLE_GEMS__INTERNAL__TEST=${s}`, secret: s, core: s.slice(9, 21) };
  },
  webhook_url_secret: (r) => {
    const s = p(r.str("123456789", 7), "/", "q7", r.str(LOWER_NUM, 12));
    return {
      text: `curl -X POST https://hooks.zapier.com/hooks/catch/${s}/ -d @event.json`,
      secret: s,
      core: s.slice(8, 20),
    };
  },
  registry_auth: (r) => {
    const s = btoa(p("deploy:", "Q7", r.str(ALNUM, 14)));
    return { text: `auth: ${s}`, secret: s, core: coreOf(s) };
  },
  deno_deploy_token: (r) => tok(p("dd", r.pick(["p", "w"]), "_", "Q7", r.str(ALNUM, 34))),
  brevo_smtp_key: (r) => tok(p("xsmtp", "sib-", r.str(HEX, 64), "-", r.str(ALNUM, 16))),
  k3s_join_token: (r) => {
    const s = p("K1", "0", r.str(HEX, 64), "::server:", r.str(HEX, 32));
    return { text: `K3S_TOKEN=${s}`, secret: s, core: s.slice(-12) };
  },
  bip32_private_key: (r) =>
    tok(
      p(
        r.pick(["x", "t"]),
        "prv",
        "9s21Z",
        r.str("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz", 102),
      ),
    ),
  nostr_private_key: (r) => tok(bech32(p("ns", "ec"), Array.from({ length: 52 }, () => r.int(32)))),
  pubnub_secret_key: (r) => tok(p("sec", "-c-", btoa(uuid(r)))),
  trello_token: (r) => tok(p("AT", "TA", r.str(HEX, 64), r.str("0123456789ABCDEF", 8))),
  jwt_base64: (r) => {
    const s = btoa(jwtWith('{"alg":"HS256","typ":"JWT"}', r));
    return { text: `token: ${s}`, secret: s, core: coreOf(s) };
  },
  astra_db_token: (r) => tok(p("Astra", "CS:", r.str(LETTERS, 24), ":", r.str(HEX, 64))),
  stytch_secret: (r) =>
    tok(p("secret", "-", r.pick(["live", "test"]), "-", "Q7", r.str(URLSAFE, 34))),
  paddle_api_key: (r) =>
    tok(
      p(
        "pdl_",
        r.pick(["live", "sdbx"]),
        "_apikey_",
        "01",
        r.str(LOWER_NUM, 24),
        "_",
        "Q7",
        r.str(ALNUM, 22),
        "_",
        r.str(ALNUM, 3),
      ),
    ),
  aiven_service_password: (r) => tok(p("AV", "NS_", "q7", r.str(ALNUM, 21))),
  infisical_service_token: (r) =>
    tok(p("st", ".", r.str(HEX, 24), ".", r.str(HEX, 32), ".", r.str(HEX, 32))),
  mandrill_api_key: (r) => tok(p("md", "-", "Qa", r.str(URLSAFE, 20))),
  databricks_oauth_secret: (r) => tok(p("do", "se", r.str(HEX, 32))),
  checkout_secret_key: (r) =>
    r.int(2) === 0
      ? tok(p("sk", "_sbox_", "7q", r.str(BASE32.toLowerCase(), 25)))
      : tok(p("sk", "_test_", uuid(r))),
  wallet_private_key: (r) => {
    const k = p("0", "x", r.str(HEX, 64));
    const text = r.pick([
      `SIGNER_PK=${k}`,
      `const w = new Wallet("${k}", provider);`,
      `privateKeyToAccount('${k}')`,
    ]);
    return { text, secret: k, core: coreOf(k) };
  },
  adyen_api_key: (r) =>
    tok(p("AQ", "E", r.str(B64, 77), "=-", r.str(B64, 43), "=", r.pick(["", "-W+t7NF;s4}%=kUSD"]))),
  newrelic_license_key: (r) =>
    r.int(2) === 0
      ? tok(p("7f", r.str(HEX, 34), "NR", "AL"))
      : tok(p("eu01xx", "7f", r.str(HEX, 28), "NR", "AL")),
  convex_deploy_key: (r) => {
    const type = r.pick(["prod", "dev", "preview"]);
    // redact97: a preview deploy key names a team and a project (no draw: later samples stay).
    const name = type === "preview" ? ":acme-team:shop-app-" : ":happy-otter-";
    return tok(p(type, name, String(100 + r.int(900)), "|ey", "J2MiI6I", r.str(ALNUM, 48), "In0="));
  },
  cloudflare_tunnel_token: (r) =>
    tok(
      btoa(
        JSON.stringify({
          a: r.str(HEX, 32),
          t: uuid(r),
          s: btoa(p("Q7", r.str(ALNUM, 34))),
        }),
      ),
    ),
  jwk_private_key: (r) => {
    const d = p("Qd7", r.str(URLSAFE, 40));
    const text = r.pick([
      `{"kty":"EC","crv":"P-256","x":"${r.str(URLSAFE, 43)}","y":"${
        r.str(URLSAFE, 43)
      }","d":"${d}"}`,
      `{"crv": "Ed25519", "d": "${d}", "kty": "OKP", "x": "${r.str(URLSAFE, 43)}"}`,
      `{"kty":"oct","k":"${d}","alg":"HS256"}`,
    ]);
    return { text, secret: d, core: d.slice(0, 12) };
  },
  told_token: (r) => {
    const s = p("Q7", r.str(ALNUM, 28));
    const say = r.pick(["your API key is: ", "The access token is ", 'the secret was "']);
    return { text: `${say}${s}${say.endsWith('"') ? '"' : ""}`, secret: s, core: s.slice(0, 12) };
  },
  // recall20: appended last, so the draws of the kinds before stay as they were.
  onfido_api_token: (r) =>
    tok(
      p(
        "api",
        "_live",
        r.pick(["", "_us", "_ca"]),
        ".",
        r.str(URLSAFE, 11),
        ".Q7",
        r.str(ALNUM, 30),
      ),
    ),
  rootly_api_key: (r) => tok(p("root", "ly_", r.str(HEX, 64))),
  // redact96: a 1Password CLI session as `op signin` prints it, a Kaggle key in kaggle.json, a
  // GitHub Copilot session token.
  onepassword_cli_session: (r) => {
    const s = p("Q7", r.str(URLSAFE, 41));
    return { text: `export OP_SESSION_my="${s}"`, secret: s, core: s.slice(0, 12) };
  },
  kaggle_api_key: (r) => {
    const s = p("7a", r.str(HEX, 30));
    return { text: `{"username":"jdoe","key":"${s}"}`, secret: s, core: s.slice(0, 12) };
  },
  linear_webhook_secret: (r) => tok(p("lin_", "wh_", "Q7", r.str(ALNUM, 38))),
  jetbrains_permanent_token: (r) => tok(p("perm:", "YWRtaW4=.Q0ktdG9rZW4=.Q7", r.str(ALNUM, 28))),
  github_copilot_token: (r) =>
    tok(
      p(
        "tid=",
        r.str(HEX, 32),
        ";exp=1737000000;sku=copilot_for_individual;proxy-ep=proxy.individual.githubcopilot.com;st=dotcom;chat=1;8kp=1:",
        r.str(HEX, 64),
      ),
    ),
  // redact97: an OpenAI Realtime client secret, an Atlas service account secret, a Mattermost
  // hook, a token given to a CLI's login command.
  openai_ephemeral_key: (r) => tok(p("ek", "_", "7a", r.str(HEX, 30))),
  mongodb_atlas_service_account_secret: (r) => tok(p("mdb_sa", "_sk_", "Q7", r.str(URLSAFE, 38))),
  mattermost_webhook_url: (r) => {
    const s = p("7a", r.str(LOWER_NUM, 24));
    return {
      text:
        `curl -i -X POST -H 'Content-Type: application/json' -d '{"text": "deployed"}' https://chat.acme.test/hooks/${s}`,
      secret: s,
      core: s.slice(0, 12),
    };
  },
  unleash_api_token: (r) =>
    tok(
      p(
        r.pick(["default", "*", "shop-api"]),
        ":",
        r.pick(["development", "production"]),
        ".7a",
        r.str(HEX, 54),
      ),
    ),
  ably_api_key: (r) => {
    const k = p(r.str(URLSAFE, 6), ".", r.str(URLSAFE, 6), ":Q7", r.str(URLSAFE, 41));
    return {
      text: `const ably = new Ably.Realtime({ key: '${k}' });`,
      secret: k,
      core: k.slice(14, 30),
    };
  },
  cli_login_token: (r) => {
    const u = uuidV4(r);
    const key = p("K005", r.str(ALNUM, 27));
    const shape = u.charCodeAt(3) % 3;
    if (shape === 0) return { text: `snyk auth ${u}`, secret: u, core: u.slice(0, 8) };
    if (shape === 1) {
      return {
        text: `b2 account authorize 005${r.str(HEX, 22)} ${key}`,
        secret: key,
        core: key.slice(4, 16),
      };
    }
    return {
      text: `./codecov -t ${u} -f coverage.xml`,
      secret: u,
      core: u.slice(0, 8),
    };
  },
  azure_data_factory_shir_key: (r) =>
    tok(
      p(
        "I",
        "R@",
        uuid(r),
        "@adf-",
        r.pick(["shop", "etl"]),
        "-00",
        String(r.int(9)),
        "@we@Zq7",
        r.str(B64, 40),
        "=",
      ),
    ),
  // recall22: the formats left open by the fourth survey.
  xata_api_key: (r) => tok(p("xa", r.pick(["u", "o"]), "_Q7z", r.str(ALNUM, 29))),
  zuplo_api_key: (r) => tok(p("zpk", "a_", r.str(LOWER_NUM, 32), "_", r.str(HEX, 8))),
  lichess_token: (r) =>
    tok(r.int(2) === 0 ? p("li", "p_Q7z", r.str(ALNUM, 17)) : p("li", "o_Q7z", r.str(ALNUM, 29))),
  mailersend_api_token: (r) => tok(p("ml", "sn.", r.str(HEX, 64))),
  modal_token: (r) => tok(p("a", r.pick(["s", "k"]), "-Q7z", r.str(ALNUM, 19))),
  polar_access_token: (r) =>
    tok(
      r.int(2) === 0 ? p("pol", "ar_oat_Q7z", r.str(ALNUM, 40)) : p(
        "pol",
        "ar_",
        r.pick(["pat", "at_u", "at_o", "rt_u", "cs"]),
        "_Q7z",
        r.str(URLSAFE, 40),
      ),
    ),
  unkey_root_key: (r) => {
    const b58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
    return tok(
      r.int(2) === 0
        ? p("un", "key_", r.str(b58, 8), "unkeyv1", r.str(b58, 42))
        : p("un", "key_3Z", r.str(b58, 22)),
    );
  },
  volcengine_access_key_id: (r) => tok(p("AK", "LT", btoa(r.str(HEX, 32)).replace(/=+$/, ""))),
  authress_access_key: (r) =>
    tok(
      p(
        r.pick(["sc", "ext", "authress"]),
        "_",
        r.str(LOWER_NUM, 12),
        ".",
        r.str(LOWER_NUM, 4),
        ".acc_",
        r.str(LOWER_NUM, 16),
        ".MC4CAQAwBQYDK2VwBCIEI",
        r.str(B64, 43),
      ),
    ),
  telnyx_api_key: (r) =>
    tok(p("KEY", "01", r.str("0123456789ABCDEF", 30), "_Q7z", r.str(ALNUM, 19))),
  axiom_token: (r) => tok(p("xa", r.pick(["a", "p"]), "t-", uuid(r))),
  onesignal_api_key: (r) =>
    tok(
      p("os_", "v2_", r.pick(["app", "org"]), "_", r.str("abcdefghijklmnopqrstuvwxyz234567", 103)),
    ),
  kaggle_api_token: (r) => tok(p("KG", "AT_", r.str(HEX, 32))),
  ory_token: (r) =>
    tok(
      r.int(2) === 0 ? p("or", "y_st_Q7z", r.str(ALNUM, 29)) : p(
        "or",
        "y_",
        r.pick(["at", "rt", "ac"]),
        "_",
        r.str(URLSAFE, 43),
        ".",
        r.str(URLSAFE, 43),
      ),
    ),
  wandb_api_key: (r) => tok(p("wan", "db_v1_Q7z", r.str(ALNUM, 24), "_", r.str(ALNUM, 49))),
  amp_api_key: (r) =>
    tok(p("sga", "mp_user_01", r.str("0123456789ABCDEFGHJKMNPQRSTVWXYZ", 24), "_", r.str(HEX, 64))),
  daytona_api_key: (r) => tok(p("dt", "n_", r.str(HEX, 64))),
  pyx_token: (r) =>
    tok(
      r.int(2) === 0
        ? p(r.pick(["sk", "tp"]), "-pyx-Q7z", r.str(ALNUM, 61))
        : p(r.pick(["sk", "tp"]), "-pyx-2Qz", r.str(ALPHA, 43)),
    ),
  dependency_track_api_key: (r) => tok(p("od", "t_Q7z", r.str(ALNUM, 29 + r.int(4)))),
  cartesia_api_key: (r) => tok(p("sk", "_car_Q7z", r.str(ALNUM, 19))),
  context7_api_key: (r) => tok(p("ctx", "7sk-", uuid(r))),
  helicone_api_key: (r) => {
    const b32 = "abcdefghijklmnopqrstuvwxyz234567";
    const groups = [0, 1, 2, 3].map(() => r.str(b32, 7)).join("-");
    return tok(
      r.int(2) === 0
        ? p("sk-", "helicone-", r.pick(["", "eu-"]), groups)
        : p("sk-", "helicone-proxy-", groups, "-", uuid(r)),
    );
  },
  logfire_token: (r) => tok(p("py", "lf_v1_", r.pick(["us", "eu"]), "_Q7z", r.str(ALNUM, 41))),
  upstash_qstash_token: (r) => tok(btoa(`{"UserID":"${uuid(r)}","Password":"${r.str(HEX, 32)}"}`)),
  inngest_signing_key: (r) => tok(p("sign", "key-", r.pick(["prod", "test"]), "-", r.str(HEX, 64))),
  trigger_dev_secret_key: (r) =>
    tok(
      r.int(2) === 0
        ? p("tr", "_", r.pick(["dev", "prod", "stg"]), "_Q7z", r.str(ALNUM, 17))
        : p("tr", "_pat_", r.str(LOWER_NUM, 40)),
    ),
  uploadthing_token: (r) =>
    tok(
      btoa(
        JSON.stringify({
          apiKey: p("sk", "_live_", r.str(HEX, 64)),
          appId: r.str(LOWER_NUM, 10),
          regions: ["sea1"],
        }),
      ),
    ),
  buildkite_token: (r) => {
    // recall22: the API access token (40 hex) and the other prefixes of the family.
    const prefix = r.pick(["bkua_", "bkaa_", "bkct_", "bkar_", "bkpat_", "bkjat_", "bkps_"]);
    const body = prefix === "bkua_"
      ? r.str(HEX, 40)
      : prefix === "bkjat_"
      ? jwtWith('{"alg":"HS256","typ":"JWT"}', r)
      : prefix === "bkpat_"
      ? p(r.str(LOWER_NUM, 8), "_", r.str(HEX, 40))
      : p(
        r.str(LOWER_NUM, 6),
        ".",
        "Q7z",
        r.str("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz", 57),
      );
    return tok(p("b", prefix.slice(1), body));
  },
  // review66: a fifth survey of the public scanners' test material (formats only).
  castai_api_key: (r) => tok(p("cast", "ai_v1_", r.str(ALNUM, 64), "_", r.str(ALNUM, 8))),
  chieftools_token: (r) => tok(p("ct", r.pick(["p", "o", "r"]), "_Q7z", r.str(ALNUM, 33))),
  apify_api_token: (r) => tok(p("apify", "_api_", "Q7z", r.str(ALNUM, 33))),
  portainer_access_token: (r) => tok(p("pt", "r_", "Q7z", r.str(B64, 40), "=")),
  appwrite_api_key: (r) => tok(p("stand", "ard_", r.str(HEX, 256))),
  woocommerce_api_key: (r) => tok(p("c", r.pick(["k", "s"]), "_", "a7", r.str(HEX, 38))),
  statsig_server_secret: (r) => tok(p("sec", "ret-", "Q7z", r.str(ALNUM, 40))),
  arcgis_api_key: (r) => tok(p("AA", r.pick(["PK", "PT"]), "Q7z", r.str(URLSAFE, 97))),
  instagram_access_token: (r) => tok(p("IG", "QVJ", "Q7z", r.str(URLSAFE, 150))),
  openai_session_key: (r) => tok(p("se", "ss-", "Q7z", r.str(ALNUM, 37))),
  twitch_oauth_token: (r) => tok(p("oauth", ":", "q7", r.str(LOWER_NUM, 28))),
  llamacloud_api_key: (r) => tok(p("ll", "x-", "Q7z", r.str(ALNUM, 45))),
  clearbit_api_key: (r) => tok(p("s", "k_", "a7", r.str(HEX, 30))),
  neptune_api_token: (r) => {
    const s = btoa(
      `{"api_address":"https://app.neptune.ai","api_url":"https://app.neptune.ai","api_key":"${
        uuid(r)
      }"}`,
    );
    return { text: `NEPTUNE_API_TOKEN="${s}"`, secret: s, core: coreOf(s) };
  },
  teamcity_access_token: (r) =>
    tok(p(b64url('{"typ": "TCV2"}'), ".", r.str(URLSAFE, 36), ".", "Q7z", r.str(URLSAFE, 61))),
  infura_api_key: (r) => {
    const s = r.str(HEX, 32);
    return {
      text: `provider = Web3(HTTPProvider("https://mainnet.infura.io/v3/${s}"))`,
      secret: s,
      core: coreOf(s),
    };
  },
  alchemy_api_key: (r) => {
    const s = p("Q7z", r.str(URLSAFE, 29));
    return {
      text: `RPC_URL=https://eth-mainnet.g.alchemy.com/v2/${s}`,
      secret: s,
      core: coreOf(s),
    };
  },
  quicknode_endpoint_token: (r) => {
    const s = r.str(HEX, 40);
    return {
      text: `rpc: https://falling-dawn-bird.quiknode.pro/${s}/`,
      secret: s,
      core: coreOf(s),
    };
  },
  openweather_api_key: (r) => {
    const s = p("a7", r.str(HEX, 30));
    return {
      text: `curl 'https://api.openweathermap.org/data/2.5/weather?q=London&appid=${s}'`,
      secret: s,
      core: coreOf(s),
    };
  },
  softlayer_api_key: (r) => {
    const s = r.str(HEX, 64);
    return {
      text: `client = SoftLayer.Client(endpoint_url="https://api.softlayer.com/soap/v3/${s}")`,
      secret: s,
      core: coreOf(s),
    };
  },
  // survey6: noseyparker's examples and gitleaks' Slack tests (shapes only).
  codeclimate_reporter_id: (r) => {
    const s = p("a1", r.str(HEX, 62));
    return { text: `  CC_TEST_REPORTER_ID: ${s}`, secret: s, core: coreOf(s) };
  },
  thingsboard_access_token: (r) => {
    const s = p("t7", r.str(LOWER_NUM, 18));
    return {
      text:
        `curl -v -X POST http://localhost:8080/api/v1/${s}/telemetry --header "Content-Type:application/json" --data "{temperature:25}"`,
      secret: s,
      core: coreOf(s),
    };
  },
  android_build_config_secret: (r) => {
    const s = p("Ak9", r.str(ALNUM, 29));
    return {
      text: `buildConfigField("String", "MAPS_API_KEY", "\\"${s}\\"")`,
      secret: s,
      core: coreOf(s),
    };
  },
  // survey7: trufflehog's Mailgun test, Mailgun's JavaScript client (shapes only).
  mailgun_private_key: (r) => {
    const s = `${p("5c", r.str(HEX, 30))}-${r.str(HEX, 8)}-${r.str(HEX, 8)}`;
    return {
      text: `const mg = mailgun.client({ username: "api", key: "${s}" });`,
      secret: s,
      core: coreOf(s),
    };
  },
  // survey11: detect-secrets' Azure test, a function URL as the portal gives it (shape only).
  azure_function_key: (r) => {
    const s = p(
      "Q7a",
      r.str(URLSAFE, 41),
      "Az",
      "Fu",
      r.str(URLSAFE, 5),
      r.pick(["A", "Q", "g", "w"]),
      "==",
    );
    return {
      text: `curl "https://app.azurewebsites.net/api/HttpTrigger1?code=${s}"`,
      secret: s,
      core: coreOf(s),
    };
  },
};

/** Realistic surroundings for a planted sample. */
export const CONTEXTS: Record<string, (snippet: string) => string> = {
  json_transcript: (s) =>
    JSON.stringify({
      type: "tool_result",
      tool_use_id: "toolu_01",
      content: `Output of the command:\n${s}\nDone.`,
    }) + "\n",
  shell_history: (s) => `cd /srv/app\ngit status\necho ${s}\nls -la\n`,
  yaml: (s) =>
    `service:\n  name: api\n  notes: |\n    ${s.split("\n").join("\n    ")}\n  replicas: 2\n`,
  dotenv: (s) => `# settings\nLOG_LEVEL=debug\n${s}\nPORT=8080\n`,
  markdown_fence: (s) => `Run this first:\n\n\`\`\`bash\n${s}\n\`\`\`\n\nThen restart.\n`,
  // A tool forced to colour its output (`grep --color=always`, `jq -C`): each line in colour codes.
  coloured: (s) =>
    `\x1b[1;34mresult\x1b[0m:\n${
      s.split("\n").map((l) => `\x1b[0;32m\x1b[K${l}\x1b[m\x1b[K`).join("\n")
    }\n\x1b[1;30m(end)\x1b[0m\n`,
  http_dump: (s) =>
    `POST /v1/items HTTP/1.1\r\nHost: api.internal.test\r\nContent-Type: text/plain\r\n\r\n${s}\r\n`,
};

/**
 * The shapes a transcript holds a prefixed token in, given the variable its
 * vendor names: raw, assigned, exported and quoted, a JSON member, a quoted
 * argument, a bearer header and a sentence.
 */
export const TOKEN_SHAPES: readonly ((name: string, value: string) => string)[] = [
  (_, v) => v,
  (n, v) => `${n}=${v}`,
  (n, v) => `export ${n}="${v}"`,
  (n, v) => `{"${n.toLowerCase()}": "${v}"}`,
  (_, v) => `const client = new Client('${v}');`,
  (_, v) => `curl -H "Authorization: Bearer ${v}" https://api.example.test/v1`,
  (_, v) => `Here is my key ${v}, can you debug this?`,
];

/** Values that look like secrets of a kind but are not; none may be flagged. */
export function lookAlikes(rng: Rng): Record<string, string[]> {
  const ghBody = rng.str(ALNUM, 30);
  return {
    github_pat: [
      p("gh", "p_", ghBody, "000000"),
      p("gh", "p_", rng.str(ALNUM, 20)),
      "GitHub classic tokens start with ghp_ followed by 36 characters.",
      p("gh", "p_", "X".repeat(36)),
    ],
    npm_token: [p("np", "m_", rng.str(ALNUM, 36)), "set npm_config_cache before running"],
    aws_access_key_id: [p("AK", "IAIOSFODNN7", "EXAMPLE"), p("AK", "IA", rng.str(BASE32, 10))],
    aws_secret_access_key: [
      p("aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCY", "EXAMPLEKEY"),
      "aws_secret_access_key = ${AWS_SECRET_ACCESS_KEY}",
    ],
    jwt: [
      p(
        "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.",
        "eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.",
        "SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
      ),
      p("eyJub3QiOiJhIGhlYWRlciJ9.", "eyJ4IjoxfQ.", rng.str(URLSAFE, 20)),
    ],
    stripe_secret_key: [p("pk", "_live_", rng.str(ALNUM, 99)), p(SK, "_live_", "x".repeat(24))],
    mapbox_secret_token: [p("pk", ".eyJ", rng.str(URLSAFE, 60), ".", rng.str(URLSAFE, 22))],
    generic_secret: [
      // redact98: real text of installed packages and manuals (a sentence, a style, an IPv6
      // token, an IAM resource's pattern, a minified comparison).
      '  salesforce_access_token: "its prefix holds an upper-case D (00D)",',
      '        Token.Comment: "italic #A3AAB2",',
      "Token=prefixstable:2002:da8:1::",
      '"Resource":"arn:aws:secretsmanager:*:*:secret:A4BNetworkProfile*"',
      "skipCachedAccessToken:r.skipCachedAccessToken===!0,x:1",
      // review80: a UUID or digest under an upper-case name that is no secret's, or under a
      // lower-case key (a program's field, as often an id).
      `{"NEXT_CURSOR": "${uuid(rng)}"}`,
      `  PAGE_TOKEN: ${uuid(rng)}`,
      `  COMMIT_SHA: ${rng.str(HEX, 40)}`,
      `{"railway_token": "${uuid(rng)}"}`,
      // redact97: a bare secret's UUID (a request's id as often), a secret's version.
      `{"secret": "${uuid(rng)}"}`,
      `  secret_version: ${uuid(rng)}`,
      // review59: a full-width operator's look-alikes (another three-byte character, a
      // placeholder, a word).
      "token \u2192 Settings",
      "password \u2014 see the docs",
      "API_TOKEN\uff1d${API_TOKEN}",
      "api_key\uff1a your_api_key_here",
      "Secret\uff1a\u8bf7\u5728\u63a7\u5236\u53f0\u83b7\u53d6",
      // review47: a Vim script variable given to a password's name (vim's netrw.vim: 86 copies).
      "let s:netrw_hup[host].passwd = s:netrw_passwd",
      // review47: an algorithm a setting about passwords or keys chooses (postgresql.conf, a cipher).
      "#password_encryption = scram-sha-256\t# scram-sha-256 or md5",
      "password_hash_algorithm: argon2id",
      "secret_cipher = aes-256-gcm",
      // fp23: names in code, an encoded placeholder, a URI's encoded words, a closing quote in a transcript.
      '#define SN_smime_aa_timeStampToken           "id-smime-aa-timeStampToken"',
      'Object.defineProperty(exports,"__esModule",{value:!0}),a.O200K_TOKEN_SPLIT_REGEX=a.CL100K_TOKEN_SPLIT_REGEX=a.R50K_TOKEN_SPLIT_REGEX=void 0;',
      "pem: &#x3C;string|buffer>[, passphrase: &#x3C;string>]",
      "    tokenSplitRegex: O200K_TOKEN_SPLIT_REGEX,",
      "exports.SOCKS5_CUSTOM_AUTH_END = SOCKS5_CUSTOM_AUTH_END;",
      "    specialTokensEncoder: createO200KSpecialTokenMap(x),",
      "  password: 'bm90IG15IHJlYWwgcGFzc3dvcmQ=',",
      "pkcs11:token=Root%20CA%20Certificates;type=cert",
      "def fallback_getpass(prompt='Password: ', stream=None):\n    warnings.warn(\"Can not control echo on the terminal.\", GetPassWarning,\n                  stacklevel=2)\n    print('Warning: Password input may be echoed.', file=stream)",
      // review42: a vendor's prefix followed by a placeholder under a secret-like name.
      "API_KEY=dtn_your-daytona-key",
      'secretKey: "tr_dev_1234567890"',
      'logfire_token = "pylf_v1_eu_secret"',
      "OPENAI_API_KEY=sk-your-openai-key",
      "STRIPE_SECRET_KEY=sk_test_your_stripe_key",
      "GEMINI_API_KEY=AQ.your-gemini-key",
      "password=tr_dev_secret123",
      // review42: a signed request's credential scope (its key id a placeholder).
      "X-Credential=AKLTabc123def456%2F20240101%2Fcn-beijing%2Fiam%2Frequest",
      "Credential=AKLTabc123def456/20240101/cn-beijing/iam/request, SignedHeaders=host",
      // recall20: a typed declaration whose untyped assignment holds no secret.
      `var commitSha string = "${rng.str(HEX, 40)}"`,
      `var tokenHash string = "${rng.str(HEX, 40)}"`,
      'const apiKeyHeader: string = "X-Api-Key";',
      'API_TOKEN: Final[str] = "${API_TOKEN}"',
      // left40: the tab-aligned look-alikes.
      `var commitSha string\t= "${rng.str(HEX, 40)}"`,
      'const apiKeyHeader: string\t= "X-Api-Key";',
      `var name string\t= "${rng.str(ALNUM, 20)}"`,
      // recall19: directives and settings whose value is no secret (a variable, a word, a path).
      'secret "${TSIG_SECRET}";',
      'tsig_secret "hmac-sha256";',
      'token "go/token";',
      'private_key "";',
      'secret "hello world";',
      "proxy_set_header X-Api-Key $http_x_api_key;",
      "proxy_set_header X-Request-Id $request_id;",
      "fastcgi_param DB_PASSWORD $db_password;",
      'set $token_header "Authorization";',
      "SetEnv DB_PASSWORD changeme",
      "RequestHeader unset X-Auth-Token",
      'Header always set X-Token-Expiry "3600"',
      "setenv PATH /usr/local/bin:/usr/bin",
      '<setting name="PasswordPolicy" serializeAs="String"><value>strict</value></setting>',
      '<setting name="DbPassword" serializeAs="String"><value>${DB_PASSWORD}</value></setting>',
      // Maven coordinates of the io.jsonwebtoken library; the id of a stored credential (Jenkins).
      "implementation 'io.jsonwebtoken:jjwt-api:0.11.5'",
      "[INFO] +- io.jsonwebtoken:jjwt-impl:jar:0.11.5:runtime",
      `  "credentialId": "${rng.str(ALNUM, 22)}",`,
      `git(credentialsId: '${rng.str(ALNUM, 24)}', url: 'https://git.test/app.git')`,
      // A credential named in words with no service before it, or a value that is no key.
      `the token = '${rng.str(HEX, 32)}'`,
      `your api key: ${[8, 4, 4, 4, 12].map((n) => rng.str(HEX, n)).join("-")}`,
      `example token - '${rng.str(HEX, 32)}'`,
      `csrf token: ${rng.str(HEX, 32)}`,
      "The token - which expires in an hour - is refreshed on every call",
      "GitHub token: <your-github-token-here>",
      "Acme token - '${ACME_TOKEN_FROM_THE_ENVIRONMENT}'",
      // A fallback that is empty, a placeholder or a word.
      'const key = process.env.API_KEY || "your-api-key-here";',
      'const key = process.env.SOME_KEY || "default";',
      // A `_pat` name of a pattern, not a personal access token.
      'url_pat = r"^/api/v1/users/(\\d+)/items/(\\d+)$"',
      'glob_pat = "src/**/test_*.py"',
      "GITHUB_PAT=${{ secrets.GITHUB_PAT }}",
      // Code: the statement after a `;` is not part of the value.
      "var token=accessToken2;var b=2",
      "token=tokenValue1;console.log(x)",
      `commit: ${rng.str(HEX, 40)}`,
      `"token": "${rng.str(HEX, 8)}-${rng.str(HEX, 4)}-4${rng.str(HEX, 3)}-a${rng.str(HEX, 3)}-${
        rng.str(HEX, 12)
      }"`,
      `"integrity": "sha512-${rng.str(B64, 86)}=="`,
      `golang.org/x/text v0.14.0 h1:${rng.str(B64, 43)}=`,
      `"nextPageToken": "${rng.str(ALNUM, 40)}"`,
      `"max_tokens": 4096`,
      "api_key: your-api-key-here",
      "password: <password>",
      "secret: ${SECRET}",
      'token = os.environ.get("TOKEN")',
      `image: "data:image/png;base64,${rng.str(B64, 200)}"`,
      `token: [REDACTED:github_pat]`,
      "api_key: XXXXXXXXXXXXXXXXXXXX",
      "secret: ****************",
      `public_key: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${rng.str(B64, 43)}`,
      `secret_key_digest: sha256:${rng.str(HEX, 64)}`,
      `const tokenizerVersion = "${rng.str(ALNUM, 20)}1";`,
      // Encoded quotes and operators (JSON three levels deep, `\u0022`, HTML, URL).
      '{\\\\\\"api_key\\\\\\": \\\\\\"${API_KEY}\\\\\\"}',
      String.raw`{\u0022password\u0022: \u0022<password>\u0022}`,
      `{&quot;token&quot;: &quot;${rng.str(HEX, 8)}-${rng.str(HEX, 4)}-4${rng.str(HEX, 3)}-a${
        rng.str(HEX, 3)
      }-${rng.str(HEX, 12)}&quot;}`,
      "q=%7B%22api_key%22%3A%22%24%7BAPI_KEY%7D%22%7D",
      "next=%2Flogin%3Fpassword%3D%3Cpassword%3E",
      `next_page_token%3D${rng.str(ALNUM, 30)}`,
      // Forced colour codes (grep --color=always, jq -C) around no secret.
      "\x1b[01;31m\x1b[KDB_PASSWORD\x1b[m\x1b[K=changeme",
      '\x1b[1;34m"api_key"\x1b[0m: \x1b[0;32m"${API_KEY}"\x1b[0m',
      "\x1b[34mclient_secret\x1b[0m: \x1b[32m<your-client-secret>\x1b[0m",
      "API_TOKEN=\\u001b[33mkey=value\\u001b[0m",
      // A setting or short words written as a bare value, an inner `=` in it; query strings.
      "api_key = key=value",
      "client_secret: a=b",
      "db_password: x=changeme",
      "GET /x?password=a=b&c=d",
      "GET /x?token=abc=def&c=d",
      "?a=b&c=d",
      // A query or form field that is empty, a placeholder or a word.
      "https://api.example.test/v1?token=&x=1",
      "https://api.example.test/v1?api_key=YOUR_KEY&format=json",
      "curl -d 'password=changeme&user=bob'",
      "https://auth.example.test/cb?token_type=bearer&expires_in=3600",
      "curl -d 'pwd=abcdefghij&user=bob'",
      "https://api.example.test/v1?access_token=${TOKEN}&x=1",
      // Words joined in camel case and acronyms (not 24 random letters), under a key name.
      'api_key: "ThisIsMyApiKeyForTheServiceHere"',
      '"secret": "AbstractSingletonProxyFactoryBean"',
      '"api_key": "getSecretKeyFromEnvironmentNow"',
      '"client_secret": "XMLHttpRequestAPIClientFactory"',
      'accessToken = "AWSSecretsManagerClientBuilder"',
      '"api_key": "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef"',
      // The last field of a URL query: empty, a placeholder, a word, a pagination token, a non-credential name.
      "https://x.test/cb?access_token=YOUR_TOKEN",
      "https://x.test/cb?token_type=bearer",
      "https://x.test/cb?sort_key=Q7abc123",
      "https://x.test/cb?page_token=Q7abc123xyz",
      "https://x.test/cb?api_key=${API_KEY}",
      "see ?api_key=abc12 for details",
      // Regular expressions and well-formed templates under a secret's name (not symbol-rich values).
      'secret_regex = "(?i)secret[=:]"',
      'TOKEN_RE = "[A-Za-z_]+(?:bar)"',
      'token_pattern: "^[a-z]+$"',
      'secret: "${{ secrets.API_KEY }}"',
      "token: `dead-${crypto.randomUUID()}`,",
      'password = "abc${PW_SUFFIX}"',
      // Bare code under a secret's name whose brackets nest (a call, a subscript, a type).
      "password = getpass(prompt)[0]",
      "token:e.token||t(n)}",
      "secret_key = settings[KEY](opts){x}",
      "api_token: map[string]interface{}",
      // redact90: a parenthesised value that is code, a reference or a placeholder.
      "token = (get_token())",
      'api_key = (os.environ["API_KEY"])',
      'api_key = ("${API_KEY}")',
      'api_key = ("your-api-key-here")',
      'secret = ("my-secret-name")',
      'password = ("*****")',
      // redact90: a word after a password's name that says what became of it, or code's identifier.
      "password: follows",
      "Password: accepted",
      "password = getpass",
      "password = input",
      // redact91: a keyword argument, a field's type or a translation under a password's name.
      "conn = connect(host=host, user=user, password=passwd, dbname=name)",
      "login(email=email, password=record)",
      "    password=encoded,",
      "struct Config { username: String, password: Option<String>, }",
      "  password: Buffer;",
      "  password: Promise<string>;",
      '"password": "Parola",',
      '"confirm_password": "Confirm",',
      "  password: Lozinka",
      // redact92: a caption under a key naming an action on a password, a word cut at a letter
      // beyond ASCII, a pass that names no owner, and a setting word under an owner's pass.
      '"showPassword": "Anzeigen",',
      '"forgot_password": "Forgotten",',
      "  resetPassword: Reinitialiser",
      "password: Contrase\u00f1a",
      "render_pass: shadows",
      "second_pass: enabled",
      "smtp_pass: enabled",
      // redact93: the word password in a locale's language, captions under more action keys,
      // schema words, and step passes that hold an owner word.
      '"password": "Passwort",',
      '"password": "Wachtwoord",',
      '"password": "Salasana",',
      "password: Kennwort",
      "  password: Adgangskode",
      '"dbPass": "Passwort",',
      '"savePassword": "Speichern",',
      '"generatePassword": "Generieren",',
      "  label_password: Kennwort",
      '"invalid_password": "Incorrecto",',
      "  password: nullable",
      "  password: writeonly",
      "  password: cleartext",
      "app_render_pass: shadows",
    ],
    env_secret: [
      // review59: a bare PowerShell variable that is a setting or is not printed.
      "PS C:\\> $env:API_TOKEN_PATH\nC:\\Users\\dev\\token.json",
      "PS C:\\> $env:PATH\nC:\\Windows\\system32;C:\\Tools",
      "PS C:\\> $env:API_TOKEN.Length\n40",
      'PS C:\\> Write-Output "token set: $env:API_TOKEN_SET"\ntrue',
      "    U_UNEXPECTED_TOKEN=0x10100,",
      // A setting or short words written as the value, an inner `=` in it.
      "API_TOKEN=key=value",
      "DB_PASSWORD=a=b",
      "AUTH_TOKEN=x=y=z",
      "SECRET_KEY=k=your-secret-key",
      "DB_PASSWORD=pw=$(cat /run/secrets/db)",
      "DB_PASSWORD=ab=${DB_PASS}",
      "API_TOKEN=t=$TOKEN",
      "DB_PASSWORD=${DB_PASSWORD}",
      "API_TOKEN=$(cat /run/secrets/token)",
      // redact92: letters under a pass that names no owner, or a setting word under one that does.
      "SECOND_PASS=enabled",
      "RENDER_PASS=shadows",
      "TEST_PASS=walrus",
      "BYPASS=walrus",
      "DB_PASS=enabled",
      "DB_PASS=${DB_PASS}",
      "SMTP_PASS=changeme",
      // redact93: a pass named by an owner word and a step of a program.
      "APP_RENDER_PASS=shadows",
      "API_SECOND_PASS=enabled",
      "DB_SORT_PASS=merge",
      "USER_TEST_PASS=skipped",
      "SECRET_KEY_FILE=/run/secrets/app",
      "TOKEN_TTL=3600",
      "PASSWORD=changeme",
      "PASSWORD=***",
      "PASSWORD=<pw>",
      "DB_PASS=yes",
      "API_TOKEN=ab1; make",
      "A=1;SECRET_MODE=on;B=2",
      // A placeholder or word before a `;` or `|` and a command.
      "API_TOKEN=${TOKEN};echo${IFS}x",
      "API_TOKEN=true;echo${IFS}<x>",
      "DB_PASSWORD=<pw>|cat${x}",
      // Numbers that are not passwords: typed in a row, repeated, or under a name that is no password's.
      "DB_PASSWORD=123456",
      "DB_PASSWORD=10000000",
      "PASSWORD_MIN_LENGTH=12",
      "PASSWORD_EXPIRY_DAYS=90",
      // redact90: a UUID or hex under a name that labels a key (its id, version or nonce) after NAME=.
      `API_KEY_ID=${[8, 4, 4, 4, 12].map((n) => rng.str(HEX, n)).join("-")}`,
      `export SIGNING_KEY_ID=${rng.str(HEX, 40)}`,
      `SECRET_VERSION=${[8, 4, 4, 4, 12].map((n) => rng.str(HEX, n)).join("-")}`,
    ],
    onepassword_concealed_field: [
      // A STRING field, and a concealed field's reference without its value.
      '{"id": "username", "type": "STRING", "label": "username", "value": "deploy-bot-2024"}',
      '{"id": "password", "type": "CONCEALED", "label": "password", "reference": "op://Private/db/password"}',
    ],
    wifi_psk: [
      // A reference, nmcli's mask for a key it does not show, and a PSK identity.
      'network={\n    ssid="office"\n    psk="$WIFI_PASSPHRASE"\n}',
      "802-11-wireless-security.psk:           --",
      "psk_identity=client-one",
    ],
    terraform_sensitive_output: [
      // An output that is not sensitive, and a sensitive one that is a reference.
      '{"vpc_id": {"sensitive": false, "type": "string", "value": "vpc-0a1b2c3d4e5f6a7b8"}}',
      '"sensitive": true, "type": "string", "value": "${var.db_password}"',
      // review50: a state file's output not marked sensitive before a sensitive reference.
      '{"vpc_id": {"value": "vpc-0a1b2c3d4e5f6a7b8", "type": "string"}, "db": {"value": "${var.x}", "type": "string", "sensitive": true}}',
    ],
    private_key_tail: [
      // A certificate's end, one line of a key before its END line, and prose.
      [rng.str(B64, 64), rng.str(B64, 64), "-----END CERTIFICATE-----"].join("\n"),
      [rng.str(B64, 64), "-----END RSA PRIVATE KEY-----"].join("\n"),
      "The file ends with -----END RSA PRIVATE KEY----- on its last line.",
    ],
    private_key_pem: [
      ["-----BEGIN PUBLIC KEY-----", rng.str(B64, 64), "-----END PUBLIC KEY-----"].join("\n"),
      ["-----BEGIN CERTIFICATE-----", rng.str(B64, 64), "-----END CERTIFICATE-----"].join("\n"),
      "The file starts with -----BEGIN RSA PRIVATE KEY----- as its first line.",
    ],
    database_url: [
      "postgres://app:${DB_PASSWORD}@db:5432/prod",
      "postgres://app@db:5432/prod",
      "mysql://user:password@localhost/db",
      "postgres://postgres:postgres@localhost:5432/app_dev",
      "amqp://guest:guest@rabbitmq:5672/",
    ],
    basic_auth: [
      // fp23: Basic credentials that decode to a placeholder.
      "    'Basic dXNlcjpwYXNzd29yZA=='",
      "We use basic authentication for the admin pages.",
      'Basic realm="internal"',
    ],
    bearer_token: [
      "Authorization: Bearer <token>",
      "Send a Bearer token with each request.",
      // Short values that are words or counting digits, not random tokens.
      "Authorization: Bearer AccessToken123",
      "Authorization: Bearer Token1234567",
      "uses Bearer OAuth2Token for auth",
    ],
    docker_config_auth: [
      `{"auths": {"ghcr.io": {"auth": "${btoa(rng.str(ALNUM, 20))}"}}}`,
      // review80: a whole config in base64 whose registries hold no credential (a helper keeps it).
      btoa(`{"auths":{"ghcr.io":{}},"credsStore":"desktop"}`),
      btoa(`{\n\t"auths": {\n\t\t"${rng.str(ALNUM, 8).toLowerCase()}.io": {}\n\t}\n}`),
    ],
    url_credentials: [
      // survey7: secretlint's documentation login (the user is the word username).
      'const GUIDE_URL = "https://username:mypassword@test.com/endpoint";',
      "const myURL = new URL('https://abc:xyz@example.com');",
      "// Prints https://a:b@c/",
      "log(myURL.href); // https://abc:123@example.com/",
      // A format field in the password's place (str.format, C# templates).
      'const TEMPLATE_URL = "https://{USER}:{PASS}@template.example.com";',
      'url = "postgres://{user}:{db_password}@{host}:5432/{name}"',
      "https://user:****@example.test/",
      "see https://example.test/a:b@c",
      // A user name at a git host, not a token.
      "git clone git@github.com:o/r.git",
      "https://my-long-github-username@github.com/o/r",
      "https://dependabot-preview-bot-2024@github.com/o/r",
      // Not a git host: GitHub's forum; a user name at a GitHub Enterprise host.
      `https://${p("Q7", rng.str(ALNUM, 30))}@github.community/t/topic/1`,
      "https://build-bot-account-2024@github.mycorp.test/o/r.git",
    ],
    google_api_key: [
      p("AI", "za", rng.str(URLSAFE, 20)),
      // recall22: placeholders and masks of the AQ. key.
      "GEMINI_API_KEY=AQ.Ab8RN6KEp0F-_-...",
      "Gemini: `AQ.Ab8RN6L...`",
      p("AQ", ".Ab", "x".repeat(48)),
    ],
    slack_webhook_url: [
      "https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX",
    ],
    telegram_bot_token: ["curl https://api.telegram.org/bot<token>/getMe"],
    private_key_base64: [
      `tls.crt: ${btoa(p("-----BEGIN CERTIFICATE-----\n", rng.str(B64, 64)))}`,
      `ca.key: ${btoa(p("-----BEGIN PUBLIC KEY-----\n", rng.str(B64, 64)))}`,
    ],
    private_key_ssh2: [
      p(
        "---- BEGIN SSH2 PUBLIC ",
        "KEY ----\n",
        rng.str(B64, 64),
        "\n---- END SSH2 PUBLIC KEY ----",
      ),
      "The file starts with ---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ---- as its first line.",
    ],
    cli_password: [
      "`smbclient -U user%SECRET`, and",
      "psExec \\\\host -u User -p $Password -i -d calc.exe",
      "net use Z: \\\\fs01\\share /user:bob /persistent:yes",
      "mysql -u root -p appdb",
      "mysql -h db -P 3306 -u app -p",
      // redact96: a port or stdin alone on the next line after a line continuation.
      "podman login -u deploy -p \\\n  - registry.test",
      "ssh -p \\\n  2222 deploy@host",
      "mysql --password=$MYSQL_PWD appdb",
      "mysql -p${DB_PASSWORD} appdb",
      "docker login -u me --password-stdin ghcr.io",
      'sshpass -p "$SSHPASS" ssh deploy@host',
      "htpasswd -c /etc/nginx/.htpasswd admin",
      "docker login -p <password> registry.test",
      "7z x archive.7z -o./out",
      "zip -r out.zip src",
      "redis-cli -h cache -p 6379 ping",
      "mongosh --port 27017 --host db",
      "ldapsearch -x -W -D cn=admin -b dc=x",
      "echo $CR_PAT | docker login ghcr.io -u bob --password-stdin",
      "sqlplus /nolog",
      // redact94: the same letters as another program's flag, stdin, prompts, ports, references.
      "podman run -p 8080:80 nginx",
      "podman login -u me --password-stdin quay.io",
      "podman login -u me -p $QUAY_TOKEN quay.io",
      "ssh -p 2222 deploy@host",
      "rdesktop -u admin -p - host.internal",
      "unrar x -p- archive.rar",
      'schtasks /create /ru admin /rp * /tn job /tr "cmd /c x"',
      "mosquitto_pub -h broker -p 1883 -t t -m on",
      "ipmitool -I lanplus -H 10.0.0.5 -U admin -E chassis status",
      "ipmitool -I lanplus -H 10.0.0.5 -p 623 -U admin -f /run/ipmi.pw power on",
      'useradd -m -p "$(openssl passwd -6 "$PW")" bob',
      "cqlsh -u cassandra -p ${CASSANDRA_PASSWORD} db",
      "twine upload -u __token__ -p <pypi-token> dist/*",
      "smbclient -L fs01 -U bob%$SMB_PASS",
      "oc login --token=$OC_TOKEN https://api.c.test:6443",
      "use cqlsh -p followed by the password",
      "mycli -h db -P 3306 -u root",
    ],
    netrc_password: [
      "machine api.github.com login deploy",
      "machine a.test password ${TOKEN}",
      "the machine learning password strength model",
      "log into the machine with password authentication disabled",
    ],
    xml_password: [
      // review47: a <master> element that is no Maven master password.
      "<master>node-1.internal</master>",
      "<master>true</master>",
      "<password>${DB_PASSWORD}</password>",
      '<add key="PasswordPolicy" value="strict" />',
      '<input type="password" name="password" value="" />',
      "<secretName>db-credentials</secretName>",
      // Text and value attributes under a password's name that are no password.
      '<label name="password">Show</label>',
      '<option name="password_reset">Password</option>',
      '<password value="${DB_PASSWORD}"/>',
      '<param value="" name="password"/>',
      '<entry key="password">${db.password}</entry>',
      // recall19: a credential word before words about the credential, or a value that is none.
      "<passwordPolicy>MinLength8UpperLower</passwordPolicy>",
      "<passwordMinLength>12</passwordMinLength>",
      "<passwordHint>Your first pet's name</passwordHint>",
      "<passwordFile>/run/secrets/db_password</passwordFile>",
      "<password_reset_url>https://x.test/reset?id=42</password_reset_url>",
      "<secretArnSuffix>prod-AbCdEf</secretArnSuffix>",
      "<db_password_value>changeme</db_password_value>",
      "<passwordValue>${DB_PASSWORD}</passwordValue>",
      "<the_password_tag>hello world</the_password_tag>",
      `<the_password_tag>${rng.str("abcdefghijklmnop", 14)}</the_password_tag>`,
      '<add key="PasswordPolicy" value="Zk3mP9qLw2XvRt7Ys1" />',
      '<input name="password_field">Show</input>',
    ],
    k8s_env_secret: [
      "env:\n  - name: API_TOKEN\n    valueFrom:\n      secretKeyRef:\n        name: api",
      'env:\n  - name: DB_PASSWORD\n    value: "${DB_PASSWORD}"',
      "env:\n  - name: TOKEN_TTL\n    value: 3600",
    ],
    authorization_token: [
      "Authorization: token <TOKEN>",
      "Authorization: token $GITHUB_TOKEN",
      "Authorization header carries a token",
    ],
    powershell_secure_string: [
      "ConvertTo-SecureString $env:PASSWORD -AsPlainText -Force",
      'ConvertTo-SecureString "$env:PW" -AsPlainText -Force',
      'ConvertTo-SecureString "<password>" -AsPlainText',
    ],
    npmrc_auth_token: ["//registry.npmjs.org/:_authToken=${NPM_TOKEN}"],
    postman_api_key: [
      p("PM", "AK-", rng.str(HEX, 20), "-", rng.str(HEX, 34)),
      p("PM", "AK-", "0123456789abcdef01234567-0123456789abcdef0123456789abcdef01"),
    ],
    datadog_api_key: [
      "DD_SITE=datadoghq.com",
      "DD_API_KEY=${DD_API_KEY}",
      "DD_API_KEY=<your-datadog-api-key>",
      `DD_ENV_ID=${rng.str(HEX, 32)}`,
    ],
    datadog_app_key: [`datadog_app_name: "${rng.str(HEX, 40)}"`, "DD_APP_KEY="],
    airtable_pat: [
      "the path /srv/app is patched",
      p("pa", "t", rng.str(ALNUM, 14), ".", rng.str(HEX, 40)),
    ],
    vendor_api_key: [
      "zendesk_subdomain: acme-support-portal-eu",
      'twitter_api_key = "your-twitter-api-key-here"',
      "snyk_token: ${SNYK_TOKEN}",
    ],
    uuid_service_token: [
      // redact100: a service's UUID that labels rather than grants (an id, an accessor, a
      // message), a placeholder, a word that only starts like a service's name.
      `postmark_message_id: ${uuid(rng)}`,
      `consul_token_accessor: ${uuid(rng)}`,
      `nomad_job_key: ${uuid(rng)}`,
      `consultant_key: ${uuid(rng)}`,
      "postmark_token: 12345678-1234-1234-1234-123456789012",
      "postmark_token: ${POSTMARK_TOKEN}",
    ],
    gitlab_token: [p("gl", "rt-", "x".repeat(20)), p("gl", "rt-", rng.str(URLSAFE, 10))],
    square_token: [p("EA", "AA", "A".repeat(60))],
    openshift_user_token: [`sha256:${rng.str(HEX, 64)}`],
    notion_token: [p("secret", "_", rng.str(ALNUM, 20))],
    key_secret: [
      // redact98: a type, a field list's name, a paginator's key.
      "    key: PKCS12PrivateKeyTypes | None,",
      '[{"key":"ContentTypeHeader1","value":"x"}]',
      '"result_key": "Ipv6CidrAssociations"',
      // fp23: public keys in DER (base64) and a PGP key id.
      '        key: "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE1Olb3zMAFFxXKHiIkQO5cJ3Yhl5i6UPp+IhuhTIYy+u2mCumG+bTu1g0bHhTSiaiAE5ZwCAR0xbX8sO4f2TBTbA==",',
      'signing_key: "MCowBQYDK2VwAyEAUbyyGlhEVpbq3bKk2Ck8WMHGFWcnQZ5qGXV7PfHTW9E="',
      "    + Add file (GnuPG key: 0x7EC2DBB6F4DBF434)",
      `primary_key: ${rng.str(ALNUM, 22)}`,
      "key: app.kubernetes.io/name",
      `"key": "${rng.str(HEX, 32)}"`,
      `cacheKey = "${rng.str(ALNUM, 22)}"`,
      "key: node-modules-${{ hashFiles('**/package-lock.json') }}",
      `key: deps-v1-${rng.str(ALNUM, 20)}`,
      `publicKey: "${rng.str(B64, 44)}"`,
      "sortKey: createdAt",
      "AWS_KEY_ID=3c5f2a1e-9b8d-4c7e-a6f0-1d2e3f4a5b6c",
      "IDEMPOTENCY_KEY=7d1e0c4b-2a9f-4e8d-b3c6-5f0a1e2d3c4b",
      "STRIPE_PUBLISHABLE_KEY=0f9e8d7c-6b5a-4c3d-8e2f-1a0b9c8d7e6f",
      "recordKey: 9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d",
      `monkey: ${rng.str(ALNUM, 22)}`,
      "Key: uploads/2024/report-final.pdf",
      `ca.key: ${btoa(p("-----BEGIN PUBLIC KEY-----\n", rng.str(B64, 48)))}`,
      // survey9: glued words that are not a credential's, an ordinary glued key, and
      // lower-case words run together with a number.
      "turnkey: B8sm0KyfL1y8vPH3IDTdefevHBCGK33",
      "hostkey: B8sm0KyfL1y8vPH3IDTdefevHBCGK33",
      "foo_key: thisisaverylongidentifiername2024ab",
      "message_key: user1profile2settings3page4header",
      "cache_key: uie5tff7m5h5lqnqjhaltetqli90a08p6dhv9rn59uo30jgzw8un",
    ],
    curl_user_password: [
      "the password of `curl -u user:password` is",
      'curl -u ":$AZURE_DEVOPS_EXT_PAT" https://dev.azure.com/org/_apis/projects',
      // redact97: after `user:\` and a line break, the command's next argument, not a password.
      "curl -u alice:\\\n  https://ci.internal.test/api/json",
      "curl -u alice:\\\n  --netrc-file ~/.netrc https://ci.internal.test",
    ],
    slack_bot_token: [
      // survey6: gitleaks' placeholders of the legacy one-id form.
      "xoxb-12345-abcd234",
      "xoxb-xxxxxxxxxxx-xxxxxxxxxxxxxxxxxxxxxxxx",
      "xoxb-Slack_BOT_TOKEN",
      `xoxb-${rng.str("0123456789", 12)}-${rng.str("abcdefghijklmnopqrstuvwxyz", 22)}`,
    ],
    slack_token: [
      "xoxe.xoxp-1-SlackAppConfigurationAccessTokenHere",
      "xoxe.xoxp-1-RANDOMSTRINGHERE",
    ],
    codeclimate_reporter_id: [
      "CC_TEST_REPORTER_ID: ${{ secrets.CC_TEST_REPORTER_ID }}",
      `CC_TEST_REPORTER_ID=${"0".repeat(64)}`,
      "export CC_TEST_REPORTER_ID=<your reporter id>",
      `GIT_COMMIT_SHA256=${rng.str(HEX, 64)}`,
    ],
    thingsboard_access_token: [
      "curl -X POST http://localhost:8080/api/v1/$ACCESS_TOKEN/telemetry",
      "https://thingsboard.cloud/api/v1/YOUR_ACCESS_TOKEN/telemetry",
      "GET /api/v1/devices/attributes",
      `GET /api/v1/${rng.str("abcdefghijklmnopqrstuvwxyz", 20)}/attributes`,
    ],
    android_build_config_secret: [
      'buildConfigField "String", "API_KEY", "\\"" + localProperties["API_KEY"] + "\\""',
      'buildConfigField("String", "API_KEY", "\\"$apiKey\\"")',
      'buildConfigField "String", "BASE_URL", "\\"https://api.example.com/v1\\""',
      'buildConfigField "String", "API_KEY", "\\"YOUR_API_KEY\\""',
      `buildConfigField "String", "KEY_ID", "\\"${rng.str(ALNUM, 20)}\\""`,
    ],
    password_assignment: [
      // survey6: a Rails route's controller#action after `=>`, a Ruby interpolation in an ODBC string.
      "put '/forgot-password' => \"cms/sites/passwords#update\", as: 'update_password'",
      "\"driver={SQL Server};server=(#{datastore['DBHOST']});uid=#{datastore['DBUID']};pwd=#{datastore['DBPASSWORD']}\"",
      // redact98: a type, a tuple, member chains, a Vim variable, a record's fields,
      // nsswitch.conf, nginx.
      "def scrypt(password: ReadableBuffer, *, salt: ReadableBuffer) -> bytes: ...",
      "        password: FilterOrBool = False,",
      "index_url, _, index_url_user_password = index_info",
      '      pwd: options.gitEnvironment?.["PWD"] ?? null,',
      "\tlet pwd = a:dict.istemp ? a:dict.tmpdir : ''",
      "group_name:password:GID:user_list",
      "passwd:         compat",
      "       proxy_pass localhost:873;",
      // redact94: a _PW name that names no owner is a pulse width or a power, not a password.
      "SERVO_MIN_PW=1500",
      "servo_max_pw: 2000",
      "STEP_PW=walrusfox",
      // redact94: a pass joined to no owner.
      "BYPASS=Xk9mQ2vLp7Rt",
      "COMPASS=Xk9mQ2vLp7Rt",
      "SECONDPASS=Xk9mQ2vLp7Rt",
      // redact94: Terraform variables whose default is no secret.
      'variable "region" {\n  default = "eu-west-1"\n}',
      'variable "db_password" {\n  type      = string\n  sensitive = true\n}',
      'variable "db_password_length" {\n  default = "16"\n}',
      'variable "instance_type" {\n  sensitive = false\n  default = "t3.micro"\n}',
      // fp23: test verdicts, calls, names that name the credential, prose and C++ scopes (real code and logs).
      '#define SN_pkcs9_challengePassword              "challengePassword"',
      '#define SN_id_it_revPassphrase          "id-it-revPassphrase"',
      "    SEC_ERROR_BAD_PASSWORD = SEC_ERROR_BASE + 14,",
      "  Pass *ResultPass = Resolver->findImplPass(this, PI, F);",
      "         self.username, self.password = credentials",
      "return{username:n?e.slice(0,i):e,password:i?e.slice(n+1):void 0}",
      'const GCP_SERVICE_ACCOUNT_P12_PASSWORD = "notasecret";',
      "PASS: x86_64",
      "PASS: tests/foo.sh",
      "    --- PASS: TestParse/empty_input (0.00s)",
      "                passwd = fallback_getpass(prompt, stream)",
      "\tc->password = g_strdup(value);",
      "      password: hasPassword,",
      "        self.passwd = password_mgr",
      "        const password = result.groups?.password;",
      "   int col_in_pass = PNG_COL_IN_INTERLACE_PASS(output_x, pass);",
      "lsof: status error on /etc/security/passwd: Permission denied",
      "\t* tree-ssa-strlen.cc (strlen_pass::handle_assign, strlen_pass::before_dom_children)",
      // recall19: a directive's quoted argument that is no password (a path, a reference, a word).
      'password_file "/etc/app/db.pass";',
      'password "${DB_PASSWORD}";',
      'db_password "changeme";',
      '  return "password";',
      "Server=db;User ID=app;Password=;Initial Catalog=x",
      "Server=db;User ID=app;Password=<password>;",
      "new NetworkCredential(user, password)",
      'new NetworkCredential("ci", "$env:CI_PASSWORD")',
      'new DirectoryEntry("LDAP://dc.corp.test", "svc", pw)',
      "The password is stored in the vault",
      "password is sha256-hashed",
      "the password is in secrets.env",
      "password: string",
      "password: str",
      "password=form.password.data",
      "password: z.string().min(8)",
      "password: ${DB_PASS}",
      'password: "********"',
      "password: changeme",
      "password: true",
      "password_hint: birthday",
      "password: process.env.DB_PASSWORD",
      "password = getpass()",
      "password: <your-password>",
      // Member chains of words (a reference), numbers typed in a row, settings named for a password.
      "password: config.db.password",
      "password: Settings.Default.DbPassword",
      "password: form.password12",
      "password: 12345678",
      '"password": 0',
      '"max_password_length": 128000',
      "password_expiry_days: 90",
      // Comparisons and multiple assignments whose right side is no literal password.
      'if password == "" {',
      'if typeof password === "string"',
      "if password == confirm_password {",
      'if password == "********" {',
      'if pass == "passed" {',
      'if args.password == "changeme":',
      'if token_type == "Bearer12345678" {',
      'user, password := os.Getenv("U"), os.Getenv("P")',
      'user, password := "admin", ""',
      'bypass, compass := "Xk7q2Lm9", "Zq8w3Rt5"',
      // Declarations with a string type whose literal is empty, a placeholder or under another name.
      'password: string = ""',
      'api_key: str = "your-api-key"',
      'tokenType: string = "Bearer1234567890"',
      'username: string = "Xk7q2Lm9Zq8w"',
    ],
    authorization_value: [
      "Authorization: Bearer <token>",
      "the Authorization: header must be set",
      "Authorization: AWS4-HMAC-SHA256 Credential=AKID/20150830/us-east-1/iam/aws4_request",
      `"Authorization": "application-default-credentials"`,
      "Authorization: ${AUTH_HEADER}",
    ],
    http_header_secret: [
      `curl -H "Idempotency-Key: ${
        [8, 4, 4, 4, 12].map((n) => rng.str(HEX, n)).join("-")
      }" https://api.test`,
      `curl -H "X-CSRF-Token: ${rng.str(HEX, 32)}" https://app.test/form`,
      'curl -H "apikey: $API_KEY" -H "Accept: application/json" https://api.test',
      'curl -H "X-Api-Key: XXXXXXXXXXXXXXXX" https://api.test',
      `curl -H "X-Request-Id: ${rng.str(HEX, 32)}" https://api.test`,
    ],
    k8s_secret_data: [
      "apiVersion: v1\nkind: ConfigMap\ndata:\n  LOG_LEVEL: debug\n  url: http://api",
      '{"apiVersion": "v1", "data": {"LOG_LEVEL": "debug"}, "kind": "ConfigMap"}',
      '{"apiVersion": "v1", "data": {"password": "${DB_PASSWORD}"}, "kind": "Secret"}',
      '{"items": [{"apiVersion": "v1", "kind": "Secret", "type": "Opaque"}, ' +
      '{"apiVersion": "v1", "data": {"url": "http://api.internal"}, "kind": "ConfigMap"}]}',
      "apiVersion: v1\nkind: Secret\nstringData:\n  password: ${DB_PASSWORD}",
      'apiVersion: v1\nkind: Secret\ndata:\n  password: "<base64-password>"',
    ],
    discord_token: [
      p("MT", rng.str(ALNUM, 24), ".", rng.str(URLSAFE, 6), ".", rng.str(URLSAFE, 38)),
      p("Nz", rng.str(ALNUM, 22), ".", rng.str(URLSAFE, 6), ".", rng.str(URLSAFE, 30)),
      "MTU is 1500 bytes on this link",
    ],
    facebook_app_token: [`${rng.str("123456789", 15)}|${rng.str(HEX, 20)}`, "| 12| 34|"],
    mailchimp_api_key: [`${rng.str(HEX, 32)}-usage`, `id-us1 region`],
    twilio_api_key: [p("S", "K", "0".repeat(32)), p("S", "K", rng.str("0123456789", 32))],
    vercel_token: [p("vc", "p_", rng.str(ALNUM, 10))],
    vault_legacy_token: [
      "VAULT_ADDR=https://vault.internal.test:8200",
      p("vault_token: s.", "x".repeat(24)),
      "VAULT_TOKEN=s.${TOKEN}",
      p("this.s.", "Xq7vB2mKp9LzR4tWn8cYd3Fh"),
      p("s.", "getelementsbytagnamexyzw", " and s.", "getElementsByTagNameXyzW"),
      p("see https://s.", "Xq7vB2mKp9LzR4tWn8cYd3Fh", "/index.html"),
      p("s.", "Xq7vB2mKp9LzR4tWn8cYd3F", " (23) and s.", "Xq7vB2mKp9LzR4tWn8cYd3Fhx"),
    ],
    facebook_access_token: [p("EA", "AG", rng.str(ALNUM, 40))],
    openrouter_api_key: [p("sk-or", "-v1-", "your-key-here"), p("sk-or", "-v1-", "0".repeat(64))],
    firecrawl_api_key: [
      "rfc-" + rng.str(HEX, 32),
      "see RFC-2616 section 14",
      p("f", "c-YOUR_API_KEY"),
    ],
    nuget_api_key: ["boy2" + rng.str(LOWER_NUM, 43), p("o", "y2", "x".repeat(43))],
    cratesio_api_token: [
      "precious" + rng.str(ALNUM, 32),
      "the social" + " media associations of the Italian cio",
    ],
    elevenlabs_api_key: [
      "task_" + rng.str(HEX, 48),
      p("s", "k_", rng.str(HEX, 40)),
    ],
    tailscale_key: [p("tskey", "-auth-XXXXXX-XXXXXXXXXXXXXXXXXXXX"), "tskey-auth-<your-key>"],
    teams_webhook_url: ["https://contoso.webhook.office.com/webhookb2/<url-from-teams>"],
    hubspot_private_app_token: [
      p("pat", "-na1-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"),
      "pat-na1-<token>",
    ],
    django_secret_key: ["the key starts with django-insecure- when generated"],
    clickhouse_api_secret: [p("4b", "1d", rng.str(HEX, 38)), p("sha1:4b", "1d", rng.str(HEX, 36))],
    laravel_app_key: ["APP_KEY=base64:", "data:image/png;base64:iVBORw0KGgo", "APP_KEY=${APP_KEY}"],
    azure_identifiable_key: [
      "some_very_long_identifier_name_for_the_APIMAbcdef",
      "keys carry +ASt, AzFu or JQQJ99 signatures",
      p(rng.str(B64, 33), "AzCa", "Z", rng.str(B64, 5), "="),
    ],
    authorization_scheme: [
      "Authorization: OAuth 2.0 flow is described in RFC 6749 below",
      'headers: {"Authorization": "SSWS ${OKTA_API_TOKEN}"}',
      "Authorization: Api-Key YOUR_API_KEY_HERE",
      `Authorization: Digest username="bob", realm="x", nonce="${rng.str(HEX, 32)}"`,
      "const auth = req.headers.authorization ?? 'none';",
    ],
    session_cookie: [
      "session=requests.Session()",
      "Client(session=session_factory_for_tests_v2)",
      `sessionId=${rng.str(HEX, 8)}-${rng.str(HEX, 4)}-4${rng.str(HEX, 3)}-a${rng.str(HEX, 3)}-${
        rng.str(HEX, 12)
      }`,
      "sid=S-1-5-21-3623811015-3361044348-30300820-1013",
      "Cookie: session=abc123; theme=dark",
    ],
    cli_secret_option: [
      // redact98: pagination tokens, PAM's control word.
      'gcloud identity groups search --page-token="ala9glealanal908"',
      "aws ec2 describe-instances --starting-token eyJOZXh0VG9rZW4iOiBudWxsLCAiYm90b190cnVuY2F0ZV9hbW91bnQiOiAxfQ==",
      "-password sufficient pam_systemd_home.so",
      // redact94: an expect script sending a variable, a command's output or a login name.
      'expect "password:"\nsend "$password\\r"',
      'expect "password:"\nsend "[exec cat ~/.pw]\\r"',
      'expect "login:"\nsend "deploy\\r"',
      "We expect the password to be sent later.",
      "\tthe new --password options.",
      "to --http-password and --proxy-password respectively,",
      "`http -a user:PASSWORD` and",
      "aws ssm put-parameter --name /app/region --value eu-west-1abc --type String",
      "aws secretsmanager create-secret --name db --secret-string file://creds.json",
      "xfreerdp /v:host /u:admin /p:$RDP_PASSWORD",
      "gh auth login --with-token < token.txt",
      "vault login -method=token --token-file ./tok",
      "mytool --password $DB_PASSWORD",
      "openssl pkcs12 -passin env:PASS -in x.p12",
      "openssl rsa -passin file:/run/pw -in k",
      "llm --max-tokens 4096 --temperature 0.2",
      "gcloud secrets versions access latest --secret=my-app-secret",
      "docker build --secret id=npmrc,src=$HOME/.npmrc .",
      "gpg --recv-key 0xABCDEF1234567890",
      "mytool --api-key <YOUR_KEY>",
      "psql --password --host db",
      "curl --key client.key --cert client.crt https://x.test",
      // redact92: prose about a password option, and setting words given to one.
      "the --password option is deprecated",
      "use --password instead of -p",
      "mysql --password followed by the user name",
      "pass --db-password together with --db-user",
      "mysql --password prompt",
      "mytool --password enabled",
      "mytool --password changeme",
      "mytool --password Followed",
      // redact93: PostgreSQL clients' --password is a switch (the word after it is a database),
      // and prose ending on an adverb or going on with words.
      "pg_dump --password dbname",
      "psql -h localhost -U postgres --password mydb",
      "pg_dump -U app --password shopdb -f dump.sql",
      "createdb --password newdb",
      "Pass --password carefully here",
      "set --password inline",
      "you can pass --password twice",
      "  --password secret   Password for auth",
      "mysqladmin -u root --password status",
      "mysqladmin -u root --password shutdown",
      "mysqladmin -u root --password processlist",
      "mysqladmin --password extended-status",
      "mysql -u root --password dbname",
      // redact96: after a line continuation, the next line's option, reference, placeholder or
      // stdin is no value, nor a blank line.
      "mytool --password \\\n  --verbose db",
      "mytool --token \\\n  $API_TOKEN --verbose",
      "mytool --api-key \\\n  <YOUR_KEY>",
      "mytool --password \\\n\nnext",
      // redact97: an option joined by `=` that names no credential, a reference.
      `tool --cache-key=${rng.str(HEX, 40)}`,
      "tool --token=$API_TOKEN --verbose",
      "    command: redis-server --requirepass ${REDIS_PASSWORD}",
      "redis-server --requirepass --port 6380",
      // redact97: after `--password=\` and a line break, an option or a placeholder.
      "mysql --password=\\\n  --host=db mydb",
      "some-tool --api-token=\\\n  <YOUR_TOKEN>",
    ],
    cli_config_secret: [
      "git config --global user.email me@x.test",
      "npm config set registry https://registry.npmjs.org/",
      "aws configure set region us-east-1",
      "gh secret set API_TOKEN < token.txt",
      // redact97: Atlas CLI's public key and other settings, a reference.
      "atlas config set public_api_key abcdwxyz",
      "atlas config set output json",
      "atlas config set private_api_key $ATLAS_PRIVATE_KEY",
    ],
    secret_pair: [
      // review47: pg_hba.conf's METHOD list.
      '# METHOD can be "trust", "reject", "md5", "password", "scram-sha-256",',
      't("auth.password", "Enter your password")',
      'os.getenv("API_KEY", "dev-api-key-123")',
      'headers["Authorization"] = f"Bearer {token}"',
      'field("password", "string")',
      '["OAuth2ClientCredentials", "OAuth2UserTokenExchange"]',
    ],
    nvidia_api_key: [p("nv", "api-", "x".repeat(64)), "nvapi-<your-key>"],
    fireworks_api_key: ["fw_update_manager_service_ok", p("fw", "_", "abcdefghijklmnopqrstuvwx")],
    voyage_api_key: ["pa-southeast-region-replica-for-the-database-tier"],
    segment_public_api_token: [p("sg", "p_", "x".repeat(64)), "sgp_<token>"],
    asana_pat: [
      "due 2/12/2024 at 1/2 past",
      `1/${"1".repeat(12)}/${"2".repeat(12)}:not-a-hex-secret`,
    ],
    intercom_access_token: ["dG9rOj<token>", p("dG9", "rOj", "x".repeat(10))],
    neon_api_key: ["napi_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "napi_register_module_v1"],
    render_api_key: ["brnd_" + rng.str(ALNUM, 32), "rnd_<your-key>"],
    circleci_token: [p("CCI", "PAT_", "x".repeat(22), "_", "0".repeat(40)), "CCIPAT_..."],
    pinecone_api_key: ["pcsk_...", p("pc", "sk_", "xxxxxx_", "x".repeat(60))],
    bitbucket_app_password: ["ATBB" + "x".repeat(32), "the ATBB prefix marks app passwords"],
    cloudflare_api_token: [p("cf", "ut_", "x".repeat(40)), "cfut_<token>"],
    posthog_personal_api_key: [
      p("ph", "c_", rng.str(ALNUM, 43)),
      "phx_...",
      p("ph", "x_", rng.str(URLSAFE, 30)),
    ],
    contentful_token: ["CFPAT-<your token>", p("CF", "PAT-", "x".repeat(43))],
    firebase_fcm_server_key: [
      "AAAA1234567:APA91b...",
      "server key starts with AAAA and holds :APA91b",
    ],
    tencent_secret_id: ["AKIDxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "set AKID as the id"],
    dropbox_access_token: [
      "see https://sl.example.test/page",
      p("s", "l.", "x".repeat(150)),
      `const el = this.sl.${rng.str(ALNUM, 20)}`,
    ],
    onfido_api_token: [
      "see https://api_live.example.test/docs",
      p("api", "_live.", "x".repeat(11), ".", "x".repeat(32)),
      "onfido.api_live.sandbox_mode.enabled",
    ],
    azure_data_factory_shir_key: [
      "mail sir@example.com or amir@example.org",
      p("I", "R@", "x".repeat(36), "@adf@we@", "A".repeat(43), "="),
      "IR@<runtime-id>@<factory>@<region>@<key>",
    ],
    rootly_api_key: [
      p("root", "ly_", "0".repeat(64)),
      "rootly_api_key",
      p("root", "ly_", rng.str(HEX, 40)),
    ],
    // redact96: a reference, a placeholder or a signed-out session; kaggle.json's placeholder
    // and another file's key; Copilot's token without its signature.
    onepassword_cli_session: [
      'export OP_SESSION_my="$(op signin --raw)"',
      "export OP_SESSION_my=<session-token>",
      'unset OP_SESSION_my; echo "OP_SESSION_my=${OP_SESSION_my:-signed out}"',
      `OP_SESSION_my=${"x".repeat(43)}`,
    ],
    kaggle_api_key: [
      '{"username":"jdoe","key":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}',
      '{"username":"jdoe","key":"00000000000000000000000000000000"}',
      '{"username":"jdoe","key":"ssh-ed25519"}',
      `{"username":"jdoe","key":"${rng.str(HEX, 40)}"}`,
    ],
    linear_webhook_secret: [`lin_wh_${"x".repeat(40)}`, "LINEAR_WEBHOOK_SECRET=lin_wh_..."],
    jetbrains_permanent_token: [
      "perm:<user>.<token name>.<secret>",
      `perm:YWRtaW4=.Q0ktdG9rZW4=.${"x".repeat(30)}`,
      "chmod perm:rw file",
    ],
    github_copilot_token: [
      `tid=${rng.str(HEX, 32)};exp=1737000000;sku=copilot_for_individual;st=dotcom`,
      "tid=<tracking id>;exp=<unix time>;...:<hmac>",
    ],
    // redact97: placeholders, a documentation example's test value, a git hooks folder and
    // other URLs' hooks paths, references given to the login commands.
    openai_ephemeral_key: [
      '{"value": "ek_test_not_a_real_client_secret"}',
      `ek_${"0".repeat(32)}`,
      `week_${rng.str(HEX, 32)}`,
      "the ek_ prefix marks an ephemeral key",
    ],
    mongodb_atlas_service_account_secret: [
      `mdb_sa_sk_${"x".repeat(40)}`,
      "placeholder: l10n.t('mdb_sa_sk_...')",
      `mdb_sa_id_${rng.str(HEX, 24)}`,
    ],
    mattermost_webhook_url: [
      "cat .git/hooks/pre-commit",
      "https://github.com/acme/api/settings/hooks/412345678",
      "https://docs.acme.test/hooks/abcdefghijklmnopqrstuvwxyz",
      `https://chat.acme.test/hooks/${"0".repeat(26)}`,
    ],
    unleash_api_token: [
      "*:*.unleash-insecure-api-token",
      "default:development.unleash-insecure-frontend-api-token",
      `export default.${rng.str(HEX, 40)}`,
      `sha:production.${"0".repeat(56)}`,
      // An image tagged with its environment and git commit (a CI scheme), attack100.
      `docker pull ghcr.io/acme/api:production.${rng.str(HEX, 40)}`,
      `image: registry.example.com/web:staging.${rng.str(HEX, 40)}`,
    ],
    ably_api_key: [
      "const ably = new Ably.Realtime({ key: process.env.ABLY_API_KEY });",
      "new Ably.Rest({ key: 'appId.keyId:keySecret' })",
      `new Ably.Realtime({ authUrl: '/auth', clientId: '${rng.str(HEX, 12)}' })`,
    ],
    cli_login_token: [
      "snyk auth $SNYK_TOKEN",
      "snyk auth --help",
      "b2 authorize-account $B2_APPLICATION_KEY_ID $B2_APPLICATION_KEY",
      "codecov -t ${{ secrets.CODECOV_TOKEN }} -f coverage.xml",
    ],
    // recall22: placeholders, documentation examples and the prefixes in code and prose.
    xata_api_key: [
      'INSTRUMENTS = ["EUR_USD", "XAU_USD"]',
      "XATA_API_KEY=xau_" + "*".repeat(33),
      "XATA_API_KEY=xau_...",
      p("xa", "u_", "x".repeat(33)),
      p("xa", "u_", rng.str("abcdefghijklmnopqrstuvwxyz", 33)),
      "TABLE=public.xau_intraday_research_cache_5m",
    ],
    zuplo_api_key: [
      "zpka_<random>_<checksum>",
      p("zpk", "a_", "x".repeat(32), "_", "x".repeat(8)),
      p("zpk", "a_", rng.str(LOWER_NUM, 32)),
    ],
    lichess_token: [
      "LICHESS_TOKEN=lip_xxxxxxxxxxxxxxxxxxxx",
      "LICHESS_TOKEN=lip_...",
      p("c", "lip_", rng.str(ALNUM, 20)),
      p("portfo", "lio_", rng.str(ALNUM, 32)),
      p("li", "p_", rng.str("abcdefghijklmnopqrstuvwxyz", 20)),
      "torch.nn.utils.clip_grad_norm_(agent.parameters(), 0.5)",
    ],
    mailersend_api_token: [
      "package tech.mlsn.temandonor.fragment.account;",
      p("ml", "sn.", "0".repeat(64)),
      p("ml", "sn.", rng.str(HEX, 40)),
      "MAILERSEND_API_KEY=mlsn.your_api_token_here",
    ],
    modal_token: [
      "the files are shipped as-is to the bucket",
      p("h", "as-", rng.str(ALNUM, 22)),
      p("bre", "ak-", rng.str(ALNUM, 22)),
      // review42: a class name in camel case after the prefix.
      p('<button class="', "ak-", 'ButtonPrimaryLargeIcon">'),
      p("const c = ", "as-", "deploymentPipelineRun1;"),
      p("a", "s-", "abcdefghijklmnopqrstuv"),
      "MODAL_TOKEN_SECRET=as-xxxxxxxxxxxxxxxxxxxxxx",
      'class="as-ContainerWrapperBoxLeft"',
    ],
    polar_access_token: [
      p("pol", "ar_ci_", rng.str(ALNUM, 43)),
      "POLAR_ACCESS_TOKEN=polar_oat_...",
      p("pol", "ar_oat_", "x".repeat(43)),
      "polar_access_token_id = 42",
      p("POL", "AR_OAT_", rng.str(ALNUM, 43)),
    ],
    unkey_root_key: [
      "unkey_root_key",
      p("un", "key_", "x".repeat(24)),
      p("un", "key_3Z", "0".repeat(22)),
      "UNKEY_ROOT_KEY=${UNKEY_ROOT_KEY}",
    ],
    volcengine_access_key_id: [
      "Plug 'aklt/plantuml-syntax'",
      "the credential AKLTabc123def456%2F20260827%2Fcn-north-1 in the signed URL",
      p("AK", "LT", rng.str(B64, 43)),
    ],
    authress_access_key: [
      "sc_xxx.xxxx.acc_xxxxxxxxxx.PRIVATE_KEY_GOES_HERE",
      `const total = this.acc_${rng.str(LOWER_NUM, 12)};`,
    ],
    telnyx_api_key: [
      p("KEY", "01", rng.str("0123456789ABCDEF", 30)),
      p("MON", "KEY01", rng.str("0123456789ABCDEF", 30), "_", rng.str(ALNUM, 22)),
      "TELNYX_API_KEY=KEY01...",
    ],
    axiom_token: [
      "AXIOM_TOKEN=xaat-your-api-token",
      p("xa", "at-", "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"),
      uuid(rng),
    ],
    onesignal_api_key: [
      'placeholder="os_v2_app_..."',
      p("os_", "v2_app_", "x".repeat(103)),
      "ONESIGNAL_REST_API_KEY=os_v2_app_***MASKED***",
    ],
    wandb_api_key: [
      "| `WANDB_API_KEY` | Shell or GCP | `wandb_v1_xxxxx` |",
      p("wan", "db_v1_", "x".repeat(27), "_", "x".repeat(49)),
      "wandb_v1_run_name_for_the_baseline_experiment",
    ],
    amp_api_key: [
      'AMP_API_KEY: "sgamp_user_test"',
      '"apiKey@https://ampcode.com/": "sgamp_user_..."',
      "Key format: `sgamp_user_{ULID}_{64hex}`.",
      p("sga", "mp_user_", "x".repeat(26), "_", "0".repeat(64)),
    ],
    pyx_token: [
      'UV_INDEX_PYX_PASSWORD="sk-pyx-..."',
      "the python-pyx-tools package, numpy-pyx-bindings",
      p("sk", "-pyx-", "x".repeat(64)),
      p("tp", "-pyx-", rng.str(ALNUM, 40)),
    ],
    dependency_track_api_key: [
      "DT_API_KEY=odt_***",
      "const method_odt_ExportDocumentFormatConverterPlugin = 1;",
      p("od", "t_", "0".repeat(32)),
      p("od", "t_", rng.str(ALNUM, 20)),
      "save as report.odt_backup_2024_final_version_copy.zip",
    ],
    daytona_api_key: [
      "set dtn_your-daytona-key in the env",
      "DAYTONA_API_KEY=dtn_***",
      p("dt", "n_", "0".repeat(64)),
      p("dt", "n_", rng.str(HEX, 40)),
    ],
    cartesia_api_key: [
      'placeholder: "sk_car_..."',
      "private static final String ASK_CAR_NAMES = 1;",
      p("sk", "_car_", "abcdefghijklmnopqrstuv"),
    ],
    context7_api_key: [
      '"CONTEXT7_API_KEY": "ctx7sk-..."',
      "export CONTEXT7_API_KEY=ctx7sk-your-key-here",
      p("ctx", "7sk_", uuid(rng)),
    ],
    helicone_api_key: [
      "HELICONE_API_KEY=sk-helicone-...",
      "Helicone API Key (sk-helicone-... for write, pk-helicone-... for read)",
      p("sk-", "helicone-", "xxxxxxx-xxxxxxx-xxxxxxx-xxxxxxx"),
    ],
    logfire_token: [
      'export LOGFIRE_TOKEN="pylf_v1_us_..."',
      "LOG_FIRE_TOKEN=pylf_v1_your_logfire_token_here",
      "a token such as pylf_v1_eu_secret names its region",
      p("py", "lf_v1_us_", "your_logfire_write_token_goes_here_x"),
    ],
    upstash_qstash_token: [
      // The local development server's published credentials.
      btoa('{"UserID":"defaultUser","Password":"defaultPassword"}'),
      'QSTASH_TOKEN="eyJVc2VySUQiOi..."',
    ],
    inngest_signing_key: [
      'INNGEST_SIGNING_KEY="signkey-prod-..."',
      "INNGEST_SIGNING_KEY=signkey-prod-<your-signing-key>",
      "serve(app, client, [fn]) with signkey-prod-0486c9 from the fixture",
      p("sign", "key-prod-", "x".repeat(64)),
    ],
    trigger_dev_secret_key: [
      // review42: an identifier in camel case after the prefix.
      p("const ", "tr_prod_", "DeploymentPipelineRunner = 1;"),
      "TRIGGER_SECRET_KEY=tr_dev_...",
      'secretKey: "tr_dev_test_secret_should_never_leak"',
      "the docs show tr_dev_1234567890 as the key",
      "TRIGGER_SECRET_KEY=tr_dev_YOUR_SECRET_KEY_HERE",
      p("tr", "_dev_", "abcdefghijklmnopqrstuvwx"),
    ],
    uploadthing_token: [
      "UPLOADTHING_TOKEN='eyJhcGlLZXkiOiJza19...'",
      btoa(
        JSON.stringify({ apiKey: "sk_live_your_api_key_here", appId: "app", regions: ["sea1"] }),
      ),
      btoa(JSON.stringify({ apiKey: "some-public-key", region: "us-east-1-and-more-text-here" })),
    ],
    buildkite_token: [
      "bkjat_encoded-token",
      "BUILDKITE_AGENT_TOKEN=${BUILDKITE_AGENT_TOKEN}",
      "bkct_cluster_name_for_builds_in_production_region",
      // review42: files named with a prefix of the family, words, dates and versions.
      "ls backups/bkps_db_2024-06-01_full_database_dump.sql.gz",
      "see bkpt_build_2024-06-01_results.v3_linux-x86_64.tar.gz",
      "cp bkat_export_20240601T120000Z_full.backup.json .",
      p("bk", "ua_", "*".repeat(53)),
      p("xbk", "ct_", rng.str(LOWER_NUM, 6), ".", rng.str(ALNUM, 57)),
    ],
    ory_token: [
      "Set-Cookie: ory_kratos_session=; Path=/",
      "ORY_SESSION_TOKEN=${ORY_SESSION_TOKEN}",
      p("or", "y_st_", "x".repeat(32)),
      p("or", "y_at_", rng.str(URLSAFE, 43), ".", rng.str(URLSAFE, 43), ".", rng.str(URLSAFE, 20)),
    ],
    kaggle_api_token: [
      "cd modelzoo/built-in/ACL_TensorFlow/Official/recommendation/KGAT_for_ACL",
      "#define CPC_Cx_STAT_CONF_CLKGAT_IMPL BIT(17)",
      "export KAGGLE_API_TOKEN=KGAT_...",
      p("KG", "AT_", "0".repeat(32)),
    ],
    cloudflare_api_key: [
      // recall19: the vendor's name over a value of another length or shape.
      'cloudflare: "3.8.1"',
      `cloudflare_zone_id: ${rng.str(HEX, 32)}`,
      `cloudflare_tunnel: ${p("Q7z", rng.str(URLSAFE, 37))}`,
      `cloudflare: ${"0".repeat(37)}`,
      `cloudflare: ${rng.str("abcdefghijklmnopqrstuvwxyz", 40)}`,
    ],
    xml_token: [
      "<key>CFBundleIdentifier</key>",
      `<token>${"x".repeat(24)}</token>`,
      '<add key="ApiKeyHeader" value="X-Api-Key" />',
      "<apiKey>${API_KEY}</apiKey>",
      `<sortKey>${rng.str(ALNUM, 20)}</sortKey>`,
      // recall19: a credential word before words about the credential.
      "<tokenEndpoint>https://login.example.com/oauth2/v2.0/token</tokenEndpoint>",
      "<tokenType>Bearer</tokenType>",
      "<tokenLifetimeSeconds>3600</tokenLifetimeSeconds>",
      `<tokenizerModel>${rng.str(ALNUM, 20)}</tokenizerModel>`,
      "<apiKeyHeader>X-Api-Key</apiKeyHeader>",
      `<token_value_id>${rng.str(HEX, 16)}</token_value_id>`,
      `<accessKeyId value="${rng.str(ALNUM, 20)}"/>`,
      // left40: look-alikes of the single-quoted, spaced, next-line and tab shapes.
      "<apiKey value='${API_KEY}'/>",
      '<apiKeyHeader\n  value = "X-Api-Key"/>',
      `<add\tkey="CacheKey"\n  value="${rng.str(ALNUM, 20)}"/>`,
      `<address\tline="${rng.str(ALNUM, 20)}"/>`,
    ],
    name_value_secret: [
      '{"name": "DB_PASSWORD", "value": "${DB_PASSWORD}"}',
      '{"name": "LOG_LEVEL", "value": "debug1234567890"}',
      '{"name": "password", "type": "string", "value": "Password"}',
      '{"Name": "/prod/db/password", "Type": "SecureString", "Value": "true"}',
      '{"key": "cache_key", "value": "Q7hfk29LmVb7Nc1qR4tZ"}',
      '{"key": "api_key", "value": "{{api_key}}"}',
      '[{"ParameterKey": "InstanceType", "ParameterValue": "t3.micro"}]',
    ],
    sql_password: [
      "Use ALTER USER ... WITH PASSWORD to rotate it.",
      "ALTER USER app WITH PASSWORD '<password>';",
      "CREATE USER 'app'@'%' IDENTIFIED BY ?;",
      // review47: a plugin with no password, and a stored hash (AS), not a password.
      "CREATE USER 'ops'@'localhost' IDENTIFIED WITH auth_socket;",
      "ALTER USER 'root'@'localhost' IDENTIFIED WITH mysql_native_password AS '*6BB4837EB74329105EE4568DDA7DC67ED2CA2AD9';",
      "the user is identified by name",
    ],
    twitter_bearer_token: [
      // Zero bytes in base64, alone and inside a longer blob.
      "A".repeat(120),
      `${rng.str(B64, 40)}${"A".repeat(30)}${rng.str(ALNUM, 90)}`,
      `${"A".repeat(22)}${rng.str(ALNUM, 70)}+${rng.str(ALNUM, 20)}==`,
      "bearer tokens start with AAAAAAAAAAAAAAAAAAAAA and hold %2B",
    ],
    presigned_url_signature: [
      "the X-Amz-Signature= parameter holds 64 hex",
      `X-Amz-Signature=${"0".repeat(64)}`,
      `?X-Goog-Signature=${rng.str(HEX, 40)}`,
    ],
    jina_api_key: [
      "const jina_embeddings_configuration_for_the_long_context_models = 1;",
      p("ji", "na_", "x".repeat(60)),
    ],
    e2b_api_key: ["e2b_sandbox_template", p("e2", "b_", "0".repeat(40))],
    cerebras_api_key: ["csk-generation-pipeline-for-the-documentation-site-v2"],
    runpod_api_key: ["rpa_" + "X".repeat(40), "see rpa_ keys in the console"],
    browserbase_api_key: ["bb_live_<your-key>", "bb_live_xxxxxxxxxxxxxxxxxxxxxxxx"],
    netlify_access_token: ["nfp_" + "x".repeat(40), "nfp_<token>"],
    resend_api_key: [
      "x = re_abcdefgh_ijklmnopqrstuvwxyz1234",
      "store_values_12345678_abcdefghijklmnopqrstuvwxyz",
      "re_123456789",
    ],
    adafruit_io_key: [
      "from aio_pika import connect_robust_connection_pool_for_rabbitmq_v2",
      "aio_" + "x".repeat(28),
    ],
    jfrog_api_key: ["AKCp8...", "AKCp" + "x".repeat(70)],
    grafana_api_key: ["eyJrIjoi...", "eyJrIjoi" + "A".repeat(60)],
    table_secret: [
      "| password | string | The password used to log in |",
      "| API_TOKEN | ${{ secrets.API_TOKEN }} | set in CI |",
      "| GITHUB_TOKEN | `$GITHUB_TOKEN` | required |",
      "| max_tokens | 4096 | the limit |",
      `| token | ${"x".repeat(20)} |`,
      "| secret_name | prod-database-creds2 |",
      `| commit | ${rng.str(HEX, 40)} |`,
    ],
    pgpass_password: [
      "12:30:45:123:456",
      "arn:aws:sqs:*:*:queue-name",
      "localhost:5432:*:postgres:postgres",
      "db:5432:shop:app:*",
      "host:5432:db:user:$PGPASSWORD",
      "the line is host:port:database:user:password in ~/.pgpass",
    ],
    vault_kv_data: [
      "====== Data ======\nKey         Value\n---         -----\n",
      "the ====== Data ====== section lists every key",
      "Key                Value\n---                -----\nSeal Type          shamir\nSealed             false",
    ],
    vault_approle_secret_id: [
      `secret_id_accessor: ${rng.str(HEX, 8)}-${rng.str(HEX, 4)}-4${rng.str(HEX, 3)}-a${
        rng.str(HEX, 3)
      }-${rng.str(HEX, 12)}`,
      "vault write auth/approle/login role_id=$ROLE_ID secret_id=$SECRET_ID",
      "aws secretsmanager get-secret-value --secret-id prod/db/password",
    ],
    vault_unseal_key: [
      "vault operator unseal",
      "Unseal Key (will be hidden):",
      "Unseal Progress    1/3",
      "Unseal Key 1: <unseal-key-1>",
    ],
    bitwarden_session_key: [
      "export BW_SESSION=$(bw unlock --raw)",
      'BW_SESSION="$BW_SESSION"',
      "aws sts assume-role --role-session-name ci-deploy-session-2024",
    ],
    bitwarden_access_token: [
      "bws --version 0.5.0",
      `bws secret get ${rng.str(HEX, 8)}-${rng.str(HEX, 4)}-4${rng.str(HEX, 3)}-a${
        rng.str(HEX, 3)
      }-${rng.str(HEX, 12)}`,
      "bws run -t $BWS_ACCESS_TOKEN -- npm start",
    ],
    openai_compatible_api_key: [
      "the task-" + rng.str(ALNUM, 40),
      p(SK, "-", "x".repeat(40)),
      p(SK, "-", "abcdefghijklmnopqrstuvwxyzabcdefgh"),
    ],
    yandex_api_key: ["AQVN...", p("AQ", "VN", "x".repeat(36))],
    yandex_iam_token: ["t1.micro instances", "part1.section2.html", "t1.<token>"],
    clickup_api_token: ["pk_live_" + rng.str(ALNUM, 24), p("p", "k_12345678_", "X".repeat(32))],
    honeycomb_api_key: ["hcaik_...", p("hca", "ik_", "x".repeat(50))],
    launchdarkly_key: [
      "aws-sdk-go-v2",
      `api-gateway-${rng.str(HEX, 8)}`,
      p("sd", "k-", "00000000-0000-0000-0000-000000000000"),
    ],
    octopus_deploy_api_key: ["API-GATEWAY-ENDPOINT", p("AP", "I-", "X".repeat(26))],
    together_api_key: ["tgp_v1_<your-key>", p("tgp", "_v1_", "x".repeat(40))],
    salesforce_access_token: [`00D${rng.str(HEX, 40)}`, "00Dxx0000001gEREAY!<token>"],
    bundler_credentials: [
      "BUNDLE_PATH=vendor/bundle",
      "BUNDLE_BUILD__NOKOGIRI=--use-system-libraries",
      "BUNDLE_GEMS__CONTRIBSYS__COM=${SIDEKIQ_CREDS}",
      "bundle config set --local path vendor/bundle",
    ],
    webhook_url_secret: [
      "see https://hooks.zapier.com/hooks/catch/<id>/<key>/",
      "https://prod-27.westus.logic.azure.com/workflows/x/triggers/manual?sig=<signature>",
      "the logic.azure.com trigger URL holds a sig= parameter",
      // review66: the other webhook hosts' documentation forms.
      "https://hook.eu1.make.com/",
      "https://maker.ifttt.com/use/YOUR_KEY",
      "https://open.feishu.cn/open-apis/bot/v2/hook/xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx",
    ],
    registry_auth: [
      "  auth: 'aXNhYWNzOm5vdCBteSByZWFsIHBhc3N3b3Jk',",
      "auth: true",
      "auth: jwt-bearer-token-validation",
      "auth: ${REGISTRY_AUTH}",
      `auth: ${btoa("usernameonly")}`,
      `oauth: ${btoa("a:b")}`,
      'npmAuthIdent: "${NPM_AUTH_IDENT}"',
    ],
    bip32_private_key: [
      p(
        "xp",
        "ub",
        "661MyMwAqRbcF",
        rng.str("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz", 98),
      ),
      "derive the xprv from the seed, then share only the xpub",
    ],
    nostr_private_key: [
      bech32(p("np", "ub"), Array.from({ length: 52 }, () => rng.int(32))),
      // A checksum that does not hold.
      p("ns", "ec1", rng.str(BECH32.toLowerCase(), 58)),
    ],
    pubnub_secret_key: [
      p("pub", "-c-", uuid(rng)),
      p("sub", "-c-", uuid(rng)),
    ],
    trello_token: [
      "ATTACHMENT_MAX_SIZE_BYTES=10485760",
      p("ATTA", "CHMENT_", rng.str(HEX, 64)),
    ],
    aiven_service_password: [
      "AVNS_DEFAULT_PASSWORD_LENGTH_IN_CHARACTERS",
      p("AV", "NS_", rng.str(UPPER_NUM, 24)),
    ],
    infisical_service_token: [
      'st.session_state["counter"] = 1; st.markdown("done")',
      p("st", ".", rng.str(HEX, 24), ".", "x".repeat(32), ".", "y".repeat(32)),
    ],
    mandrill_api_key: [
      '<md-progress-circular md-mode="indeterminate"></md-progress-circular>',
      "md-autocomplete-suggestions md-input-container",
      p("md", "-", "x".repeat(22)),
    ],
    databricks_oauth_secret: [
      "The dose was halved; doses were dosed daily",
      p("do", "se", "0".repeat(32)),
    ],
    checkout_secret_key: [
      // The public keys of the same account, and identifiers.
      p("pk", "_sbox_", rng.str(BASE32.toLowerCase(), 26), "="),
      p("pk", "_test_", uuid(rng)),
      "sk_buff_head sk_sbox_placeholder",
      p("sk", "_sbox_", "x".repeat(27)),
      p("sk", "_test_", "00000000-0000-0000-0000-000000000000"),
    ],
    wallet_private_key: [
      // A hash, a storage slot and an address of the same family are public.
      `const blockHash = "0x${rng.str(HEX, 64)}";`,
      `PK=0x${rng.str(HEX, 40)}`,
      `new Wallet(provider) at slot 0x${rng.str(HEX, 64)}`,
      "user_pk = 42",
    ],
    newrelic_license_key: [
      // Typos of "general", a short or upper-case run before NRAL, a name.
      "the genral settings and the intenral queue",
      p(rng.str(HEX, 20), "NRAL"),
      p(rng.str(HEX, 36).toUpperCase(), "NRAL"),
      "NEW_RELIC_LICENSE_KEY_NRAL_SUFFIX",
    ],
    convex_deploy_key: [
      // A deployment name alone, a pipe into a JWT in a shell line, a reference.
      "CONVEX_DEPLOYMENT=prod:happy-otter-123",
      p("echo dev:", "x |eyJ", rng.str(ALNUM, 30)),
      "CONVEX_DEPLOY_KEY=prod:happy-otter-123|${CONVEX_TOKEN}",
      // redact97: a team's and a project's names with a placeholder.
      "CONVEX_DEPLOY_KEY='preview:acme-team:shop-app|<your deploy key>'",
    ],
    cloudflare_tunnel_token: [
      // Base64 JSON that opens with "a" but is no tunnel token, and a short one.
      btoa(JSON.stringify({ a: rng.str(HEX, 32), b: rng.str(ALNUM, 60), c: rng.str(ALNUM, 30) })),
      btoa(JSON.stringify({ a: "1" })),
    ],
    jwk_private_key: [
      // A public key, a "d" outside a JWK, a reference in a JWK's private member.
      `{"kty":"EC","crv":"P-256","x":"${rng.str(URLSAFE, 43)}","y":"${rng.str(URLSAFE, 43)}"}`,
      `{"kty":"RSA","e":"AQAB","n":"${rng.str(URLSAFE, 120)}","kid":"${rng.str(URLSAFE, 43)}"}`,
      `{"d": "${rng.str(URLSAFE, 43)}", "kind": "payload"}`,
      '{"kty": "oct", "k": "${{ secrets.SIGNING_KEY }}"}',
    ],
    adyen_api_key: ["AQEAAQAB is the RSA exponent", p("AQ", "EBBQADggEPADCCAQoCggEBAL")],
    jwt_base64: [
      btoa(jwtWith('{"typ":"JWT","kid":"k1"}', rng)),
      btoa(p("eyJ", rng.str(ALNUM, 60))),
    ],
    told_token: [
      "the secret is k8sSecretNameForProd01",
      "the token is expired, sign in again",
      "your API key is: /etc/keys/api.key",
      "the key is getApiKeyFromVault2024",
      // Code's other assignment operators and a CSV header.
      "token += ch;",
      "$html .= $token;",
      "api_key,description,required",
    ],
    deno_deploy_token: ["ddp_token_name_for_the_deploy_job", p("dd", "p_", "x".repeat(36))],
    stytch_secret: ["secret-test-environment-configuration-value", "STYTCH_SECRET=secret-test-..."],
    // review66: each new format's look-alikes (a word run of the prefix, a short or one-case
    // body, a repeated character, the documented placeholder).
    castai_api_key: [
      p("cast", "ai_v1_", "x".repeat(64), "_", "x".repeat(8)),
      "castai_v1_token_format",
    ],
    chieftools_token: [
      "ctr_mode_encryption_counter_block_value_abc",
      p("ct", "p_", rng.str(LOWER_NUM.slice(0, 26), 36)),
      "cto_officer_name_and_title_of_the_company_here",
    ],
    apify_api_token: [
      "APIFY_TOKEN=apify_api_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
      "apify_api_token",
    ],
    portainer_access_token: ["ptr_to_member_function_pointer_declaration_here=", "ptr_size"],
    appwrite_api_key: ["standard_deviation_of_the_samples", p("stand", "ard_", "0".repeat(256))],
    woocommerce_api_key: [
      p("c", "k_", "0".repeat(40)),
      "check_" + rng.str(HEX, 40),
      p("c", "s_", rng.str(HEX, 20)),
      "ck_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    ],
    statsig_server_secret: [
      "secret-manager-configuration-for-production-cluster",
      p("sec", "ret-", rng.str(LOWER_NUM.slice(0, 26), 40)),
      "kubectl get secret-" + rng.str(LOWER_NUM.slice(0, 26), 36),
    ],
    arcgis_api_key: [p("AA", "PK", "x".repeat(100)), "AAPK_YOUR_API_KEY_HERE"],
    instagram_access_token: [p("IG", "QV", "x".repeat(150)), "IGQVJ..."],
    openai_session_key: ["sess-" + rng.str(LOWER_NUM.slice(0, 26), 40), "sess-cookie-name"],
    twitch_oauth_token: [
      "oauth:" + "a".repeat(30),
      "oauth:\n  client_id: abc",
      "oauth:your_oauth_token_goes_here_please",
    ],
    clearbit_api_key: [
      p("s", "k_", "0".repeat(32)),
      "task_" + rng.str(HEX, 32),
      p("s", "k_", rng.str(HEX, 31)),
    ],
    neptune_api_token: [btoa('{"api_address":"https://app.neptune.ai","other":"x"}')],
    teamcity_access_token: [p(b64url('{"typ": "TCV2"}'), ".", "x")],
    softlayer_api_key: [
      "https://api.softlayer.com/soap/v3/SoftLayer_Account",
      "https://api.softlayer.com/rest/v3.1/",
    ],
    llamacloud_api_key: ["llx-" + "x".repeat(48), "llx-your-api-key-goes-here"],
    infura_api_key: [
      "https://mainnet.infura.io/v3/YOUR_PROJECT_ID",
      "https://mainnet.infura.io/v3/" + "0".repeat(32),
    ],
    alchemy_api_key: [
      "https://eth-mainnet.g.alchemy.com/v2/demo",
      "https://eth-mainnet.g.alchemy.com/v2/your-api-key",
      "https://eth-mainnet.g.alchemy.com/v2/YOUR_ALCHEMY_API_KEY_HERE_XXXXXX",
    ],
    quicknode_endpoint_token: [
      "https://docs.quiknode.pro/docs/",
      "https://example.quiknode.pro/YOUR_TOKEN/",
    ],
    openweather_api_key: [
      "appid=YOUR_API_KEY",
      "wx_appid=" + rng.str(HEX, 32),
      "appid=" + "0".repeat(32),
    ],
    k3s_join_token: [`K10${rng.str(HEX, 20)}::server:`, "K3S_TOKEN=${K3S_TOKEN}"],
    seed_phrase: [
      "Never share your seed phrase with anyone because scammers will steal your funds",
      "mnemonic: the instruction name used by the assembler for this opcode",
      "MNEMONIC=${WALLET_MNEMONIC}",
      "seed phrase: word word word word word word word word word word word word",
      'mnemonic = "abc abc abc abc abc abc abc abc abc abc abc abc"',
      "recovery phrase: twelve words written down on paper kept somewhere safe offline",
    ],
    // survey7 (last: their random draws leave the earlier kinds' look-alikes as they were).
    mailgun_private_key: [
      // survey7: the shape far from the word Mailgun, a placeholder, a UUID near it.
      `build ${rng.str(HEX, 32)}-${rng.str(HEX, 8)}-${rng.str(HEX, 8)} done`,
      "MAILGUN_API_KEY=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx-xxxxxxxx-xxxxxxxx",
      `mailgun message id ${rng.str(HEX, 8)}-${rng.str(HEX, 4)}-4${rng.str(HEX, 3)}-a${
        rng.str(HEX, 3)
      }-${rng.str(HEX, 12)}`,
    ],
    mailgun_api_key: [
      // survey7: base-36 look-alikes of the legacy key: words, a repeat, too short.
      "key-value-store-for-session-cache-entries",
      `key-${"ab12".repeat(8)}`,
      `key-${rng.str(LOWER_NUM, 24)}`,
      `key-${"abcdefghijklmnopqrstuvwxyzabcdef"}`,
    ],
    shopify_token: [
      "shpat_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
      `shpss_${rng.str(ALNUM, 24)}`,
    ],
    // survey10: identifiers after hf_ of one case only (gitleaks' C look-alike, lower, upper);
    // last, so the samples the labelled tests draw beside the look-alikes before stay the same.
    huggingface_token: [
      p("&h", "f_servingcellpriorityparametersdescription_h_prio),"),
      // Fixed, not drawn: a draw here would shift every later draw of this shared stream.
      p("h", "f_", "qwhvzkpmtxjrlbndgcyfsawueoiqzxmvrk"),
      p("h", "f_", "Y3EGEVYU0L8D8HNRPTKYAQ2MQN9CDGE514"),
    ],
    // survey11, fixed (no draw, so the shared stream before them stays): the signature's
    // letters in words, a run of one letter, the signature at another offset.
    azure_function_key: [
      "ms.reviewer: azfuncdf",
      "Start-PodeAzFuncServer -Data $Request",
      p("a".repeat(44), "Az", "Fu", "aaaaaQ=="),
      p("Q7a", "x9Lm".repeat(10), "Az", "Fu", "nQTFHw=="),
    ],
    // survey11: an account key's shape under a public key's name, a run of one letter, a reference.
    azure_storage_account_key: [
      `PublicKey: ${btoa("survey11 look-alike: a public key's base64, not an account key!!")}`,
      `SshPublicKeys:\n  - ${
        btoa("survey11 look-alike: a public key's base64, not an account key!!")
      }`,
      `account_key = "${"A".repeat(86)}=="`,
      'account_key = "${AZURE_STORAGE_KEY}"',
    ],
  };
}

/** `fold -w width`: every line cut into pieces of `width` characters. */
export function foldLines(text: string, width: number): string {
  return text.split("\n").map((line) => {
    const pieces: string[] = [];
    for (let i = 0; i < line.length; i += width) pieces.push(line.slice(i, i + width));
    return pieces.length === 0 ? "" : pieces.join("\n");
  }).join("\n");
}

/** Where a folded text is found: raw, CRLF, in a transcript's tool result (CRLF too), nested once more. */
export const FOLD_CONTAINERS: Readonly<Record<string, (text: string) => string>> = {
  raw: (t) => t,
  crlf: (t) => t.replaceAll("\n", "\r\n"),
  transcript: (t) =>
    JSON.stringify({ type: "tool_result", tool_use_id: "toolu_01", content: t }) + "\n",
  transcript_crlf: (t) =>
    JSON.stringify({ type: "tool_result", content: t.replaceAll("\n", "\r\n") }) + "\n",
  nested: (t) => JSON.stringify({ message: JSON.stringify({ content: t }) }) + "\n",
};
