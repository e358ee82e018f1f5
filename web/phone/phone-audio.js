// The page's audio: microphone to room frames, room frames to the speakers, with levels for the meters.

/**
 * Opens the microphone and the speakers. `onFrame(buffer)` receives each 640-byte frame to send.
 * Returns controls: play(buffer) queues a received frame, setMuted(bool), levels(), close().
 */
export async function startAudio(onFrame) {
  const context = new AudioContext({ latencyHint: 'interactive' });
  await Promise.all([
    context.audioWorklet.addModule('/phone/capture-worklet.js'),
    context.audioWorklet.addModule('/phone/playback-worklet.js'),
  ]);
  const microphone = await navigator.mediaDevices.getUserMedia({
    audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true, autoGainControl: true },
  });
  const source = context.createMediaStreamSource(microphone);
  const capture = new AudioWorkletNode(context, 'sentral-capture', { numberOfInputs: 1, numberOfOutputs: 1, channelCount: 1, channelCountMode: 'explicit' });
  const playback = new AudioWorkletNode(context, 'sentral-playback', { numberOfInputs: 0, numberOfOutputs: 1, outputChannelCount: [2] });
  // The capture node is pulled by the graph through a silent gain; it produces nothing audible.
  const sink = context.createGain();
  sink.gain.value = 0;
  source.connect(capture).connect(sink).connect(context.destination);
  playback.connect(context.destination);

  const levels = { input: 0, output: 0, buffered: 0, underruns: 0, dropped: 0 };
  capture.port.onmessage = (event) => {
    levels.input = event.data.level;
    onFrame(event.data.frame);
  };
  playback.port.onmessage = (event) => {
    levels.output = event.data.level;
    levels.buffered = event.data.buffered;
    levels.underruns = event.data.underruns;
    levels.dropped = event.data.dropped;
  };
  if (context.state === 'suspended') await context.resume();

  return {
    sampleRate: context.sampleRate,
    play(buffer) {
      playback.port.postMessage(buffer, [buffer]);
    },
    setMuted(muted) {
      capture.port.postMessage({ type: 'mute', muted });
    },
    levels: () => ({ ...levels }),
    async close() {
      for (const track of microphone.getTracks()) track.stop();
      await context.close();
    },
  };
}
