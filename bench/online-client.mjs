// One load generator process of bench/online.mjs: a slice of the merchants online, each an app on the ad-centre
// home, from one loopback source address (one process holds at most 20,000 open files on this machine, and one
// source address about 28,000 ports towards one server address). Its part comes as the first IPC message (thousands
// of tokens are more than one command-line argument may hold):
//   { url, source, tokens, mode: 'polling' | 'push', rampPerSecond, pollMs }
// polling: every pollMs (30 s, a random phase each) the home's two refreshes: statistics and the ticker.
// push:    one change stream each (GET /api/events, X-CT); on a plans or wallet notice the statistics again, on the
//          ticker's news the ticker, each after a random wait within 10 s as the app does.
// Reports to the parent over IPC every second: { open, latencies (ms, since the last report), errors, failedOpens }.
// A stream that fails to open, or drops, is opened again after one to three seconds.
import { Agent, request } from 'node:http';

const part = await new Promise((resolve) => process.once('message', resolve));
const url = new URL(part.url);
const TZ = 'Asia/Shanghai; GMT+08:00';
const STATS = '/api/ad/order/data_statistics/list?type=today&user_time_zone=Asia%2FShanghai';
const TICKER = '/api/broadcast-data';
// The calls of all the merchants of this process share kept-alive connections, as many phones would each have one.
const agent = new Agent({ keepAlive: true, maxSockets: 512, localAddress: part.source });

let latencies = [];
let errors = 0;
let open = 0;
let stopping = false;
const streams = [];
const timers = [];

function get(path, token) {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path,
        agent,
        headers: { 'x-tz': TZ, ...(token ? { 'x-ct': token } : {}), 'accept-encoding': 'gzip' },
      },
      (res) => {
        res.on('data', () => undefined);
        res.on('end', () => {
          if (res.statusCode === 200) latencies.push(performance.now() - started);
          else errors++;
          resolve();
        });
      },
    );
    req.on('error', () => {
      errors++;
      resolve();
    });
    req.end();
  });
}

const later = (ms, fn) => timers.push(setTimeout(fn, ms));

function poll(token) {
  const round = () => {
    if (stopping) return;
    void get(STATS, token);
    void get(TICKER);
    later(part.pollMs, round);
  };
  later(Math.random() * part.pollMs, round);
}

/** A stream that could not be opened is tried again after a second or three, as the app does after a failure. */
let failedOpens = 0;
/** Why opens failed: an HTTP status, an envelope's code, or a socket error's code. */
const failures = {};
const retry = (token, why) => {
  failedOpens++;
  failures[why] = (failures[why] ?? 0) + 1;
  if (!stopping) later(1000 + Math.random() * 2000, () => stream(token));
};

function stream(token) {
  const req = request(
    {
      host: url.hostname,
      port: url.port,
      path: '/api/events',
      agent: false,
      localAddress: part.source,
      headers: { 'x-ct': token, accept: 'text/event-stream' },
    },
    (res) => {
      if (!String(res.headers['content-type']).startsWith('text/event-stream')) {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () =>
          retry(
            token,
            res.statusCode === 200 ? `envelope ${/"code":(\d+)/.exec(text)?.[1]}` : `HTTP ${res.statusCode}`,
          ),
        );
        return;
      }
      let counted = false;
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        buffer += chunk;
        let cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const name = /^event: (.*)$/m.exec(block)?.[1];
          if (name === 'ready' && !counted) {
            counted = true;
            open++;
          } else if (name === 'plans' || name === 'wallet') later(Math.random() * 1000, () => void get(STATS, token));
          else if (name === 'ticker') later(Math.random() * 10_000, () => void get(TICKER));
        }
      });
      res.on('close', () => {
        if (counted) open--;
        if (stopping) return;
        errors++;
        retry(token, 'dropped');
      });
    },
  );
  req.on('error', (err) => {
    if (!stopping && !req.res) retry(token, err.code ?? 'error');
  });
  req.end();
  streams.push(req);
}

// Starting: so many merchants a second, as apps coming online.
let next = 0;
const starter = setInterval(() => {
  for (let i = 0; i < part.rampPerSecond / 10 && next < part.tokens.length; i++) {
    const token = part.tokens[next++];
    if (part.mode === 'push') stream(token);
    else poll(token);
  }
  if (next >= part.tokens.length) clearInterval(starter);
}, 100);

const reporter = setInterval(() => {
  process.send({ open, latencies, errors, started: next, failedOpens, failures });
  latencies = [];
  errors = 0;
}, 1000);

process.on('message', (m) => {
  if (m !== 'stop') return;
  stopping = true;
  clearInterval(starter);
  clearInterval(reporter);
  for (const t of timers) clearTimeout(t);
  for (const s of streams) s.destroy();
  agent.destroy();
  process.send({ open: 0, latencies, errors, started: next, done: true }, () => process.exit(0));
});
