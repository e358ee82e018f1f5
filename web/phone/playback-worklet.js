// Runs on the audio thread: plays the room's 16 kHz PCM16 frames at the context's rate through a small
// jitter buffer. Playing starts once 60 ms are buffered; more than 200 ms buffered is cut back to 60 ms
// (latency stays low when frames arrive in bursts); running dry waits for 60 ms again.

const ROOM_RATE = 16000;
const START_SAMPLES = 960;
const MAX_SAMPLES = 3200;
/** Output quanta between level reports (about 20 ms at 48 kHz). */
const LEVEL_EVERY = 8;

class PlaybackProcessor extends AudioWorkletProcessor {
  constructor() {
    super();
    this.step = ROOM_RATE / sampleRate;
    this.queue = [];
    this.offset = 0;
    this.buffered = 0;
    this.playing = false;
    this.t = 0;
    this.previous = 0;
    this.current = 0;
    this.energy = 0;
    this.counted = 0;
    this.quanta = 0;
    this.underruns = 0;
    this.dropped = 0;
    this.port.onmessage = (event) => this.push(new Int16Array(event.data));
  }

  push(frame) {
    this.queue.push(frame);
    this.buffered += frame.length;
    if (this.buffered <= MAX_SAMPLES) return;
    while (this.buffered > START_SAMPLES) {
      const head = this.queue.shift();
      this.buffered -= head.length - this.offset;
      this.offset = 0;
      this.dropped += 1;
    }
  }

  next() {
    if (!this.playing) {
      if (this.buffered < START_SAMPLES) return 0;
      this.playing = true;
    }
    const head = this.queue[0];
    if (!head) {
      this.playing = false;
      this.underruns += 1;
      return 0;
    }
    const value = head[this.offset++] / 32768;
    this.buffered -= 1;
    if (this.offset === head.length) {
      this.queue.shift();
      this.offset = 0;
    }
    return value;
  }

  process(_inputs, outputs) {
    const channels = outputs[0];
    const out = channels[0];
    for (let i = 0; i < out.length; i++) {
      const value = this.previous + (this.current - this.previous) * this.t;
      out[i] = value;
      this.energy += value * value;
      this.t += this.step;
      while (this.t >= 1) {
        this.t -= 1;
        this.previous = this.current;
        this.current = this.next();
      }
    }
    for (let c = 1; c < channels.length; c++) channels[c].set(out);
    this.counted += out.length;
    if (++this.quanta % LEVEL_EVERY === 0) {
      this.port.postMessage({ level: Math.sqrt(this.energy / this.counted), buffered: this.buffered, underruns: this.underruns, dropped: this.dropped });
      this.energy = 0;
      this.counted = 0;
    }
    return true;
  }
}

registerProcessor('sentral-playback', PlaybackProcessor);
