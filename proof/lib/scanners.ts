// What the scanners themselves recorded, so the scanner proof rests on their own records rather
// than on requests the test made: sqlmap's traffic file (-t) and wapiti's session database.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Runs a scanner without blocking this process: the loopback SMTP peer the shop mails to lives
 * here, and a blocked event loop would hold every request that sends mail until its timeout.
 */
export function runTool(command: string, args: string[], timeoutMs: number) {
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

export interface SqlmapTraffic {
  /** Requests sqlmap logged as sent, with their request line. */
  requests: { method: string; path: string }[];
  /** The answers it logged, in order: status and the shop's X-Request-Id, if any. */
  responses: { status: number; requestId: string | undefined }[];
}

/** sqlmap's `-t FILE` log: "HTTP request [#n]:" blocks, each answered by "HTTP response [#n] (...)". */
export function readSqlmapTraffic(file: string): SqlmapTraffic {
  // Request heads end their lines with CRLF, the rest with LF.
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').replace(/\r\n/g, '\n') : '';
  const requests = [...text.matchAll(/^HTTP request \[#\d+\]:\n(\S+) (\S+) HTTP/gm)].map((m) => ({
    method: m[1]!,
    path: m[2]!,
  }));
  const responses = [
    ...text.matchAll(/^HTTP response \[#\d+\] \((\d{3})[^\n]*\n([\s\S]*?)\n\n/gm),
  ].map((m) => ({
    status: Number(m[1]),
    requestId: /^x-request-id: (\S+)$/im.exec(m[2]!)?.[1],
  }));
  return { requests, responses };
}

/** The parameters sqlmap's output says it ran its injection tests on ("GET parameter 'q'"...). */
export function sqlmapTestedParameters(output: string): string[] {
  const names = [
    ...output.matchAll(/testing for SQL injection on (?:\(custom\) )?\S+ parameter '([^']+)'/g),
  ];
  return [...new Set(names.map((m) => m[1]!))];
}

export interface WapitiSession {
  /** The resources wapiti crawled (not its attack requests), with the status the shop answered. */
  crawled: { method: string; url: string; status: number | null }[];
  /** Per attack module, the URLs of the resources it finished attacking. */
  attacked: Record<string, string[]>;
}

// Wapiti 3.0.4's session is SQLite: `paths` holds the crawled resources (evil = 0) and
// `attack_log` a row per resource an attack module went through. Read with the Python that
// runs wapiti (Node 20 has no SQLite).
const READ_SESSION = `
import json, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
crawled = [list(r) for r in db.execute("select method, path, http_status from paths where evil = 0")]
attacked = {}
for module, url in db.execute("select a.module_name, p.path from attack_log a join paths p using (path_id)"):
    attacked.setdefault(module, []).append(url)
print(json.dumps({"crawled": crawled, "attacked": attacked}))
`;

/** The session database wapiti wrote under `--store-session dir`. */
export function readWapitiSession(dir: string): WapitiSession {
  const db = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.db'))
    .map((f) => path.join(dir, f))[0];
  if (!db) throw new Error(`wapiti left no session database in ${dir}`);
  const run = spawnSync('python3', ['-c', READ_SESSION, db], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`reading ${db}: ${run.stderr}`);
  const raw = JSON.parse(run.stdout) as {
    crawled: [string, string, number | null][];
    attacked: Record<string, string[]>;
  };
  return {
    crawled: raw.crawled.map(([method, url, status]) => ({ method, url, status })),
    attacked: raw.attacked,
  };
}
