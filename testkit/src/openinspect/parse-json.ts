/** A JSON body, or undefined when it is empty or not JSON (the fake answers such bodies as the real one does). */
export function parseJson(body: Buffer): unknown {
  if (body.length === 0) return undefined;
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    return undefined;
  }
}
