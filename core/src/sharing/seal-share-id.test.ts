import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
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

const CONFIGURED = "configured-secret-9f2c7a1e4b8d6053a7";
const OTHER = "another-secret-0d4e6b9a2c7f1358e2";

describe("loadShareLinkKey", () => {
  it("refuses a weak configured secret at startup, saying how to make one", async () => {
    const keyFile = join(await mkdtemp(join(tmpdir(), "baton-key-")), "unused.key");
    await expect(loadShareLinkKey({ secret: "hunter2", keyFile })).rejects.toThrow(/at least 32 characters/);
    await expect(loadShareLinkKey({ secret: "a".repeat(40), keyFile })).rejects.toThrow(
      /BATON_SHARE_KEY is too weak/,
    );
  });

  it("derives the same key from the same configured secret", async () => {
    const keyFile = join(await mkdtemp(join(tmpdir(), "baton-key-")), "unused.key");
    const a = await loadShareLinkKey({ secret: CONFIGURED, keyFile });
    expect(a).toHaveLength(SHARE_LINK_KEY_BYTES);
    expect(Buffer.from(await loadShareLinkKey({ secret: CONFIGURED, keyFile })).equals(a)).toBe(true);
    expect(Buffer.from(await loadShareLinkKey({ secret: OTHER, keyFile })).equals(a)).toBe(false);
    await expect(stat(keyFile)).rejects.toThrow();
  });

  it("creates a private key file once and reads it back afterwards", async () => {
    const keyFile = join(await mkdtemp(join(tmpdir(), "baton-key-")), "nested", "share-link.key");
    const first = await loadShareLinkKey({ keyFile });
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    // The data directory it creates is the operator's alone.
    expect((await stat(dirname(keyFile))).mode & 0o777).toBe(0o700);
    expect(Buffer.from(await loadShareLinkKey({ keyFile })).equals(first)).toBe(true);
    expect((await readFile(keyFile, "utf8")).trim()).toBe(Buffer.from(first).toString("hex"));
  });

  it("refuses a damaged key file with a message that says how to fix it", async () => {
    const keyFile = join(await mkdtemp(join(tmpdir(), "baton-key-")), "share-link.key");
    await writeFile(keyFile, "not a key");
    await expect(loadShareLinkKey({ keyFile })).rejects.toThrow(/BATON_SHARE_KEY/);
  });
});
