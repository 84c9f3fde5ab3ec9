/**
 * Keys that services take inside their own URLs, where no name says
 * "key": a blockchain node provider's endpoint (Infura's `/v3/<key>`,
 * Alchemy's `/v2/<key>`, a QuickNode endpoint's token), a webhook whose path
 * is its secret (Make, IFTTT, Feishu/Lark, WeCom) and OpenWeather's
 * `appid=`. Each rule matches the service's host or path and takes only the
 * key: the rest of the URL stays readable. Spread into the main table.
 * Pure: data only.
 * @module
 */
import type { SecretRule } from "./rule.ts";
import { UUID } from "./rules_vendor.ts";

/** True when the key holds a digit and a letter (a documentation word such as `demo` holds none). */
function digitAndLetter(s: string): boolean {
  return /[0-9]/.test(s) && /[A-Za-z]/.test(s);
}

/**
 * The rows, in table order.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SERVICE_URL_RULES } from "./rules_service_urls.ts";
 * assert.ok(SERVICE_URL_RULES.some((r) => r.kind === "infura_api_key"));
 * ```
 */
export const SERVICE_URL_RULES: readonly SecretRule[] = [
  {
    kind: "infura_api_key",
    title: "Infura API key in an endpoint URL",
    description:
      "The 32-hex project key of an Infura endpoint (`https://mainnet.infura.io/v3/<key>`, `wss://...infura.io/ws/v3/<key>`).",
    // Two bytes into the host: `inf` opens `info`, `infinity`... everywhere, and three bytes
    // no keyword starts with let the keyword pass skip ahead.
    keywords: ["fura.io/v3/", "fura.io/ws/v3/"],
    before: 2,
    pattern: /infura\.io\/(?:ws\/)?v3\/(?<s>[a-f0-9]{32})(?![A-Za-z0-9])/,
    after: 60,
    priority: 3,
    minEntropy: 3,
  },
  {
    kind: "alchemy_api_key",
    title: "Alchemy API key in an endpoint URL",
    description:
      "The 32 URL-safe characters after `/v2/` (or `/nft/v2/`, `/nft/v3/`) of an Alchemy endpoint (`https://eth-mainnet.g.alchemy.com/v2/<key>`).",
    keywords: ["alchemy.com/v2/", "alchemy.com/nft/v2/", "alchemy.com/nft/v3/"],
    pattern: /alchemy\.com\/(?:nft\/)?v[23]\/(?<s>[A-Za-z0-9_-]{32})(?![A-Za-z0-9_-])/,
    after: 70,
    priority: 3,
    minEntropy: 3.5,
    validate: digitAndLetter,
  },
  {
    kind: "quicknode_endpoint_token",
    title: "QuickNode endpoint token",
    description:
      "The 32 to 64 hex of a QuickNode endpoint's path (`https://<name>.quiknode.pro/<token>/`), which authenticates every call to it.",
    keywords: ["quiknode.pro/"],
    pattern: /quiknode\.pro\/(?<s>[a-f0-9]{32,64})(?![A-Za-z0-9])/,
    after: 80,
    priority: 3,
    minEntropy: 3,
  },
  {
    kind: "webhook_url_secret",
    title: "Make, IFTTT, Feishu/Lark or WeCom webhook URL",
    description:
      "The secret part of a webhook URL that acts for anyone holding it: a Make (Integromat) scenario hook (`hook.eu1.make.com/<32 characters>`), IFTTT's Webhooks key (`maker.ifttt.com/trigger/<event>/with/key/<key>`, `maker.ifttt.com/use/<key>`), a Feishu or Lark bot hook (`/open-apis/bot/v2/hook/<uuid>`) and a WeCom group bot's `send?key=<uuid>`.",
    keywords: [
      "hook.eu1.make.com/",
      "hook.eu2.make.com/",
      "hook.us1.make.com/",
      "hook.us2.make.com/",
      "hook.integromat.com/",
      "maker.ifttt.com/",
      "/open-apis/bot/v2/hook/",
      "qyapi.weixin.qq.com/cgi-bin/webhook/send?key=",
    ],
    pattern: new RegExp(
      String
        .raw`hook\.(?:(?:eu|us)[12]\.make|integromat)\.com\/(?<s>[a-z0-9]{32})(?![A-Za-z0-9])|maker\.ifttt\.com\/(?:trigger\/[A-Za-z0-9_.%-]{1,100}\/(?:json\/)?with\/key|use)\/(?<s>[A-Za-z0-9_-]{16,64})(?![A-Za-z0-9_-])|\/open-apis\/bot\/v2\/hook\/(?<s>${UUID})(?![A-Za-z0-9-])|qyapi\.weixin\.qq\.com\/cgi-bin\/webhook\/send\?key=(?<s>${UUID})(?![A-Za-z0-9-])`,
    ),
    after: 220,
    priority: 3,
    minEntropy: 3,
    validate: digitAndLetter,
  },
  {
    kind: "openweather_api_key",
    title: "OpenWeather API key",
    description:
      "32 hex characters given as `appid=` (OpenWeather's query parameter and `APPID` setting).",
    // `ppid=` one byte in: `app` opens `application`, `apply`... everywhere (see infura's).
    keywords: ["ppid="],
    before: 1,
    pattern: /(?<![A-Za-z0-9_])appid=(?<s>[a-f0-9]{32})(?![A-Za-z0-9])/i,
    after: 42,
    priority: 3,
    minEntropy: 3,
    validate: digitAndLetter,
  },
];
