import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadShareLinkKey } from "./load-share-link-key.js";
import { SHARE_LINK_KEY_BYTES, sealShareId, unsealShareId } from "./seal-share-id.js";
import { generateShareId } from "./share-id.js";

describe("sealShareId", () => {
  const key = randomBytes(SHARE_LINK_KEY_BYTES);

  it("round-trips under the same key and session, and hides the id", () => {
    const id = generateShareId();
    const sealed = sealShareId(id, "s_1", key);
    expect(sealed).not.toContain(id);
    expect(unsealShareId(sealed, "s_1", key)).toBe(id);
  });

  it("opens nothing under another key, for another session, or when damaged", () => {
    const sealed = sealShareId(generateShareId(), "s_1", key);
    expect(unsealShareId(sealed, "s_1", randomBytes(SHARE_LINK_KEY_BYTES))).toBeNull();
    expect(unsealShareId(sealed, "s_2", key)).toBeNull();
    expect(unsealShareId(`${sealed.slice(0, -2)}AA`, "s_1", key)).toBeNull();
    expect(unsealShareId("short", "s_1", key)).toBeNull();
  });
});

describe("loadShareLinkKey", () => {
  it("derives the same key from the same configured secret", async () => {
    const keyFile = join(await mkdtemp(join(tmpdir(), "baton-key-")), "unused.key");
    const a = await loadShareLinkKey({ secret: "configured", keyFile });
    expect(a).toHaveLength(SHARE_LINK_KEY_BYTES);
    expect(Buffer.from(await loadShareLinkKey({ secret: "configured", keyFile })).equals(a)).toBe(true);
    expect(Buffer.from(await loadShareLinkKey({ secret: "other", keyFile })).equals(a)).toBe(false);
    await expect(stat(keyFile)).rejects.toThrow();
  });

  it("creates a private key file once and reads it back afterwards", async () => {
    const keyFile = join(await mkdtemp(join(tmpdir(), "baton-key-")), "nested", "share-link.key");
    const first = await loadShareLinkKey({ keyFile });
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    expect(Buffer.from(await loadShareLinkKey({ keyFile })).equals(first)).toBe(true);
    expect((await readFile(keyFile, "utf8")).trim()).toBe(Buffer.from(first).toString("hex"));
  });

  it("refuses a damaged key file with a message that says how to fix it", async () => {
    const keyFile = join(await mkdtemp(join(tmpdir(), "baton-key-")), "share-link.key");
    await writeFile(keyFile, "not a key");
    await expect(loadShareLinkKey({ keyFile })).rejects.toThrow(/BATON_SHARE_KEY/);
  });
});
