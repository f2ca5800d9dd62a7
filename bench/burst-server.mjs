// A stdio server for the recorder's throughput figures: on {"method":"burst","params":{"count":N,"size":S}}
// it sends N notifications of about S bytes each (waiting whenever its stdout is full),
// then answers the request; it exits when its stdin ends.
const note = (i, pad) => `{"jsonrpc":"2.0","method":"notifications/message","params":{"i":${i},"pad":"${pad}"}}\n`;

async function burst(id, count, size) {
  const pad = 'x'.repeat(Math.max(0, size - note(0, '').length - 6));
  const BATCH = 256;
  for (let i = 0; i < count; i += BATCH) {
    let chunk = '';
    for (let k = i; k < Math.min(count, i + BATCH); k++) chunk += note(k, pad);
    if (!process.stdout.write(chunk)) await new Promise((resolve) => process.stdout.once('drain', resolve));
  }
  process.stdout.write(`{"jsonrpc":"2.0","id":${id},"result":{"sent":${count}}}\n`);
}

let parts = [];
process.stdin.setEncoding('utf8').on('data', (chunk) => {
  let from = 0;
  for (let nl = chunk.indexOf('\n'); nl !== -1; nl = chunk.indexOf('\n', from)) {
    parts.push(chunk.slice(from, nl));
    const msg = JSON.parse(parts.join(''));
    parts = [];
    from = nl + 1;
    if (msg.method === 'burst') void burst(msg.id, msg.params.count, msg.params.size);
  }
  if (from < chunk.length) parts.push(chunk.slice(from));
});
