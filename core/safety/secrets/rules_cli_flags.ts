/**
 * Passwords given to a program's own short flag, which says nothing of a
 * password to anyone who does not know the program: `podman login -p`,
 * `oc login -p`, `useradd -p`, `cqlsh -p`, `twine -p`, `mosquitto_pub -P`,
 * `ipmitool -P`, `snmpwalk -A`/`-X`, `p4 -P`, `isql -P`, `unrar -pSECRET`,
 * `schtasks /rp`, `curl -U user:password` (the proxy's login), Samba's
 * `-U user%password` (quoted too), `cf auth USER PASSWORD`, `db2 connect ...
 * using PASSWORD` and `wpa_passphrase SSID PASSPHRASE`. The program's name is
 * the keyword, so the same flag of any other program (`ssh -p 2222`,
 * `podman run -p 8080:80`) costs nothing and is never read; a port, a
 * reference (`-p $PASS`), stdin (`-p -`), a prompt (`/rp *`), a path or a
 * placeholder is kept. Spread into the main table ({@linkcode SECRET_RULES}).
 * Pure: data only.
 * @module
 */
import { isRepeatedPlaceholder, opensWithTemplate } from "./filters.ts";
import { isOptionLetterPassword } from "./letter_passwords.ts";
import type { SecretRule } from "./rule.ts";
import { quotedValue } from "./quoted.ts";

/**
 * A command-line value as group `s`: double-quoted (also JSON-escaped),
 * single-quoted or bare; then the rest of its line as group `after`.
 */
