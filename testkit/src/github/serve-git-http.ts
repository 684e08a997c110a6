import { spawn } from "node:child_process";
import type { IncomingMessage, ServerResponse } from "node:http";

/** `/<owner>/<name>.git/<service path>`: what git's smart HTTP asks for. */
const GIT_PATH =
  /^\/([\w.-]+)\/([\w.-]+)\.git(\/(?:info\/refs|git-upload-pack|git-receive-pack|HEAD|objects\/.*))$/;

export function gitRepositoryOf(path: string): { repo: string; service: string } | null {
  const match = GIT_PATH.exec(path);
  return match ? { repo: `${match[1]}/${match[2]}`, service: match[3] ?? "" } : null;
}

/** The token of `Authorization: Basic base64(<user>:<token>)`, as git sends an `http.extraheader` or credentials. */
export function basicAuthToken(authorization: string | undefined): string | undefined {
  const encoded = authorization?.match(/^basic\s+(\S+)$/i)?.[1];
  if (!encoded) return undefined;
  const decoded = Buffer.from(encoded, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  return colon < 0 ? undefined : decoded.slice(colon + 1) || undefined;
}

/**
 * Answers one git smart-HTTP request with `git http-backend` (CGI) over the bare repositories
 * under `projectRoot`: the same program a real git server runs, so clone, fetch and push behave
 * as they do against GitHub, hooks (branch protection) included.
 */
export function serveGitHttp({
  request,
  response,
  body,
  projectRoot,
  remoteUser,
}: {
  request: IncomingMessage;
  response: ServerResponse;
  body: Buffer;
  projectRoot: string;
  remoteUser: string;
}): Promise<void> {
  const [path = "/", query = ""] = (request.url ?? "/").split("?");
  const header = (name: string) => String(request.headers[name] ?? "");
  const child = spawn("git", ["http-backend"], {
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      GIT_PROJECT_ROOT: projectRoot,
      GIT_HTTP_EXPORT_ALL: "1",
      PATH_INFO: decodeURIComponent(path),
      QUERY_STRING: query,
      REQUEST_METHOD: request.method ?? "GET",
      CONTENT_TYPE: header("content-type"),
      CONTENT_LENGTH: String(body.length),
      HTTP_CONTENT_ENCODING: header("content-encoding"),
      GIT_PROTOCOL: header("git-protocol"),
      REMOTE_USER: remoteUser,
      REMOTE_ADDR: "127.0.0.1",
    },
    stdio: ["pipe", "pipe", "pipe"],
  });
  const out: Buffer[] = [];
  child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
  child.stderr.resume();
  // git may answer (a refusal, a finished negotiation) before it has read the whole request.
  child.stdin.on("error", () => {});
  child.stdin.end(body);
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", () => {
      const output = Buffer.concat(out);
      // CGI output: header lines, a blank line, the body (http-backend ends lines with CRLF).
      const end = output.indexOf("\r\n\r\n");
      const headerText = end < 0 ? "" : output.subarray(0, end).toString("utf8");
      const content = end < 0 ? output : output.subarray(end + 4);
      let status = 200;
      const headers: Record<string, string> = {};
      for (const line of headerText.split(/\r?\n/)) {
        const colon = line.indexOf(":");
        if (colon < 0) continue;
        const name = line.slice(0, colon).trim();
        const value = line.slice(colon + 1).trim();
        if (name.toLowerCase() === "status") status = Number.parseInt(value, 10) || 200;
        else headers[name] = value;
      }
      response.writeHead(status, headers).end(content);
      resolve();
    });
  });
}
