/**
 * `baton uninstall HOST...`: removes only what baton installed, putting a
 * user's earlier config back byte for byte when nothing else changed it.
 * @module
 */
import type { Command } from "./_cli/command.ts";
import { runHostPlans, SCOPE_FLAGS } from "./_cli/hosts_args.ts";

/** The uninstall command. */
export const uninstallCommand: Command = {
  name: "uninstall",
  category: "setup",
  summary: "Remove what baton installed into agent hosts",
  description: [
    "For each host removes the files baton wrote (only those carrying its marker) and its own hook entries, recognised by their command (baton's binary or main.ts followed by hook EVENT --host HOST); every other entry and setting stays. When nothing but baton's entries changed a config since install, the backup taken then is put back byte for byte; a config baton created and that holds nothing else is removed.",
    "baton's entries in .git/info/exclude go too, and when none is left the exclude file is what it was before install, byte for byte (removed if baton created it). A config that cannot be parsed stops the uninstall before anything is written.",
  ].join("\n\n"),
  usage: "HOST...",
  maxPositionals: 16,
  examples: [
    "baton uninstall claude-code",
    "baton uninstall all --user --dry-run",
  ],
  flags: [...SCOPE_FLAGS],
  run: (args, io) => runHostPlans(args, io, { action: "uninstall" }),
};
