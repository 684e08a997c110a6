/**
 * `text`, at most `maxChars` long: the head and the tail kept (a failing test prints its verdict
 * last), with a line saying how much was left out between them.
 */
export function capText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const keep = Math.max(0, maxChars - 60);
  const head = text.slice(0, Math.ceil(keep / 2));
  const tail = text.slice(text.length - Math.floor(keep / 2));
  return `${head}\n… ${text.length - head.length - tail.length} characters left out …\n${tail}`;
}
