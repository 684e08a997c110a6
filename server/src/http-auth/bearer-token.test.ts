import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { createBearerCheck, createSecretMatcher, readBearerToken } from "./bearer-token.js";

const withAuthorization = (authorization?: string) =>
  ({ headers: authorization === undefined ? {} : { authorization } }) as IncomingMessage;

describe("bearer tokens", () => {
  it("reads the token of a Bearer header and nothing else", () => {
    expect(readBearerToken(withAuthorization("Bearer abc.def"))).toBe("abc.def");
    expect(readBearerToken(withAuthorization("Basic YWRtaW46cw=="))).toBeUndefined();
    expect(readBearerToken(withAuthorization())).toBeUndefined();
  });

  it("matches only the exact secret, whatever the length of the guess", () => {
    const matches = createSecretMatcher("s3cret-token-of-some-length");
    expect(matches("s3cret-token-of-some-length")).toBe(true);
    expect(matches("s3cret-token-of-some-lengt")).toBe(false);
    expect(matches("s3cret-token-of-some-length!")).toBe(false);
    expect(matches("")).toBe(false);
  });

  it("checks a request's bearer token", () => {
    const isAuthorized = createBearerCheck("operator-token-0123456789");
    expect(isAuthorized(withAuthorization("Bearer operator-token-0123456789"))).toBe(true);
    expect(isAuthorized(withAuthorization("Bearer operator-token-012345678"))).toBe(false);
    expect(isAuthorized(withAuthorization())).toBe(false);
  });
});
