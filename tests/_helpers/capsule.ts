/**
 * Test helper: builds valid capsules in memory (id computed) for store,
 * parse and briefing tests.
 * @module
 */
import { computeCapsuleId } from "../../core/capsule/capsule_id.ts";
import { type Capsule, CAPSULE_SCHEMA, type Claim } from "../../core/capsule/types.ts";
import { notARepoFacts } from "../../core/facts/empty_facts.ts";
import { emptyMeaning } from "../../core/capsule/empty_meaning.ts";
import type { Authorship } from "../../core/trust/authorship_line.ts";

/** A claim with defaults. */
export function claim(text: string, extra: Partial<Claim> = {}): Claim {
  return {
    text,
    provenance: "assistant",
    trust: "claimed",
    evidence_refs: [],
    captured_at: "2026-11-01T00:00:00.000Z",
    ...extra,
  };
}

/** A capsule with an empty meaning and no repository facts, then `patch` applied, id computed. */
export async function makeCapsule(
  patch: (c: Omit<Capsule, "id">) => void | Promise<void> = () => {},
): Promise<Capsule> {
  const body: Omit<Capsule, "id"> = {
    schema: CAPSULE_SCHEMA,
    previous: null,
    created_at: "2026-11-01T00:00:00.000Z",
    trigger: "manual",
    status: "active",
    origin: { tool: "baton", version: "0.1.0", host: null, session: null },
    meaning: emptyMeaning(),
    evidence: [],
    facts: notARepoFacts("2026-11-01T00:00:00.000Z"),
    facts_collected_at_ingest: false,
    carried_from: null,
    pointers_dropped: [],
    sanitize: { scan_status: "not_run", redactions: [] },
    budget: { limit_chars: 60000, used_chars: 0, dropped: [], truncated: [] },
    downgrades: [],
  };
  await patch(body);
  return { ...body, id: await computeCapsuleId(body) };
}

/** An authorship verdict of `status` as load reports it (a trusted one under "this machine"). */
export function authorshipOf(status: Authorship["status"]): Authorship {
  return {
    status,
    fingerprint: null,
    key_name: status === "trusted" ? "this machine" : null,
    detail: "",
  };
}
