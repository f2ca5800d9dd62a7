// A small stdio "server" for the record tests, each behaviour asked for by a request's method:
//   echo      answers {result: params}
//   burst     sends params.count notifications in one write, then answers
//   die       kills itself with SIGKILL (a server that crashes mid-call)
//   anything  else with an id: answers {result: {}}
// `pieces FILE` instead writes FILE's pieces (a JSON array of strings), one for each
// line it reads, then exits: the test sees exactly which bytes were sent when.
// On SIGINT, SIGTERM or SIGHUP it says goodbye (a notification naming the signal) and
// exits 0; it exits when its stdin ends.
import { readFileSync } from 'node:fs';

const out = (text, done) => process.stdout.write(text, done);

if (process.argv[2] === 'pieces') {
  const pieces = JSON.parse(readFileSync(process.argv[3], 'utf8'));
  let next = 0;
  onLines(() => {
    if (next < pieces.length) out(pieces[next++]);
    if (next === pieces.length) process.exit(0);
  });
} else {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
    process.on(signal, () =>
      out(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/bye', params: { signal } })}\n`, () =>
        process.exit(0),
      ),
    );
  onLines(answer);
}

/** Calls `each` with every line read (pieces joined only when a line ends: a 50 MB line costs one join). */
function onLines(each) {
  let parts = [];
  process.stdin.setEncoding('utf8').on('data', (chunk) => {
    let from = 0;
    for (let nl = chunk.indexOf('\n'); nl !== -1; nl = chunk.indexOf('\n', from)) {
      parts.push(chunk.slice(from, nl));
      const line = parts.join('');
      parts = [];
      from = nl + 1;
      each(line);
    }
    if (from < chunk.length) parts.push(chunk.slice(from));
  });
}

function answer(line) {
  let msg;
  try {
    msg = JSON.parse(line);
  } catch {
    return;
  }
  if (msg.method === 'die') process.kill(process.pid, 'SIGKILL');
  if (msg.method === 'burst') {
    const one = (i) => JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { i } });
    out(`${Array.from({ length: msg.params.count }, (_, i) => one(i)).join('\n')}\n`);
  }
  if (msg.id === undefined) return;
  out(`${JSON.stringify({ jsonrpc: '2.0', id: msg.id, result: msg.method === 'echo' ? msg.params : {} })}\n`);
}