const VALUE = `(?:(?<quoted>${quotedValue("s", 1, 256)})|${String
  .raw`(?<s>[^\s"'\\;&|<>()\x60\x1b]{1,256}))(?=(?<after>[^\r\n]{0,48}))`}`;

/**
 * The rest of a command on its line (a JSON-escaped line break ends it too), and on the next
 * after a shell line continuation (a backslash and the break, raw or JSON-escaped).
 */
const REST = String.raw`(?:[^\r\n\\;&|]|\\(?![nr])|\\\r?\n|\\{3}n|\\{7}n)`;

/**
 * Between a flag and its value when the value is alone on the next line: blanks, a shell's
 * line continuation (a backslash and the line break, raw, JSON-escaped in a transcript's
 * string or escaped twice in a tool result quoted inside one) and the next line's
 * indentation (blanks or escaped tabs): `--password \` then `  VALUE` is `--password VALUE`
 * to the shell.
 */
export const CONTINUED = String
  .raw`[ \t]{1,16}\\(?:\r?\n|\\{2}n|\\{5,6}n)(?:[ \t]|\\{1,3}t){0,32}`;

/**
 * A shell's line continuation inside a word, right after its `=` or `:`, and the next line's
 * indentation: `--password=\` then `X` is `--password=X` to bash, and `curl -u user:\` then
 * `  X` passes `X` as the next argument; either way the line holds the password the user meant.
 */
export const JOINED_CONTINUED = String
  .raw`\\(?:\r?\n|\\{2}n|\\{5,6}n)(?:[ \t]|\\{1,3}t){0,32}`;

/** Before a program's name: not inside a word (a path before it is fine: `/usr/bin/cqlsh`). */
const NOT_IN_WORD = String
  .raw`(?<![A-Za-z0-9_-](?<!\\[A-Za-z0-9_-]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))`;

/**
 * A value given to a password flag is a password: not a reference, option,
 * stdin (`-`), prompt (`*`), path, URL, port or placeholder (a crypt hash is
 * one). Letters alone are
 * one when quoted or when the line goes on as a command line does
 * ({@linkcode isOptionLetterPassword}).
 */
function flagValueValid(value: string, groups: Readonly<Record<string, string | undefined>>) {
  // A crypt(3) hash (`useradd -p '$6$salt$...'`) is the password in a form cracked offline.
  if (/^\$(?:1|2[abxy]?|5|6|7|y|gy)\$[./A-Za-z0-9$=,]{8,}$/.test(value)) return true;
  if (/^[-*$]|^%[A-Za-z_]+%$|^<[^>]*>$/.test(value) || opensWithTemplate(value)) return false;
  if (/^[~.]{0,2}\//.test(value) || /^[A-Za-z][A-Za-z0-9+.-]{1,30}:\/\//.test(value)) return false;
  if (/^[0-9]{1,5}$/.test(value) || isRepeatedPlaceholder(value)) return false;
  if (/^[A-Za-z]+$/.test(value)) {
    return value.length >= 10 && /[a-z]/.test(value) && /[A-Z]/.test(value) ||
      isOptionLetterPassword(value, groups.after ?? "", groups.quoted !== undefined);
  }
  return value.length >= 5 && /[A-Za-z0-9]/.test(value);
}

/** One program's password flag: where it is read and how. */
interface FlagProgram {
  /** The program (and subcommand) as the docs name it. */
  readonly title: string;
  /** Regex source of the program's name (and subcommand). */
  readonly program: string;
  /** Keywords that every match holds (lower case). */
  readonly keywords: readonly string[];
  /** Regex source of the flag. */
  readonly flag: string;
  /** How the value follows the flag: after a blank, joined to it, or either. */
  readonly join: "blank" | "joined" | "either";
  /** Bytes before the keyword where the program's name may start (`un` of `unrar`). */
  readonly before?: number;
}

/** The programs and their password flags (each checked in the program's own manual or --help). */
const FLAG_PROGRAMS: readonly FlagProgram[] = [
  {
    title:
      "`podman|buildah|skopeo|nerdctl|finch|oras login -p`, `helm registry login -p`, `crane auth login -p`",
    program: String
      .raw`(?:podman|buildah|skopeo|nerdctl|finch|oras|helm[ \t]+registry|crane[ \t]+auth|regctl[ \t]+registry)[ \t]+login`,
    keywords: [
      "podman login",
      "buildah login",
      "skopeo login",
      "nerdctl login",
      "finch login",
      "oras login",
      "helm registry",
      "regctl registry",
      "crane auth",
    ],
    flag: "-p",
    join: "blank",
  },
  {
    title: "`oc login -p` (OpenShift), `cf login -p` (Cloud Foundry)",
    program: String.raw`(?:oc|cf)[ \t]+login`,
    keywords: ["oc login", "cf login"],
    flag: "-p",
    join: "blank",
  },
  {
    title: "`useradd -p` / `usermod -p` (the password or its crypt hash)",
    program: "user(?:add|mod)",
    keywords: ["useradd", "usermod"],
    flag: "-p",
    join: "blank",
  },
  {
    title: "`ncftp -p`, `ncftpget|ncftpput|ncftpls -p`",
    program: "ncftp(?:get|put|ls|batch)?",
    keywords: ["ncftp"],
    flag: "-p",
    join: "blank",
  },
  {
    title: "`cqlsh -p` (Cassandra)",
    program: "cqlsh",
    keywords: ["cqlsh"],
    flag: "-p",
    join: "blank",
  },
  {
    title: "`rdesktop -p`",
    program: "rdesktop",
    keywords: ["rdesktop"],
    flag: "-p",
    join: "blank",
  },
  {
    title: "`twine upload -p`, `poetry publish -p`",
    program: String.raw`(?:twine|poetry[ \t]+publish)`,
    keywords: ["twine", "poetry publish"],
    flag: "-p",
    join: "blank",
  },
  {
    title: "`dotnet nuget add|update source -p`",
    program: String.raw`dotnet[ \t]+nuget[ \t]+(?:add|update)[ \t]+source`,
    keywords: ["dotnet nuget"],
    flag: "-p",
    join: "blank",
  },
  {
    title: "`dotnet nuget push -k` (the feed's API key)",
    program: String.raw`dotnet[ \t]+nuget[ \t]+push`,
    keywords: ["dotnet nuget"],
    flag: "-k",
    join: "blank",
  },
  {
    title: "`mycli -p`",
    program: "mycli",
    keywords: ["mycli"],
    flag: "-p",
    join: "either",
  },
  {
    title: "`rar|unrar -pSECRET`",
    program: "(?:un)?rar",
    keywords: ["rar "],
    flag: "-p",
    join: "joined",
    before: 2,
  },
  {
    title: "`mosquitto_pub|mosquitto_sub|mosquitto_rr -P`",
    program: "mosquitto_(?:pub|sub|rr)",
    keywords: ["mosquitto_"],
    flag: "-P",
    join: "blank",
  },
  {
    title: "`ipmitool -P`",
    program: "ipmitool",
    keywords: ["ipmitool"],
    flag: "-P",
    join: "blank",
  },
  {
    title: "Net-SNMP's `-A` (authentication) and `-X` (privacy) passphrases",
    program: "snmp[a-z]{2,12}",
    keywords: ["snmp"],
    flag: "-[AX]",
    join: "blank",
  },
  {
    title: "`p4 -P` (Perforce)",
    program: "p4",
    keywords: ["p4 "],
    flag: "-P",
    join: "blank",
  },
  {
    title: "`isql|osql|bcp|sqsh|tsql|mssql-cli -P`",
    program: "(?:isql|osql|bcp|sqsh|tsql|mssql-cli)",
    keywords: ["isql", "osql", "bcp", "sqsh", "tsql", "mssql-cli"],
    flag: "-P",
    join: "either",
  },
  {
    title: "`rabbitmqadmin -p`",
    program: "rabbitmqadmin",
    keywords: ["rabbitmqadmin"],
    flag: "-p",
    join: "blank",
  },
  {
    title: "`valkey-cli|keydb-cli -a`, `redis-benchmark|valkey-benchmark|memtier_benchmark -a`",
    program: "(?:(?:valkey|keydb)-cli|(?:redis|valkey)-benchmark|memtier_benchmark)",
    keywords: ["valkey-", "keydb-cli", "redis-benchmark", "memtier_benchmark"],
    flag: "-a",
    join: "blank",
  },
  {
    title: "`schtasks /rp` / `/p` (Windows)",
    program: "[Ss][Cc][Hh][Tt][Aa][Ss][Kk][Ss](?:\\.[Ee][Xx][Ee])?",
    keywords: ["schtasks"],
    flag: "/[Rr]?[Pp]",
    join: "blank",
  },
];

/** The joins' regex source between a flag and its value. */
const JOIN = {
  blank: `(?:${CONTINUED}|[ \\t]{1,16})`,
  joined: "",
  either: `(?:${CONTINUED}|[ \\t]{0,16})`,
} as const;

/** A rule for one program's password flag. */
function flagRule(p: FlagProgram): SecretRule {
  return {
    kind: "cli_password",
    title: `Password given to ${p.title}`,
    description:
      `${p.title}: the value of the program's password flag on its command line; a port, a reference, \`-\` (stdin), \`*\` (prompt), a path or a placeholder is kept.`,
    keywords: [...p.keywords],
    pattern: new RegExp(
      String.raw`${NOT_IN_WORD}${p.program}(?=[ \t])${REST}{0,300}?[ \t]${p.flag}${
        JOIN[p.join]
      }${VALUE}`,
    ),
    ...(p.before === undefined ? {} : { before: p.before }),
    after: 900,
    priority: 2,
    validate: flagValueValid,
  };
}

/**
 * The password-flag rules.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { FLAG_RULES } from "./rules_cli_flags.ts";
 * const cqlsh = FLAG_RULES.find((r) => r.keywords.includes("cqlsh"))!;
 * assert.equal(cqlsh.pattern.exec("cqlsh -u app -p Hq7kR4t9Lm db1")?.groups?.s, "Hq7kR4t9Lm");
 * ```
 */
export const FLAG_RULES: readonly SecretRule[] = [
  ...FLAG_PROGRAMS.map(flagRule),
  {
    kind: "cli_password",
    title: "Password of curl -U user:password (the proxy's login)",
    description:
      "`curl -U user:PASSWORD -x proxy ...`: `-U` is `--proxy-user`, whose password follows the user's `:`.",
    keywords: ["curl "],
    needs: "-U",
    pattern: new RegExp(
      String
        .raw`${NOT_IN_WORD}curl(?=[ \t])${REST}{0,400}?[ \t]-U(?:[ \t]{1,16})?\\{0,3}["']?[^\s:"'\\]{1,128}:(?<s>[^\s"'\\]{1,256})`,
    ),
    after: 800,
    priority: 2,
    validate: flagValueValid,
  },
  {
    kind: "cli_password",
    title: "Password of Samba's -U user%password",
    description:
      "`smbclient|rpcclient|smbcacls|smbget|smbmap|winexe|wmic|net ads|net rpc|samba-tool ... -U [DOMAIN/]user%PASSWORD` (also `--user=`, quoted): the password after `%`.",
    keywords: [
      "smbclient",
      "rpcclient",
      "smbcacls",
      "smbget",
      "smbmap",
      "smbtree",
      "winexe",
      "wmic",
      "net ads",
      "net rpc",
      "samba-tool",
    ],
    pattern: new RegExp(
      String
        .raw`${NOT_IN_WORD}(?:smbclient|rpcclient|smbcacls|smbget|smbmap|smbtree|winexe|wmic|net[ \t]+(?:ads|rpc)|samba-tool)(?=[ \t])${REST}{0,300}?[ \t](?:-U|--user(?:name)?)(?:=|[ \t]{1,16})\\{0,3}["']?[^\s%"'\\]{1,128}%(?<s>[^\s"'\\;&|]{1,256})`,
    ),
    after: 900,
    priority: 2,
    validate: flagValueValid,
  },
  {
    kind: "cli_password",
    title: "Password given to cf auth",
    description: "`cf auth USER PASSWORD` (Cloud Foundry): the second argument.",
    keywords: ["cf auth"],
    pattern: new RegExp(
      String.raw`${NOT_IN_WORD}cf[ \t]+auth[ \t]+(?!-)[^\s;&|]{1,128}[ \t]+${VALUE}`,
    ),
    after: 500,
    priority: 2,
    validate: flagValueValid,
  },
  {
    kind: "cli_password",
    title: "Password given to db2 connect",
    description: "`db2 connect to DB user NAME using PASSWORD` (IBM Db2's command line).",
    keywords: ["connect to"],
    pattern: new RegExp(
      String
        .raw`${NOT_IN_WORD}connect[ \t]+to[ \t]+[^\s;&|]{1,128}[ \t]+user[ \t]+[^\s;&|]{1,128}[ \t]+using[ \t]+${VALUE}`,
      "i",
    ),
    after: 700,
    priority: 2,
    validate: flagValueValid,
  },
  {
    kind: "cli_password",
    title: "Passphrase given to wpa_passphrase",
    description:
      "`wpa_passphrase SSID PASSPHRASE`: the Wi-Fi passphrase (8 to 63 characters); without it the program reads it from standard input.",
    keywords: ["wpa_passphrase"],
    pattern: new RegExp(
      String.raw`${NOT_IN_WORD}wpa_passphrase[ \t]+[^\s;&|]{1,128}[ \t]+${VALUE}`,
    ),
    after: 500,
    priority: 2,
    validate: (s, g) => s.length >= 8 && flagValueValid(s, g),
  },
];
