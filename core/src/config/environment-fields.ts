import { z } from "zod";

/**
 * The shapes of environment variables, for the slices of the environment schema that the server
 * and each platform module declare. A platform's variables are optional: unset, it is off.
 */
export const environmentFields = {
  /** A secret or an id: absent, or at least one character. */
  optionalSecret: () => z.string().min(1).optional(),
  /**
   * An http(s) URL. A parser of URLs takes `baton.example.com:8443` for one whose scheme is
   * `baton.example.com:`, so the scheme is checked: without it every link made from it is broken.
   */
  httpUrl: () =>
    z
      .string()
      .url()
      .refine(
        // Refinements run on a value `.url()` refused too: parsed only where it parses.
        (value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol),
        "must start with http:// or https://",
      ),
  /** An API base URL (enterprise hosts, the fakes of the tests). */
  optionalUrl: () => environmentFields.httpUrl().optional(),
  /** `true`/`false`, `on`/`off`, `1`/`0`, as a boolean. */
  onOff: () =>
    z
      .enum(["true", "false", "on", "off", "1", "0"])
      .transform((value) => value === "true" || value === "on" || value === "1"),
};

/** The parsed values of a slice of the environment schema (what `loadConfig` hands a module). */
export type EnvironmentOf<TShape extends z.ZodRawShape> = z.infer<z.ZodObject<TShape>>;
