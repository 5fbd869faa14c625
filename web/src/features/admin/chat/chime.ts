/**
 * The desk's sound for a shopper's new message (docs/chat.md: the desk): a short two-note chime
 * made with the Web Audio API (no file to download). Browsers play sound only after the page has
 * been used (the operator has logged in and clicked); before that, and where there is no audio,
 * nothing plays and nothing fails.
 */
let context: AudioContext | null = null;

export const playChime = () => {
  try {
    context ??= new AudioContext();
    const at = context.currentTime;
    for (const [i, frequency] of [880, 1320].entries()) {
      const tone = context.createOscillator();
      const volume = context.createGain();
      tone.frequency.value = frequency;
      volume.gain.setValueAtTime(0.12, at + i * 0.12);
      volume.gain.exponentialRampToValueAtTime(0.001, at + i * 0.12 + 0.25);
      tone.connect(volume).connect(context.destination);
      tone.start(at + i * 0.12);
      tone.stop(at + i * 0.12 + 0.25);
    }
  } catch {
    // No audio here: the title's unread count still shows the message.
  }
};

const SOUND_KEY = 'mall:admin-chat-sound';

/** Whether the desk chimes (on unless the operator turned it off, per browser). */
export const chimeOn = () => localStorage.getItem(SOUND_KEY) !== 'off';
export const setChimeOn = (on: boolean) => localStorage.setItem(SOUND_KEY, on ? 'on' : 'off');
