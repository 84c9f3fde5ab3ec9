/**
 * Path predicates the rules share: broad deletion targets, credential files,
 * persistence locations (rc files, cron, units, hooks) and devices. Paths are
 * matched after `$HOME`-style prefixes are folded to `~`. Pure.
 * @module
 */
import type { Arg } from "./invocation.ts";
import { expandBraces, globMatcher } from "./expand.ts";

/** Folds home-directory spellings to `~`, drops quotes' leftovers, lower-cases. */
export function foldHome(text: string): string {
  return text
    .replace(
      /^(?:\$\{?home\}?|\$env:(?:userprofile|home)|%userprofile%|%homepath%|\$\{?user_home\}?)(?=$|[\\/])/i,
      "~",
    )
    .toLowerCase();
}

const SYSTEM_TOP =
  /^\/(?:(?:bin|boot|dev|etc|lib|lib32|lib64|libx32|proc|sbin|sys|usr|system|library|home|users|var)(?:\/[^/]+)?|opt|srv|root|private|volumes|applications|mnt|media|snap|nix|tmp)(?:\/\*)?$/;
const WIN_BROAD =
  /^[a-z]:\/(?:windows|users|program files(?: \(x86\))?|programdata)(?:\/[^/]+)?(?:\/\*)?$/;
const WIN_VARS =
  /^(?:%(?:systemroot|windir|systemdrive|programfiles|programdata|appdata|localappdata)%|\$env:(?:windir|systemroot|systemdrive|programfiles|programdata|appdata|localappdata))/i;

/**
 * True for a deletion target that is broad: a root, a home, the current or a
 * parent directory, a bare glob, a top-level system directory, a drive root,
 * or a path that starts with an unresolved variable or substitution.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isBroadTarget } from "./paths.ts";
 * const arg = (text: string, dynamic = false) => ({ text, dynamic, quoted: false, glob: false, escapes: false, substituted: false, subs: [] });
 * assert.equal(isBroadTarget(arg("~/")), true);
 * assert.equal(isBroadTarget(arg("$BUILD/", true)), true);
 * assert.equal(isBroadTarget(arg("C:\\")), true);
 * assert.equal(isBroadTarget(arg("./dist")), false);
 * ```
 */
