import { hash } from './draws.js';

/** The sound's sample rate, in samples a second: enough for a tone, small for a test. */
const RATE = 8000;
/** How long each word sounds, and the shortest and longest sound, in samples. */
const PER_WORD = 800;
const SHORTEST = 1600;
const LONGEST = 40_000;

/**
 * A real WAV (16-bit mono PCM, 8 kHz) whose tone comes from a hash of the text, a tenth of a second a word: the same
 * bytes on every run.
 */
export function fittingSound(text: string): Uint8Array {
  const words = text.split(/\s+/).filter(Boolean).length;
  const samples = Math.min(LONGEST, Math.max(SHORTEST, words * PER_WORD));
  const period = 10 + (hash(text) % 30); // From 205 Hz to 800 Hz.
  const bytes = new Uint8Array(44 + samples * 2);
  const view = new DataView(bytes.buffer);
  const ascii = (at: number, word: string) => [...word].forEach((c, i) => view.setUint8(at + i, c.charCodeAt(0)));
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + samples * 2, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // The format chunk's size.
  view.setUint16(20, 1, true); // PCM.
  view.setUint16(22, 1, true); // One channel.
  view.setUint32(24, RATE, true);
  view.setUint32(28, RATE * 2, true); // Bytes a second.
  view.setUint16(32, 2, true); // Bytes a sample.
  view.setUint16(34, 16, true); // Bits a sample.
  ascii(36, 'data');
  view.setUint32(40, samples * 2, true);
  for (let i = 0; i < samples; i++) {
    const phase = i % period;
    // A triangle from -4096 to 4096, in whole numbers: the same bytes on every machine.
    const level = Math.round((Math.abs((2 * phase) / period - 1) * 2 - 1) * 4096);
    view.setInt16(44 + i * 2, level, true);
  }
  return bytes;
}
