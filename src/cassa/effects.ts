import type { CassaEffects } from '../actors/AppActors';

const FRAME_ID = 'cassa-print-frame';
let audio: AudioContext | null = null;

/** A short two-note chime: no audio file to download, and it never blocks the page. */
function chime(): void {
  try {
    audio ??= new AudioContext();
    const start = audio.currentTime;
    [880, 1320].forEach((frequency, i) => {
      const tone = audio!.createOscillator();
      const gain = audio!.createGain();
      tone.frequency.value = frequency;
      gain.gain.setValueAtTime(0.2, start + i * 0.15);
      gain.gain.exponentialRampToValueAtTime(0.001, start + i * 0.15 + 0.3);
      tone.connect(gain).connect(audio!.destination);
      tone.start(start + i * 0.15);
      tone.stop(start + i * 0.15 + 0.3);
    });
  } catch {
    // No audio (blocked until the page is touched, or no device): the highlight and the title still tell.
  }
}

/** The hidden same-origin frame the ticket's PDF loads into (its cookie is the staff session). */
function frame(): HTMLIFrameElement {
  const existing = document.getElementById(FRAME_ID);
  if (existing instanceof HTMLIFrameElement) return existing;
  const created = document.createElement('iframe');
  created.id = FRAME_ID;
  created.title = 'Stampa ordine';
  created.hidden = true;
  created.tabIndex = -1;
  document.body.append(created);
  return created;
}

export const cassaEffects: CassaEffects = {
  chime,
  loadTicket: (id) => {
    frame().src = `/api/v1/ecommerce/cassa/pdf/orders/${id}`;
  },
  printTicket: () => {
    frame().contentWindow?.print();
  },
};
