/**
 * `baton trust`: which keys' capsules may keep `verified` and `observed` on
 * this machine. The files live in the baton home (commands/_adapters/home.ts), never
 * in a repository.
 * @module
 */
import { InputError, UsageError } from "../core/errors.ts";
import { type Command, safeWord, stringFlag } from "./_cli/command.ts";
import { boolFlag } from "./_cli/command.ts";
import { closestMatch } from "../core/closest.ts";
import { printJson } from "./_adapters/context.ts";
import type { Io } from "./_adapters/io.ts";
import { readInput } from "./_cli/read_input.ts";

const SUBCOMMANDS = ["list", "show-key", "add", "remove"] as const;
/** Largest public key file read. */
const MAX_KEY_FILE_BYTES = 64 * 1024;

/** The trust command. */
export const trustCommand: Command = {
  name: "trust",
  category: "setup",
  summary: "List, add or remove the keys whose capsules keep verified",
  usage: "[list | show-key | add KEY-OR-FILE --name NAME | remove NAME]",
  description: [
    "Every capsule baton writes is signed with this machine's Ed25519 key, made on first use and kept, with the list of trusted keys, in the baton home: $BATON_HOME if set, else $XDG_CONFIG_HOME/baton, else %APPDATA%\\baton on Windows, else ~/.config/baton (signing_key.jwk, mode 0600, in a 0700 directory; trusted_keys.json, mode 0600).",
    "On every read, verified and observed survive only in a capsule whose signature verifies under a trusted key; any other capsule (unsigned, signed by an unknown key, or with a signature that fails) is capped to claimed throughout. This machine's own key is trusted implicitly.",
    "list (the default) prints this machine's key and the trusted keys; show-key prints this machine's public key alone (making the key if there is none yet), for a teammate to add; add trusts a teammate's key, given as the text show-key prints or as a file holding it (- reads stdin), under a name; remove stops trusting the key of that name.",
    "Exit 0 on success, 2 for a malformed key, name or key file, 3 when remove names no trusted key, 5 when a file cannot be read or written.",
  ].join("\n\n"),
  examples: [
    "baton trust",
    "baton trust show-key > me.pub",
    "baton trust add alice.pub --name alice",
    "baton trust add ed25519:AbC...xyz --name bob",
    "baton trust remove alice",
    "baton trust list --json",
  ],
  maxPositionals: 2,
  flags: [
    {
      name: "name",
      type: "string",
      value: "NAME",
      summary: "The name a key is trusted under (add; 1-64 letters, digits, . _ @ -)",
    },
  ],
  async run(args, io) {
    const sub = args.positionals[0] ?? "list";
    if (!(SUBCOMMANDS as readonly string[]).includes(sub)) {
      const hint = closestMatch(sub, SUBCOMMANDS);
      throw new UsageError(
        `Unknown trust action ${safeWord(sub)}: expected list, show-key, add or remove` +
          (hint === undefined ? "" : ` (did you mean ${hint}?)`),
      );
    }
    const json = boolFlag(args, "json");
    const arg = args.positionals[1];
    if ((sub === "list" || sub === "show-key") && arg !== undefined) {
      throw new UsageError(`Too many arguments for "trust ${sub}": it takes none`);
    }
    if (sub !== "add" && stringFlag(args, "name") !== undefined) {
      throw new UsageError(`The --name flag belongs to "trust add", not "trust ${sub}"`);
    }
    const ring = await import("./_adapters/key_ring.ts");
    const paths = ring.keyPaths(io);
    if (!paths.ok) throw new UsageError(`Cannot find the baton home: ${paths.reason}`);
    if (sub === "show-key") return await showKey(io, json);
    if (sub === "list") return await list(io, json);
    if (sub === "add") return await add(io, arg, stringFlag(args, "name"), json);
    if (arg === undefined) {
      throw new UsageError('Missing NAME: expected "baton trust remove NAME"');
    }
    const { removeTrustedKey } = await import("../core/trust/trusted_keys.ts");
    const before = await entries(io);
    const after = removeTrustedKey(before, arg);
    const path = await ring.writeTrustedKeyEntries(io, after);
    if (json) printJson(io, { removed: arg, path, keys: after });
    else {
      io.stdout.write(
        `No longer trusted: "${arg}"; capsules it signed are capped to claimed from now on\n`,
      );
    }
    return 0;
  },
};

