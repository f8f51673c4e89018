/** The part of jsdom's API bench/cassa-day.ts uses (the package ships no types, @types/jsdom is not installed). */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html: string, options?: { pretendToBeVisual?: boolean; url?: string });
    readonly window: Window & typeof globalThis;
  }
}
