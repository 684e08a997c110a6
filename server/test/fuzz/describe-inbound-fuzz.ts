import fc from "fast-check";
import type { Redis } from "ioredis";
import { expect, it } from "vitest";
import type { FuzzInboundAdapter } from "./inbound-adapter.js";
import { sendRaw } from "./send-raw.js";

/** Enough random cases to find shallow crashes, few enough that each property stays well under a few seconds. */
export const FUZZ_RUNS = 40;
const ONE_MIB = 1024 * 1024;

export interface FuzzTarget {
  url: string;
  redis: Redis;
  prefix: string;
}

const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "application/json; charset=utf-16le",
  "application/x-www-form-urlencoded",
  "text/plain",
  "multipart/form-data; boundary=x",
  "",
];

/** Header values a client can put on the wire (visible ASCII and spaces), from empty to long. */
const headerValue = fc.oneof(
  fc.string({
    unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
    maxLength: 300,
  }),
  fc.constantFrom("", "v0=", "sha256=", "0", "-1", "1e309", "NaN", " ", "v0=".padEnd(67, "0")),
);

/** Bodies of every shape: bytes, JSON values, text in other encodings, near and over the size limit. */
const anyBody: fc.Arbitrary<Buffer> = fc.oneof(
  fc.uint8Array({ maxLength: 2048 }).map((bytes) => Buffer.from(bytes)),
  fc.json({ maxDepth: 4 }).map((json) => Buffer.from(json)),
  fc.string({ maxLength: 500 }).map((text) => Buffer.from(text, "utf16le")),
  fc.string({ maxLength: 500 }).map((text) => Buffer.from(text, "latin1")),
  fc.integer({ min: ONE_MIB - 16, max: ONE_MIB + 4096 }).map((size) => Buffer.alloc(size, 0x7b)),
);

/** Nothing of a conversation was written: no delivery claim, turn, inbox, nor intake entry. */
async function expectNothingStored(target: FuzzTarget): Promise<void> {
  expect(await target.redis.keys(`${target.prefix}:conv:*`)).toEqual([]);
  expect(await target.redis.xlen(`${target.prefix}:intake`)).toBe(0);
}

async function expectStillServing(target: FuzzTarget): Promise<void> {
  expect((await fetch(`${target.url}/healthz`)).status).toBe(200);
}

/**
 * The properties every inbound adapter keeps under bad input: sent through the real gateway over
 * HTTP, nothing unsigned, tampered or stale is stored, every answer is a 4xx (or an ignored 200 for
 * a signed body the adapter does not act on), and the process keeps serving.
 */
export function describeInboundFuzz(adapter: FuzzInboundAdapter, target: () => FuzzTarget): void {
  const url = () => `${target().url}${adapter.path}`;
  const nowS = () => Math.floor(Date.now() / 1000);

  it(`${adapter.platform}: random bodies and headers without a valid signature get a 4xx and store nothing`, async () => {
    await fc.assert(
      fc.asyncProperty(
        anyBody,
        fc.constantFrom(...CONTENT_TYPES),
        fc.dictionary(
          fc.constantFrom(
            ...adapter.signatureHeaders,
            "x-slack-retry-num",
            "x-github-delivery",
            "linear-delivery",
          ),
          headerValue,
        ),
        async (body, contentType, headers) => {
          const answer = await sendRaw(url(), { "content-type": contentType, ...headers }, body);
          expect(answer.status).toBeGreaterThanOrEqual(400);
          expect(answer.status).toBeLessThan(500);
        },
      ),
      { numRuns: FUZZ_RUNS },
    );
    await expectNothingStored(target());
    await expectStillServing(target());
  });

  it(`${adapter.platform}: a valid delivery with one byte of its body or signature changed gets a 4xx and stores nothing`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat(),
        fc.boolean(),
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        async (seed, inSignature, at, flip) => {
          const timestampS = nowS();
          const text = adapter.validBody(seed, timestampS);
          const headers = adapter.sign(text, timestampS);
          let body = Buffer.from(text);
          if (inSignature) {
            const name = adapter.signatureHeaders[0] as string;
            const value = Buffer.from(headers[name] ?? "");
            const index = at % value.length;
            value[index] = ((value[index] as number) ^ flip) & 0x7f || 0x41;
            // A flip onto a control character (DEL included) is a header the client refuses to
            // send (ERR_INVALID_CHAR); keep it visible.
            if ((value[index] as number) < 0x20 || value[index] === 0x7f) value[index] = 0x41 + (flip % 26);
            headers[name] = value.toString("latin1");
            if (headers[name] === adapter.sign(text, timestampS)[name]) return;
          } else {
            body = Buffer.from(body);
            const index = at % body.length;
            body[index] = (body[index] as number) ^ flip;
          }
          const answer = await sendRaw(url(), headers, body);
          expect(answer.status).toBeGreaterThanOrEqual(400);
          expect(answer.status).toBeLessThan(500);
        },
      ),
      { numRuns: FUZZ_RUNS },
    );
    await expectNothingStored(target());
    await expectStillServing(target());
  });

  if (adapter.toleranceS !== null) {
    const tolerance = adapter.toleranceS;
    it(`${adapter.platform}: a validly signed delivery outside the clock tolerance gets a 4xx and stores nothing`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.nat(),
          fc.integer({ min: tolerance + 5, max: 10 * 365 * 24 * 3600 }),
          fc.boolean(),
          async (seed, offset, inFuture) => {
            const timestampS = nowS() + (inFuture ? offset : -offset);
            const text = adapter.validBody(seed, timestampS);
            const answer = await sendRaw(url(), adapter.sign(text, timestampS), Buffer.from(text));
            expect(answer.status).toBeGreaterThanOrEqual(400);
            expect(answer.status).toBeLessThan(500);
          },
        ),
        { numRuns: FUZZ_RUNS },
      );
      await expectNothingStored(target());
      await expectStillServing(target());
    });
  }

  it(`${adapter.platform}: validly signed bodies of any shape get a 4xx or an ignored 200, never a 5xx`, async () => {
    await fc.assert(
      fc.asyncProperty(anyBody, fc.constantFrom(...CONTENT_TYPES), async (body, contentType) => {
        const text = body.toString("utf8");
        // Signed over the bytes the gateway will read (invalid UTF-8 reads as U+FFFD either way).
        const headers = { ...adapter.sign(text, nowS()), "content-type": contentType };
        const answer = await sendRaw(url(), headers, Buffer.from(text));
        if (answer.status < 300) expect(adapter.ignoredStatuses).toContain(answer.status);
        else {
          expect(answer.status).toBeGreaterThanOrEqual(400);
          expect(answer.status).toBeLessThan(500);
        }
      }),
      { numRuns: FUZZ_RUNS },
    );
    await expectNothingStored(target());
    await expectStillServing(target());
  });

  // Last, since it stores a turn: the untouched delivery is accepted, so the properties above
  // refused what they changed, not a delivery that was never valid.
  it(`${adapter.platform}: the untouched valid delivery is accepted and stored`, async () => {
    const timestampS = nowS();
    const text = adapter.validBody(7, timestampS);
    const answer = await sendRaw(url(), adapter.sign(text, timestampS), Buffer.from(text));
    expect(answer.status).toBeGreaterThanOrEqual(200);
    expect(answer.status).toBeLessThan(300);
    expect(await target().redis.keys(`${target().prefix}:conv:*`)).not.toEqual([]);
  });
}