async function entries(io: Io) {
  const ring = await import("./_adapters/key_ring.ts");
  try {
    return await ring.readTrustedKeyEntries(io);
  } catch (e) {
    throw ring.keyFileError(e, "read the trusted keys");
  }
}

async function ownKey(
  io: Io,
  create: boolean,
): Promise<{ publicKey: string; fingerprint: string } | null> {
  const ring = await import("./_adapters/key_ring.ts");
  try {
    if (create) return (await ring.loadOrCreateSigningKey(io)).key;
    return await ring.readOwnPublicKey(io);
  } catch (e) {
    throw ring.keyFileError(e, "use this machine's signing key");
  }
}

async function showKey(io: Io, json: boolean): Promise<number> {
  const ring = await import("./_adapters/key_ring.ts");
  const paths = ring.keyPaths(io);
  const key = (await ownKey(io, true))!;
  if (json) {
    printJson(io, {
      public_key: key.publicKey,
      fingerprint: key.fingerprint,
      path: paths.ok ? paths.signingKey : null,
    });
  } else io.stdout.write(`${key.publicKey}\n`);
  return 0;
}

async function list(io: Io, json: boolean): Promise<number> {
  const ring = await import("./_adapters/key_ring.ts");
  const paths = ring.keyPaths(io);
  if (!paths.ok) return 2;
  const own = await ownKey(io, false);
  const keys = await entries(io);
  if (json) {
    printJson(io, {
      home: paths.home,
      own: own === null
        ? null
        : { public_key: own.publicKey, fingerprint: own.fingerprint, path: paths.signingKey },
      keys,
      trusted_keys_path: paths.trustedKeys,
    });
    return 0;
  }
  if (own === null) {
    io.stdout.write(
      `This machine has no signing key yet: the first capsule written makes one (or run baton trust show-key); it goes in ${paths.signingKey}\n`,
    );
  } else {
    io.stdout.write(
      `This machine's key (trusted implicitly), ${paths.signingKey}:\n  ${own.publicKey}\n  fingerprint ${own.fingerprint}\n`,
    );
  }
  if (keys.length === 0) {
    io.stdout.write(
      "No teammate's key is trusted yet: add one with baton trust add KEY-OR-FILE --name NAME\n",
    );
    return 0;
  }
  io.stdout.write(`Trusted keys, ${paths.trustedKeys}:\n`);
  const width = Math.max(...keys.map((k) => k.name.length));
  for (const k of keys) {
    io.stdout.write(
      `  ${
        k.name.padEnd(width)
      }  ${k.public_key}  fingerprint ${k.fingerprint}  added ${k.added_at}\n`,
    );
  }
  return 0;
}

async function add(
  io: Io,
  source: string | undefined,
  name: string | undefined,
  json: boolean,
): Promise<number> {
  if (source === undefined) {
    throw new UsageError('Missing KEY-OR-FILE: expected "baton trust add KEY-OR-FILE --name NAME"');
  }
  if (name === undefined) {
    throw new UsageError(
      'Missing --name: expected "baton trust add KEY-OR-FILE --name NAME" (the name you will remove it by)',
    );
  }
  const { parsePublicKey } = await import("../core/trust/public_key.ts");
  const { addTrustedKey, checkKeyName } = await import("../core/trust/trusted_keys.ts");
  checkKeyName(name);
  let text: string;
  if (source.startsWith("ed25519:")) text = source;
  else {
    const bytes = await readInput(io, source, {
      maxBytes: MAX_KEY_FILE_BYTES,
      what: "public key file",
      missingCode: "public_key_missing",
    });
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      throw new InputError(
        "Cannot read the public key: the file is not UTF-8 text",
        "public_key_invalid",
      );
    }
  }
  const publicKey = parsePublicKey(text);
  let ownFingerprint: string | null = null;
  try {
    ownFingerprint = (await ownKey(io, false))?.fingerprint ?? null;
  } catch {
    ownFingerprint = null; // an unusable own key cannot be the one being added
  }
  const after = await addTrustedKey(await entries(io), {
    name,
    publicKey,
    addedAt: io.now().toISOString(),
    ownFingerprint,
  });
  const ring = await import("./_adapters/key_ring.ts");
  const path = await ring.writeTrustedKeyEntries(io, after);
  const added = after[after.length - 1]!;
  if (json) printJson(io, { added, path, keys: after });
  else {
    io.stdout.write(
      `Trusted "${added.name}" (fingerprint ${added.fingerprint}): capsules it signs may keep verified and observed\n`,
    );
  }
  return 0;
}
