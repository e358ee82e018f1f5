// The softphone page: joins a call's media room as an app participant (docs/softphone.md).
import { startAudio } from '/phone/phone-audio.js';

const FRAME_BYTES = 640;
const ROOM_RATE = 16000;
/** Seconds of received audio kept for the level readout (and for tests, through window.sentralPhone). */
const KEEP_SECONDS = 10;

const CLOSE_REASONS = {
  1000: 'left',
  1001: 'the media node is stopping',
  1006: 'the connection was lost',
  4401: 'the token is invalid, expired or superseded by a newer one: paste a new connection (POST /v1/calls/{id}/participants/{participantId}/token)',
  4404: 'no such participant in a call on this media node',
  4409: 'replaced by a newer connection of the same participant',
  4410: 'removed from the call, or the call ended',
};

const $ = (id) => document.getElementById(id);
const ui = {
  form: $('connect'),
  connection: $('connection'),
  join: $('join'),
  state: $('state'),
  participant: $('participant'),
  mute: $('mute'),
  leave: $('leave'),
  inputMeter: $('input-meter'),
  outputMeter: $('output-meter'),
  inputValue: $('input-value'),
  outputValue: $('output-value'),
  events: $('events'),
};

let socket = null;
let audio = null;
let muted = false;
let state = 'idle';
let participantId = null;
let callId = null;
let sentFrames = 0;
let receivedFrames = 0;
const received = new Int16Array(ROOM_RATE * KEEP_SECONDS);
let receivedAt = 0;
const events = [];

/** Reads a connection from what a user pastes: the participant's JSON (or its `connection`), or `ws…?token=`. */
export function parseConnection(text) {
  const trimmed = text.trim();
  if (trimmed === '') throw new Error('Paste the participant\'s connection first.');
  if (trimmed.startsWith('{')) {
    const value = JSON.parse(trimmed);
    const connection = value.connection ?? value;
    if (typeof connection.url !== 'string' || typeof connection.token !== 'string') throw new Error('The JSON has no connection {url, token}.');
    return { url: connection.url, token: connection.token };
  }
  const url = new URL(trimmed);
  const token = url.searchParams.get('token');
  if (!token) throw new Error('The URL has no token.');
  url.searchParams.delete('token');
  return { url: url.toString(), token };
}

function log(text) {
  const at = new Date();
  events.push({ at: at.toISOString(), text });
  const item = document.createElement('li');
  const time = document.createElement('time');
  time.textContent = at.toLocaleTimeString();
  item.append(time, ' ', text);
  ui.events.prepend(item);
}

function setState(next) {
  state = next;
  ui.state.textContent = next;
  document.body.dataset.state = next;
  const live = next === 'connecting' || next === 'joined';
  ui.join.disabled = live;
  ui.connection.disabled = live;
  ui.mute.disabled = next !== 'joined';
  ui.leave.disabled = !live;
  ui.join.textContent = next === 'closed' ? 'Reconnect' : 'Join';
}

function setMuted(value) {
  muted = value;
  audio?.setMuted(value);
  ui.mute.setAttribute('aria-pressed', String(value));
  ui.mute.textContent = value ? 'Unmute' : 'Mute';
  if (state === 'joined') log(value ? 'muted' : 'unmuted');
}

function keep(frame) {
  const samples = new Int16Array(frame);
  for (let i = 0; i < samples.length; i++) received[(receivedAt + i) % received.length] = samples[i];
  receivedAt = (receivedAt + samples.length) % received.length;
}

/** RMS of the last `ms` of received audio, in PCM16 units (0 to 32767). */
function receivedLevel(ms) {
  const n = Math.min(received.length, Math.round((ms * ROOM_RATE) / 1000), receivedFrames * (FRAME_BYTES / 2));
  if (n === 0) return 0;
  let sum = 0;
  for (let i = 1; i <= n; i++) {
    const v = received[(receivedAt - i + received.length) % received.length];
    sum += v * v;
  }
  return Math.sqrt(sum / n);
}

