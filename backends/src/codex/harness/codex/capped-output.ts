/** Collects a process's output, keeping its first and last `maxBytes / 2` bytes when it runs long. */
export function createCappedOutput(maxBytes: number) {
  const half = Math.floor(maxBytes / 2);
  let head = Buffer.alloc(0);
  let tail = Buffer.alloc(0);
  let dropped = 0;
  return {
    push(chunk: Buffer) {
      if (head.length < half) {
        const room = half - head.length;
        head = Buffer.concat([head, chunk.subarray(0, room)]);
        chunk = chunk.subarray(room);
      }
      if (chunk.length === 0) return;
      tail = Buffer.concat([tail, chunk]);
      if (tail.length > half) {
        dropped += tail.length - half;
        tail = tail.subarray(tail.length - half);
      }
    },
    text(): string {
      const gap = dropped > 0 ? `\n… ${dropped} bytes left out …\n` : "";
      return `${head.toString("utf8")}${gap}${tail.toString("utf8")}`;
    },
  };
}