export function isBroadTarget(arg: Arg): boolean {
  const raw = arg.text.trim();
  if (raw === "") return true;
  if (WIN_VARS.test(raw)) return true;
  // `//` and `/./` name the root as `/` does.
  const t0 = foldHome(raw).replace(/\\/g, "/").replace(/\/(?:\.?\/)+/g, "/");
  if (arg.dynamic && arg.bounded !== true && /^(?:\$|`)/.test(t0)) return true;
  const t = t0.length > 1 ? t0.replace(/\/+$/, "") : t0;
  if (/^[./*?]+$/.test(t)) return true; // /, /*, ., .., ./*, *, .*, ../..
  // ~ and ~user (another user's home).
  if (/^~[a-z0-9._-]{0,64}(?:\/[*.]*)?$/.test(t)) return true;
  if (/^\/(?:home|users)\/[^/]+(?:\/\*)?$/.test(t)) return true;
  if (SYSTEM_TOP.test(t)) return true;
  if (/^[a-z]:(?:\/\*?)?$/.test(t) || WIN_BROAD.test(t)) return true;
  return false;
}

/** The system's own trees and the data of its services (databases, mail, packages). */
const SYSTEM_DATA =
  /^\/(?:etc|usr|boot|bin|sbin|lib|lib32|lib64|libx32|srv|root|system|library|var\/(?:lib|db|spool|mail|opt|backups|www|named|yp)|private\/(?:etc|var\/(?:db|lib|root|spool))|nix\/(?:store|var))(?:\/|$)|^[a-z]:\/(?:windows|program files(?: \(x86\))?|programdata)(?:\/|$)/;

/**
 * True for a path inside a system directory or a service's data directory,
 * at any depth (`/var/lib/postgresql`, `/etc/nginx/conf.d`, `/usr/share/x`,
 * `C:\ProgramData\x`): deleting a tree there breaks the system or loses a
 * service's data. `/tmp`, `/var/tmp`, `/var/cache` and `/var/log` are not.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isSystemDataPath } from "./paths.ts";
 * assert.equal(isSystemDataPath("/var/lib/mysql/*"), true);
 * assert.equal(isSystemDataPath("/var/tmp/build"), false);
 * ```
 */
export function isSystemDataPath(text: string): boolean {
  const t = foldHome(text.trim()).replace(/\\/g, "/").replace(/\/(?:\.?\/)+/g, "/");
  // `..` leads anywhere; judge the path as written only when it has none.
  if (/(?:^|\/)\.\.(?:\/|$)/.test(t)) return /^\//.test(t);
  return SYSTEM_DATA.test(t);
}

const CREDENTIAL_FILES = [
  // A key in ~/.ssh under any name (`id_ed25519`, `identity`, `deploy_key`, a name of its
  // owner's choosing such as `github`): every file directly in it but the public ones (`.pub`,
  // checked first), ssh's own settings and lists. (Digits alone are rather an option's value
  // after a `cd ~/.ssh`: `head -n 5 known_hosts`.)
  /(?:^|\/)\.ssh\/(?!(?:config|known_hosts2?|known_hosts\.old|authorized_keys2?|rc|environment|allowed_signers|[0-9]+)$)[^/]+$/,
  /(?:^|\/)id_(?:rsa|dsa|ecdsa|ed25519)(?:_sk)?$/,
  /(?:^|\/)\.aws\/(?:credentials|config)$/,
  /(?:^|\/)\.config\/gcloud(?:\/|$)/,
  /(?:^|\/)application_default_credentials\.json$/,
  /(?:^|\/)\.azure\/(?:accesstokens\.json|msal_token_cache|azureprofile\.json)/,
  /(?:^|\/)\.kube\/config$/,
  /(?:^|\/)\.docker\/config\.json$/,
  /(?:^|\/)\.netrc$|(?:^|\/)_netrc$/,
  /(?:^|\/)\.git-credentials$/,
  /(?:^|\/)\.npmrc$/,
  /(?:^|\/)\.pgpass$|(?:^|\/)\.my\.cnf$/,
  /(?:^|\/)[^/]*(?:priv|key)[^/]*\.pem$/,
  /(?:^|\/)\.pypirc$/,
  /(?:^|\/)\.gnupg(?:\/|$)/,
  /(?:^|\/)\.password-store(?:\/|$)/,
  /(?:^|\/)\.vault-token$/,
  // baton's own Ed25519 private key (in BATON_HOME, ~/.config/baton by default).
  /(?:^|\/)signing_key\.jwk$/,
  /(?:^|\/)\.config\/gh\/hosts\.yml$/,
  /(?:^|\/)\.terraform\.d\/credentials\.tfrc\.json$/,
  /(?:^|\/)\.cargo\/credentials(?:\.toml)?$/,
  /(?:^|\/)\.gem\/credentials$/,
  /(?:^|\/)\.(?:bash|zsh|sh|python|node_repl|psql|mysql)_history$|(?:^|\/)consolehost_history\.txt$/,
  // Other shells' and database clients' histories (review53): fish, ash, ksh, zsh's other usual
  // HISTFILE names, csh/tcsh's ~/.history, macOS Terminal's per-session files, sqlite3, redis-cli
  // (AUTH passwords), the mongo shells.
  /(?:^|\/)fish_history$|(?:^|\/)\.(?:ash|ksh|sqlite|rediscli)_history$|(?:^|\/)\.(?:zhistory|histfile|dbshell)$/,
  /^~\/\.history$|(?:^|\/)\.(?:bash|zsh)_sessions\/[^/]+\.history$|(?:^|\/)mongosh_repl_history$/,
  /^\/etc\/(?:shadow|gshadow|master\.passwd)$/,
  // Any process's environment, by number, glob or a variable holding one (`$$`, `$PPID`, `$!`).
  /^\/proc\/(?:self|thread-self|[0-9]+|\*|\$(?:\$|!|\{?[a-z_][a-z0-9_]*\}?))\/(?:task\/[^/]+\/)?environ$/,
  // review71: memory (the kernel's, another process's: the keys and tokens it holds), the keyboard's
  // input events (what is typed, passwords too), Kerberos keytabs and ticket caches. A cache's
  // name has no dot (`krb5cc_1000`, SSSD's `krb5cc_1000_Ab3dEf`; review74: `krb5cc_test.go` is
  // source), and a DIR: cache holds its tickets in `krb5cc/tkt*` files.
  /^\/(?:dev\/k?mem|proc\/kcore|proc\/(?:[0-9]+|\*)\/mem|dev\/input\/(?:event|by-id\/|by-path\/).*)$|\.keytab$|(?:^|\/)krb5cc(?:_[^/.]*|\/tkt[^/]*)$/,
  /(?:^|\/)\.env(?:\.(?!example$|sample$|template$|dist$)[a-z0-9_.-]+)?$/,
  // `prod.env`, `app.env`; direnv's `.envrc` (exports); Rails' `secrets.yml`; sshd's host keys.
  /(?:^|\/)[^/]+\.env$|(?:^|\/)\.envrc$|(?:^|\/)secrets\.ya?ml$|(?:^|\/)ssh_host_[a-z0-9]+_key$/,
  // Cloudflare Wrangler's local secrets, dotenv lines (`.dev.vars`, per environment `.dev.vars.staging`).
  /(?:^|\/)\.dev\.vars(?:\.(?!example$|sample$|template$)[a-z0-9_-]+)?$/,
  /\.(?:key|p12|pfx|jks|keystore|kdbx|ppk)$/,
  /(?:^|\/)credentials\.json$|(?:^|\/)service[-_]?account[^/]*\.json$/,
  /(?:^|\/)microsoft\/credentials(?:\/|$)|(?:^|\/)(?:sam|security)(?:\.save)?$/,
  // Build tools' stored repository passwords and tokens.
  /(?:^|\/)\.m2\/(?:settings|settings-security)\.xml$/,
  /(?:^|\/)\.gradle\/gradle\.properties$/,
  /(?:^|\/)\.config\/hub$/,
  /(?:^|\/)\.composer\/auth\.json$|(?:^|\/)\.config\/composer\/auth\.json$/,
  /(?:^|\/)\.nuget\/nuget\/nuget\.config$/,
  /(?:^|\/)\.config\/(?:helm\/repositories\.yaml|containers\/auth\.json)$/,
  // AI coding agents' own login tokens.
  /(?:^|\/)\.(?:codex|claude|gemini|qwen|factory)\/(?:[^/]*auth[^/]*|\.?credentials[^/]*|oauth[^/]*)\.json$/,
  /(?:^|\/)\.config\/(?:openai|anthropic|github-copilot|opencode)\/[^/]*(?:auth|token|credentials|apps|hosts)[^/]*\.json$/,
  /(?:^|\/)\.local\/share\/opencode\/auth\.json$/,
  // Secrets mounted into containers (Docker and Kubernetes, service-account tokens).
  /^\/(?:var\/)?run\/secrets\/./,
  // Cloud, storage and deployment CLIs' stored keys and tokens (see: #21).
  /(?:^|\/)\.aws\/(?:sso|cli)\/cache\/[^/]+\.json$/,
  /(?:^|\/)\.s3cfg$|(?:^|\/)\.boto$|(?:^|\/)\.passwd-s3fs$/,
  /(?:^|\/)\.config\/rclone\/rclone\.conf$/,
  /(?:^|\/)\.config\/pip\/pip\.conf$|(?:^|\/)\.pip\/pip\.conf$|(?:^|\/)pip\/pip\.ini$/,
  /(?:^|\/)\.config\/git\/credentials$|(?:^|\/)\.authinfo(?:\.gpg)?$/,
  /(?:^|\/)\.config\/glab-cli\/config\.yml$|(?:^|\/)\.config\/doctl\/config\.yaml$/,
  /(?:^|\/)\.databrickscfg$|(?:^|\/)\.sentryclirc$|(?:^|\/)\.terraformrc$|(?:^|\/)\.snowsql\/config$/,
  /(?:^|\/)\.pulumi\/credentials\.json$|(?:^|\/)\.fly\/config\.yml$|(?:^|\/)\.circleci\/cli\.yml$/,
  /(?:^|\/)\.kaggle\/kaggle\.json$|(?:^|\/)(?:\.cache\/)?\.?huggingface\/token$/,
  // More CLIs' stored tokens and keys (review30): Hetzner, Scaleway, Linode, JFrog, Twilio,
  // Stripe, Gitea, MinIO, Supabase, Snowflake, dbt, Travis, Vercel's older store, Docker's
  // legacy auth file, and a home's yarn and Bundler settings (npmAuthToken, BUNDLE_* creds).
  /(?:^|\/)\.config\/(?:hcloud\/cli\.toml|scw\/config\.ya?ml|tea\/config\.ya?ml)$/,
  /(?:^|\/)\.(?:config\/)?linode-cli$|(?:^|\/)\.jfrog\/jfrog-cli\.conf(?:\.v[0-9]+)?$/,
  /(?:^|\/)(?:\.config\/twilio-cli|\.twilio-cli)\/config\.json$|(?:^|\/)stripe\/config\.toml$/,
  /(?:^|\/)\.mc\/config\.json$|(?:^|\/)\.supabase\/access-token$/,
  /(?:^|\/)\.snowflake\/(?:connections|config)\.toml$|(?:^|\/)\.dbt\/profiles\.ya?ml$/,
  /(?:^|\/)\.travis\/config\.yml$|(?:^|\/)\.(?:now|vercel)\/auth\.json$|(?:^|\/)\.dockercfg$/,
  /^~\/\.yarnrc(?:\.yml)?$|^~\/\.bundle\/config$/,
  // Private keys by their tools' standard places: age keys for SOPS, WireGuard configs
  // (PrivateKey), a Solana keypair, Ethereum keystores, Bitcoin wallets, the adb key.
  /(?:^|\/)sops\/age\/keys\.txt$|^\/etc\/wireguard\/[^/]+\.conf$/,
  /(?:^|\/)\.config\/solana\/id\.json$|(?:^|\/)\.ethereum\/keystore\/|(?:^|\/)wallet\.dat$/,
  /(?:^|\/)\.android\/adbkey$/,
  /(?:^|\/)(?:\.config\/ngrok|\.ngrok2)\/ngrok\.yml$|(?:^|\/)\.config\/netlify\/config\.json$/,
  /(?:^|\/)\.wrangler\/config\/default\.toml$|(?:^|\/)com\.vercel\.cli\/auth\.json$/,
  // review62: more stores of keys and tokens. OCI's CLI config (its key's pass_phrase),
  // cloudflared's origin certificate (a private key and token) and tunnel credentials, the
  // Railway, Alibaba Cloud, Expo and Firebase CLIs' logins, Teleport's keys, atuin's sync key,
  // act's `.secrets` (dotenv lines), Apache's password hashes, WordPress's database password
  // and salts, a Firebase Admin SDK service-account key.
  /(?:^|\/)(?:\.oci\/config|\.cloudflared\/(?:cert\.pem|[^/]+\.json)|\.railway\/config\.json|\.aliyun\/config\.json|\.expo\/state\.json|configstore\/firebase-tools\.json|\.tsh\/keys\/.*|atuin\/key|\.secrets|\.htpasswd|wp-config\.php)$/,
  /firebase-adminsdk[^/]*\.json$/,
  // review71: Windows places: gcloud's and gh's stores under %APPDATA%, Windows Setup's answer
  // files (the administrator's password).
  /(?:^|\/)(?:appdata\/roaming|\$env:appdata|%appdata%|\$\{env:appdata\})\/(?:gcloud\/|gh\/hosts\.yml$)|(?:^|\/)(?:auto)?unattend\.xml$|(?:^|\/)sysprep\.(?:xml|inf)$/,
  // review71: more stores read_only before. Kubeconfigs with a client key that clusters write
  // (kubeadm's /etc/kubernetes/*.conf, k3s, RKE2, talosctl's), podman's login in any runtime
  // directory, Ansible's vault password file, an X11 cookie, mail clients' passwords (msmtp,
  // fetchmail, isync, aerc), Wi-Fi and VPN connections' keys (NetworkManager, wpa_supplicant),
  // gopass's store, Netlify's CLI login in its other places, FileZilla's and VNC's saved
  // passwords, a CIFS credentials file, Cloud Foundry's, IBM Cloud's, Exoscale's, Vultr's, OVH's,
  // Poetry's, keyrings.alt's and Argo CD's tokens, Lima's and Vagrant's generated SSH keys, and
  // Borg's repository keys. (A `*private_key` directly in a bin/ or sbin/ is a program that
  // fetches one, `bin/get_private_key`: review77.)
  /^\/etc\/(?:kubernetes\/[^/]+\.conf|rancher\/(?:k3s\/k3s|rke2\/rke2)\.yaml|networkmanager\/system-connections\/[^/]+|wpa_supplicant(?:\/[^/]+)?\.conf|samba\/smbpasswd)$|(?:^|\/)(?:\.talos\/config|containers\/auth\.json|\.?vault[_-]pass(?:word)?(?:\.txt)?|\.xauthority|\.msmtprc|msmtp\/config|\.fetchmailrc|\.mbsyncrc|aerc\/accounts\.conf|\.?netlify\/(?:config\/)?config\.json|filezilla\/(?:sitemanager|recentservers)\.xml|\.vnc\/passwd|\.smbcredentials|\.(?:cf|bluemix)\/config\.json|exoscale\/exoscale\.toml|\.?vultr-cli\.ya?ml|\.?ovh\.conf|pypoetry\/auth\.toml|python_keyring\/(?:keyring_pass|crypted_pass)\.cfg|argocd\/config|(?:\.lima|_lima)\/_config\/user|(?<!(?:^|\/)s?bin\/)[^/]*private_key)$|(?:^|\/)(?:gopass\/stores|borg\/keys)\//,
  // Terraform state holds every managed resource's attributes, generated passwords and keys included;
  // Flutter's signing passwords are in key.properties (its docs: keep it private).
  /\.tfstate(?:\.backup)?$|(?:^|\/)key\.properties$/,
  // The desktop keyrings (GNOME, macOS).
  /(?:^|\/)\.local\/share\/keyrings\/|(?:^|\/)library\/keychains\//i,
  // Browsers' cookie and saved-login stores.
  /(?:^|\/)(?:cookies|login data|web data)(?:-journal)?$|(?:^|\/)(?:cookies\.sqlite|logins\.json|key[34]\.db)$/,
  // redact94: more files whose content is a key or token. MCP clients' server lists (each
  // server's `env` holds its API key: Claude Desktop, Cursor, Windsurf); Jupyter's runtime files
  // (the server's token, a kernel's signing key); Tailscale's node keys; the kubelet's client
  // key; Google's OAuth client secret and the user token its quickstarts save (`token.json`);
  // service-account keys saved as `key.json`/`sa-key.json`/`keyfile.json`; `secrets.json`
  // (ASP.NET user secrets, GitLab's); tfvars named for secrets; OpenVPN profiles (their inline
  // `<key>`); a container's stored config (its environment); mutt's config (`imap_pass`);
  // chezmoi's and a home `.age/` directory's age identities.
  /(?:^|\/)(?:claude_desktop_config\.json|\.cursor\/mcp\.json|windsurf\/mcp_config\.json)$/,
  /(?:^|\/)jupyter\/runtime\/(?:jpserver|nbserver|kernel)-[^/]*\.json$|^\/var\/lib\/tailscale\/tailscaled\.state$|^\/var\/lib\/kubelet\/pki\/[^/]*\.pem$/,
  /(?:^|\/)(?:client_secrets?[^/]*|token|(?:[^/]*[-_])?key(?:file)?|[^/]*secrets)\.json$/,
  /(?:^|\/)[^/]*secrets?[^/]*\.tfvars(?:\.json)?$|\.ovpn$|^\/var\/lib\/docker\/containers\/[^/]+\/config\.v2\.json$/,
  /(?:^|\/)\.muttrc$|(?:^|\/)mutt\/muttrc$|(?:^|\/)chezmoi\/key\.txt$|^~\/\.age\/[^/]+\.txt$/,
  // redact94: system files holding passwords or keys in clear: shadow's daily backups (Debian's
  // /var/backups), old password hashes (pam_pwhistory), the debian-sys-maint password, PPP's
  // and IPsec's secrets, LDAP clients' bind passwords, SSSD's config, k3s's join tokens, AD's
  // database.
  /^\/var\/backups\/g?shadow\.bak$|^\/etc\/security\/opasswd$|^\/etc\/mysql\/debian\.cnf$|^\/etc\/ppp\/(?:chap|pap)-secrets$/,
  /^\/etc\/(?:strongswan\/|swanctl\/)?ipsec\.secrets$|^\/etc\/(?:pam_|libnss-)?ldap\.secret$|^\/etc\/sssd\/sssd\.conf$/,
  /^\/var\/lib\/rancher\/(?:k3s|rke2)\/server\/(?:node-)?token$|(?:^|\/)ntds\.dit$/,
  // Files named for what they hold: `secret.txt`, `token.txt`, `api_key.txt`, `creds.json`,
  // `.token`, Streamlit's `secrets.toml`, Composer's `auth.json` where it runs (one deeper is
  // as often an app's strings: `locales/en/auth.json`), Azure Functions'
  // `local.settings.json` (kept out of git for its connection strings), a kubeconfig under any
  // name, rclone's config, an htpasswd file, a GitHub deploy key, and env files in the
  // `.envs/` tree or named `.env-NAME`/`.env_NAME`/`env.local`.
  /(?:^|\/)(?:secrets?|passwords?|passwd|api[-_]?keys?|token|credentials?|creds)\.(?:txt|json|ya?ml|toml|ini|conf|cfg)$/,
  /(?:^|\/)(?:\.token|local\.settings\.json|rclone\.conf|\.?htpasswd|deploy[-_]key)$|^auth\.json$/,
  /(?:^|\/)(?!-)[^/]*kubeconfig(?:\.ya?ml|\.json)?$|(?:^|\/)\.envs\/.|(?:^|\/)\.env[-_](?!example$|sample$|template$|dist$)[a-z0-9_.-]+$|(?:^|\/)env\.local$/,
];

/**
 * True for a file whose content is a credential (private keys, token stores, .env, history).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isCredentialPath } from "./paths.ts";
 * assert.equal(isCredentialPath("$HOME/.ssh/id_ed25519"), true);
 * assert.equal(isCredentialPath("~/.ssh/id_ed25519.pub"), false);
 * assert.equal(isCredentialPath(".env.example"), false);
 * ```
 */
export function isCredentialPath(text: string): boolean {
  return credentialPath(text, true);
}

/**
 * {@linkcode isCredentialPath} for a word the shell does not glob (its `*`,
 * `?` and `[` were quoted): they are plain characters in the file's name,
 * so a quoted sed script holding `.*` names no file, and `cat 'a/.*'`
 * reads a file of that name, not the dotfiles in `a`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isCredentialPath, isLiteralCredentialPath } from "./paths.ts";
 * assert.equal(isCredentialPath("a/.*"), true);
 * assert.equal(isLiteralCredentialPath("a/.*"), false);
 * assert.equal(isLiteralCredentialPath("~/.ssh/id_rsa"), true);
 * ```
 */
export function isLiteralCredentialPath(text: string): boolean {
  return credentialPath(text, false);
}

function credentialPath(text: string, globs: boolean): boolean {
  // Braces left in a word by the classifier's expansion bound are not expanded again here.
  const words = text.length <= 1024 ? expandBraces(text) : [text];
  return words.some((word) => {
    // A process's root link (`/proc/self/root/etc/shadow`) leads to the same file from `/`.
    const t = normalizePath(foldHome(word).replace(/\\/g, "/")).replace(PROC_ROOT, "");
    if (t.endsWith(".pub")) return false;
    if (CREDENTIAL_FILES.some((re) => re.test(t))) return true;
    // A copy an editor, a tool or a hand kept beside it (`~/.netrc.bak`, `id_rsa.old`, `.env~`,
    // `/etc/shadow-` as shadow's tools write it) holds the same secrets.
    const original = t.replace(BACKUP_SUFFIX, "");
    if (original !== t && original !== "" && CREDENTIAL_FILES.some((re) => re.test(original))) {
      return true;
    }
    return globs && (globNamesCredential(t) || globNamesKnownPath(t));
  });
}

/**
 * A path with `.` parts, repeated slashes and `name/..` pairs removed, as
 * the kernel would resolve it without symlinks (`~/.aws/x/../credentials`
 * is `~/.aws/credentials`). A leading `..` and a trailing `/` are kept.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { normalizePath } from "./paths.ts";
 * assert.equal(normalizePath("~/.aws/./x/..//credentials"), "~/.aws/credentials");
 * assert.equal(normalizePath("./.env"), ".env");
 * assert.equal(normalizePath("../a/../b"), "../b");
 * assert.equal(normalizePath("//etc/shadow"), "/etc/shadow");
 * ```
 */
export function normalizePath(t: string): string {
  if (!/\/\.{0,2}(?:\/|$)|^\.{1,2}\//.test(t)) return t;
  const abs = t.startsWith("/");
  const out: string[] = [];
  for (const part of t.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === ".." && out.length > 0 && out.at(-1) !== ".." && out.at(-1) !== "~") out.pop();
    else if (part === ".." && abs && out.length === 0) continue;
    else out.push(part);
  }
  const joined = (abs ? "/" : "") + out.join("/");
  if (joined === "") return abs ? "/" : ".";
  // A trailing slash says the path is a directory (`~/Library/LaunchAgents/`): kept.
  return t.endsWith("/") && !joined.endsWith("/") ? joined + "/" : joined;
}

/**
 * The places a path may name when the command runs in one of `dirs` (see
 * Invocation.dirs): the path itself, and for a relative path, the path in
 * each directory.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { inDirs } from "./paths.ts";
 * assert.deepEqual(inDirs("./credentials", ["~/.aws"]), ["./credentials", "~/.aws/credentials"]);
 * assert.deepEqual(inDirs("/etc/hosts", ["~"]), ["/etc/hosts"]);
 * ```
 */
export function inDirs(path: string, dirs: readonly string[] | undefined): string[] {
  if (dirs === undefined || dirs.length === 0 || !isRelative(path)) return [path];
  return [path, ...dirs.map((d) => normalizePath(`${d}/${path}`))];
}

/** True when `test` holds for the path in any directory it may name (see {@linkcode inDirs}). */
export function inAnyDir(
  path: string,
  dirs: readonly string[] | undefined,
  test: (p: string) => boolean,
): boolean {
  return dirs === undefined ? test(path) : inDirs(path, dirs).some(test);
}

/** A path that does not start at the root, a home, a drive or a variable. */
function isRelative(path: string): boolean {
  return !/^(?:[/~$\\%-]|[A-Za-z]:)/.test(path);
}

/**
 * The directory a `cd` to `target` leads to from each of the directories in
 * `dirs` (and from the start), home-folded and normalised; [] for a target
 * whose value is not known.
 */
export function cdTargets(target: string, dirs: readonly string[]): string[] {
  const t = foldHome(target.trim()).replace(/\\/g, "/");
  if (t === "" || /[$`]/.test(t)) return [];
  if (!isRelative(t)) return [normalizePath(t)];
  return [normalizePath(t), ...dirs.map((d) => normalizePath(`${d}/${t}`))];
}

/** File names a glob is tried against: one of each kind of credential file. */
const CREDENTIAL_NAMES = [
  "id_rsa",
  "id_ed25519",
  "id_ecdsa",
  "identity",
  "credentials",
  "config",
  ".env",
  ".env.local",
  ".env.production",
  ".netrc",
  ".pgpass",
  ".my.cnf",
  ".npmrc",
  ".pypirc",
  ".git-credentials",
  ".vault-token",
  "signing_key.jwk",
  "credentials.json",
  "privkey.pem",
  "server.key",
  "hosts.yml",
  ".bash_history",
  ".zsh_history",
];

/**
 * A glob under a credential directory (`~/.ssh/*`, `~/.aws/cred*`), or one
 * whose last part can match a credential file's name (`id_*`, `.env*`,
 * `*.pem`), reads credentials.
 */
/** A backup copy's suffix: an editor's `~` or swap file, `.bak`, `.old`, `.orig`, a number, `-`. */
const BACKUP_SUFFIX =
  /(?:~|\.(?:bak|backup|old|orig|save|sav|swp|swo|tmp|copy|dpkg-old|dpkg-dist|rpmsave|[0-9]{1,3})|(?<=^\/etc\/g?shadow)-)$/;

/** `/proc/PID/root` (also `self`, `thread-self`): the process's root directory, `/` for most. */
const PROC_ROOT = /^\/proc\/(?:self|thread-self|[0-9]{1,10})\/root(?=\/)/;

/** Credential files at fixed places, for a glob over a whole path (`/etc/shado?`, `/???/shadow`). */
const KNOWN_CREDENTIAL_PATHS = [
  "/etc/shadow",
  "/etc/gshadow",
  "/etc/master.passwd",
  "/proc/self/environ",
  "/proc/1/environ",
  "~/.ssh/id_rsa",
  "~/.ssh/id_ed25519",
  "~/.ssh/id_ecdsa",
  "~/.aws/credentials",
  "~/.netrc",
  "~/.git-credentials",
  "~/.docker/config.json",
  "~/.kube/config",
  "~/.config/gh/hosts.yml",
  "~/.bash_history",
  "~/.zsh_history",
];

/**
 * True when a glob matches one of the credential files at a fixed place,
 * part for part, a leading wildcard not matching a leading dot (no dotglob):
 * `/e*\/shadow` and `/etc/[s]hadow` name /etc/shadow wherever the glob is.
 */
function globNamesKnownPath(t: string): boolean {
  const whole = globMatcher(t);
  if (whole === null) return false;
  const parts = t.split("/");
  return KNOWN_CREDENTIAL_PATHS.some((path) => {
    const names = path.split("/");
    return names.length === parts.length && whole.test(path) &&
      parts.every((part, i) => !/^[*?[]/.test(part) || !names[i]!.startsWith("."));
  });
}

function globNamesCredential(t: string): boolean {
  const firstGlob = t.search(/[*?[]/);
  if (firstGlob < 0) return false;
  const slash = t.lastIndexOf("/", firstGlob);
  const dir = slash < 0 ? "" : t.slice(0, slash);
  if (dir !== "" && isCredentialDir(dir)) return true;
  const parts = t.slice(slash + 1).split("/");
  const matchers = parts.map((p) => globMatcher(p));
  // A directory part that is itself a glob (`~/.*/credentials`) is tried against the credential directories.
  if (parts.length > 1) {
    if (matchers[0] !== null && CREDENTIAL_DIR_NAMES.some((d) => matchers[0]!.test(d))) return true;
  }
  const last = matchers.at(-1);
  const lastText = parts.at(-1)!;
  // A bare `*` says nothing about the name; `*.ext` is tried as a key file with that extension.
  if (last === null || last === undefined || !/[^*?[\]]/.test(lastText)) return false;
  const ext = lastText.match(/^\*(\.[^*?[\]/]+)$/);
  const names = ext ? ["privkey" + ext[1]!, "server" + ext[1]!] : CREDENTIAL_NAMES;
  const where = (dir === "" ? "" : dir + "/") + parts.slice(0, -1).map((p) => p + "/").join("");
  return names.some((name) =>
    // A leading wildcard does not match a leading dot (no dotglob).
    !(name.startsWith(".") && /^[*?[]/.test(lastText)) && last.test(name) &&
    CREDENTIAL_FILES.some((re) => re.test(where + name) || re.test(name))
  );
}

/** True for a directory that holds credentials (archiving or copying it leaks them). */
export function isCredentialDir(text: string): boolean {
  const t = foldHome(text).replace(/\\/g, "/").replace(/\/+$/, "");
  if (CREDENTIAL_DIR.test(t)) return true;
  // A glob in the last part (`~/.ss?`, `~/.a*`) is tried against the credential directories' names.
  const slash = t.lastIndexOf("/");
  const last = globMatcher(t.slice(slash + 1));
  if (last === null || /[*?[]/.test(t.slice(0, slash + 1))) return false;
  const parent = t.slice(0, slash + 1);
  return CREDENTIAL_DIR_NAMES.some((d) =>
    !(/^[*?[]/.test(t.slice(slash + 1))) && last.test(d) && CREDENTIAL_DIR.test(parent + d)
  );
}

const CREDENTIAL_DIR =
  /(?:^|\/)\.(?:ssh|aws|gnupg|kube|docker|azure|password-store)$|(?:^|\/)\.config\/(?:gcloud|gh|baton)$/;
const CREDENTIAL_DIR_NAMES = [
  ".ssh",
  ".aws",
  ".gnupg",
  ".kube",
  ".docker",
  ".azure",
  ".password-store",
];

const PERSISTENCE_FILES = [
  /(?:^|\/)\.(?:bashrc|bash_profile|bash_login|bash_logout|profile|zshrc|zshenv|zprofile|zlogin|zlogout|kshrc|mkshrc|cshrc|tcshrc|login|xprofile|xinitrc|xsession|inputrc)$/,
  /(?:^|\/)\.config\/fish\/(?:config\.fish|conf\.d\/|functions\/)/,
  // Alias files and rc directories a shell or its framework sources
  // (`.bash_aliases`, `.aliases`, `.zshrc.d/`, oh-my-zsh's custom/).
  /(?:^|\/)\.[a-z0-9_-]{0,32}alias(?:es)?(?:\.[a-z]{1,8})?$/,
  /(?:^|\/)\.(?:bash|zsh|ksh|sh)(?:rc)?\.d\/|(?:^|\/)\.oh-my-zsh\/custom\/|(?:^|\/)\.(?:zsh|bash)\/[^/]+\.(?:zsh|sh|bash)$/,
  // Any rc file or shell start-up file in the home directory: shells,
  // editors (.vimrc, .exrc), REPLs (.irbrc, .psqlrc) and tools run code
  // from them; and programs put on the user's PATH.
  /^~\/\.[a-z0-9_.-]{0,32}rc(?:\.local)?$/,
  /^~\/\.(?:bash|zsh|ksh|mksh|csh|tcsh)(?!_history|_sessions)[^/]*$/,
  /^~\/(?:\.local\/)?bin\/[^/]+$/,
  /^\/etc\/bash_completion\.d\//,
  /^\/etc\/(?:profile|bash\.bashrc|bashrc|zshrc|zsh\/|zprofile|environment|rc\.local|ld\.so\.preload|crontab|cron\.|anacrontab|init\.d\/|systemd\/|xdg\/autostart|profile\.d\/)/,
  /(?:^|\/)\.ssh\/(?:authorized_keys2?|rc|config)$/,
  /(?:^|\/)\.config\/(?:systemd\/|autostart\/)/,
  /^\/(?:usr\/lib|lib|run)\/systemd\//,
  /^\/var\/spool\/cron/,
  /(?:^|\/)library\/(?:launchagents|launchdaemons)\//,
  /(?:^|\/)\.git\/hooks\//,
  /(?:^|\/)(?:microsoft\.powershell_profile|profile)\.ps1$/,
  /^\$profile$/,
  /(?:^|\/)start menu\/programs\/startup\//,
];

/**
 * True for a file whose change runs code later (shell start-up, cron, units, hooks, keys).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isPersistencePath } from "./paths.ts";
 * assert.equal(isPersistencePath("~/.bashrc"), true);
 * assert.equal(isPersistencePath(".git/hooks/pre-commit"), true);
 * assert.equal(isPersistencePath("notes/bashrc.md"), false);
 * ```
 */
export function isPersistencePath(text: string): boolean {
  const t = normalizePath(foldHome(text).replace(/\\/g, "/"));
  return PERSISTENCE_FILES.some((re) => re.test(t));
}

/** True for a privilege file (sudoers, passwd, shadow). */
export function isPrivilegePath(text: string): boolean {
  return /^\/etc\/(?:sudoers(?:\.d\/.*)?|passwd|shadow|group|gshadow|doas\.conf)$/.test(
    normalizePath(text.toLowerCase()),
  );
}

/** What a `/dev/...` (or `/proc`) path is. */
export type DeviceKind = "harmless" | "disk" | "sysrq" | "network" | "other";

/**
 * Classifies a device path; null when the path is not a device.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { deviceKind } from "./paths.ts";
 * assert.equal(deviceKind("/dev/null"), "harmless");
 * assert.equal(deviceKind("/dev/nvme0n1"), "disk");
 * assert.equal(deviceKind("/dev/tcp/203.0.113.1/80"), "network");
 * assert.equal(deviceKind("out.txt"), null);
 * ```
 */
export function deviceKind(text: string): DeviceKind | null {
  const t = text.toLowerCase();
  if (/^\/dev\/(?:tcp|udp)\//.test(t)) return "network";
  if (t === "/proc/sysrq-trigger") return "sysrq";
  if (!t.startsWith("/dev/")) return null;
  if (
    /^\/dev\/(?:null|zero|stdout|stderr|stdin|tty|fd\/[0-9]+|full|random|urandom|pts\/[0-9]+)$/
      .test(t)
  ) {
    return "harmless";
  }
  if (
    /^\/dev\/(?:sd|hd|vd|xvd|nvme|mmcblk|disk|rdisk|md|dm-|mapper\/|loop|sg|sr|st|nbd|zd|zvol|mem$|kmem$|port$|root$|mtd|ubi)/
      .test(t)
  ) {
    return "disk";
  }
  return "other";
}

/** A path under the home directory (`~/x`, `$HOME/x`, `/home/u/x`, `/Users/u/x`, `/root/x`). */
export function isUnderHome(a: Arg): boolean {
  const t = foldHome(a.text).replace(/\\/g, "/");
  return /^~[^/]*\/[^/]/.test(t) || /^\/(?:home|users)\/[^/]+\/[^/]/.test(t) ||
    /^\/root\/[^/]/.test(t) || /^[a-z]:\/users\/[^/]+\/[^/]/.test(t);
}
