// Runs on the audio thread: turns the microphone, at the context's rate, into the room's frames:
// 20 ms of 16 kHz mono PCM16 (320 samples, 640 bytes). Int16Array is little-endian on every platform
// browsers run on, which is the room's byte order.

const ROOM_RATE = 16000;
const FRAME_SAMPLES = 320;

/** Second-order low-pass (RBJ cookbook), run twice before decimation so nothing above 8 kHz folds back. */
class LowPass {
  constructor(cutoff, rate) {
    const w = (2 * Math.PI * cutoff) / rate;
    const alpha = Math.sin(w) / (2 * Math.SQRT1_2);
    const cos = Math.cos(w);
    const a0 = 1 + alpha;
    this.b0 = (1 - cos) / 2 / a0;
    this.b1 = (1 - cos) / a0;
    this.b2 = this.b0;
    this.a1 = (-2 * cos) / a0;
    this.a2 = (1 - alpha) / a0;
    this.x1 = this.x2 = this.y1 = this.y2 = 0;
  }

  run(x) {
    const y = this.b0 * x + this.b1 * this.x1 + this.b2 * this.x2 - this.a1 * this.y1 - this.a2 * this.y2;
    this.x2 = this.x1;
    this.x1 = x;
    this.y2 = this.y1;
    this.y1 = y;
    return y;
  }
}

class CaptureProcessor extends AudioWorkletProcessor {
  constructor() {
    super();
    this.step = sampleRate / ROOM_RATE;
    this.filters = sampleRate > ROOM_RATE ? [new LowPass(7000, sampleRate), new LowPass(7000, sampleRate)] : [];
    this.t = 0;
    this.previous = 0;
    this.muted = false;
    this.frame = new Int16Array(FRAME_SAMPLES);
    this.filled = 0;
    this.energy = 0;
    this.port.onmessage = (event) => {
      if (event.data.type === 'mute') this.muted = event.data.muted;
    };
  }

  process(inputs) {
    const input = inputs[0] && inputs[0][0];
    if (!input) return true;
    for (let i = 0; i < input.length; i++) {
      let x = input[i];
      for (const filter of this.filters) x = filter.run(x);
      // Linear interpolation at the room's sample positions between the previous input sample and this one.
      while (this.t < 1) {
        this.emit(this.previous + (x - this.previous) * this.t);
        this.t += this.step;
      }
      this.t -= 1;
      this.previous = x;
    }
    return true;
  }

  emit(value) {
    const v = Math.max(-1, Math.min(1, value));
    this.energy += v * v;
    this.frame[this.filled++] = this.muted ? 0 : Math.round(v * 32767);
    if (this.filled < FRAME_SAMPLES) return;
    // The level is the microphone's, muted or not, so the meter shows the microphone works.
    const level = Math.sqrt(this.energy / FRAME_SAMPLES);
    this.port.postMessage({ frame: this.frame.buffer, level }, [this.frame.buffer]);
    this.frame = new Int16Array(FRAME_SAMPLES);
    this.filled = 0;
    this.energy = 0;
  }
}

registerProcessor('sentral-capture', CaptureProcessor);