async function join(connection) {
  if (state === 'connecting' || state === 'joined') return;
  setState('connecting');
  try {
    audio ??= await startAudio((frame) => {
      if (socket?.readyState === WebSocket.OPEN && state === 'joined') {
        socket.send(frame);
        sentFrames += 1;
      }
    });
    audio.setMuted(muted);
  } catch (err) {
    log(`microphone unavailable: ${err.message}`);
    setState('closed');
    return;
  }
  const url = new URL(connection.url);
  url.searchParams.set('token', connection.token);
  log(`connecting to ${url.origin}${url.pathname}`);
  const ws = new WebSocket(url);
  ws.binaryType = 'arraybuffer';
  socket = ws;
  ws.onmessage = (event) => {
    if (ws !== socket) return;
    if (typeof event.data !== 'string') {
      if (event.data.byteLength !== FRAME_BYTES) return;
      receivedFrames += 1;
      keep(event.data);
      audio.play(event.data);
      return;
    }
    let message;
    try {
      message = JSON.parse(event.data);
    } catch {
      return;
    }
    if (message.type === 'joined') {
      participantId = message.participantId;
      callId = message.callId;
      ui.participant.textContent = `${message.participantId} in ${message.callId}`;
      setState('joined');
      log(`joined ${message.callId} as ${message.participantId} (${message.kind})`);
    } else if (message.type === 'error') {
      log(`error ${message.code}: ${message.message}`);
    } else if (message.type === 'participant') {
      log(`participant ${message.participantId} (${message.kind}) ${message.event}`);
    } else if (message.type === 'data') {
      log(`message from ${message.from}: ${message.payload}`);
    } else {
      log(`${message.type}: ${event.data}`);
    }
  };
  ws.onclose = (event) => {
    if (ws !== socket) return;
    socket = null;
    log(`closed ${event.code}: ${CLOSE_REASONS[event.code] ?? (event.reason || 'closed')}`);
    setState('closed');
  };
}

function leave() {
  if (!socket) return;
  socket.close(1000, 'left');
}

function meter(bar, label, level) {
  const db = level > 0 ? 20 * Math.log10(level) : -Infinity;
  const fraction = Math.max(0, Math.min(1, (db + 60) / 60));
  bar.style.transform = `scaleX(${fraction})`;
  label.textContent = Number.isFinite(db) && db > -60 ? `${db.toFixed(0)} dB` : '—';
}

function draw() {
  const levels = audio?.levels() ?? { input: 0, output: 0 };
  meter(ui.inputMeter, ui.inputValue, levels.input);
  meter(ui.outputMeter, ui.outputValue, levels.output);
  requestAnimationFrame(draw);
}

ui.form.addEventListener('submit', (event) => {
  event.preventDefault();
  try {
    void join(parseConnection(ui.connection.value));
  } catch (err) {
    log(err.message);
  }
});
ui.mute.addEventListener('click', () => setMuted(!muted));
ui.leave.addEventListener('click', leave);

/** What tests and the curious can read: state, counters, levels, and the audio received. */
window.sentralPhone = {
  get state() {
    return state;
  },
  get participantId() {
    return participantId;
  },
  get callId() {
    return callId;
  },
  get sentFrames() {
    return sentFrames;
  },
  get receivedFrames() {
    return receivedFrames;
  },
  get muted() {
    return muted;
  },
  events,
  levels: () => audio?.levels() ?? null,
  receivedLevel,
};

setState('idle');
requestAnimationFrame(draw);
// A connection in the fragment (`#url=…&token=…`) never reaches a server log; it is removed from the
// address bar and history at once.
if (location.hash.length > 1) {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const url = fragment.get('url');
  const token = fragment.get('token');
  history.replaceState(null, '', location.pathname + location.search);
  if (url && token) {
    ui.connection.value = JSON.stringify({ url, token });
    log('connection read from the link; press Join');
  }
}
