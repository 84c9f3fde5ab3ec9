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
    "For each host removes the files baton wrote (only those carrying its marker, that git does not track and that are exactly the text baton wrote: anything else is left, with a note) and its own hook entries, recognised by their command (baton's binary or main.ts followed by hook EVENT --host HOST); every other entry and setting stays. When nothing but baton's entries changed a config since install, the backup taken then is put back byte for byte; a config baton created and that holds nothing else is removed (unless git tracks it). A rules block counts as baton's only when its text is the one baton recorded when it wrote it (in the clone's git directory, or the baton home outside git) or exactly the one it writes: a begin line alone is not enough.",
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
