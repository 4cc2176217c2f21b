import { useEffect, useState } from 'react';
import { usePrefersReducedMotion } from './use-prefers-reduced-motion.ts';

/** The hero's rotating typed tagline. */
export const TAGLINES = ['GET RAM, MOTHERBOARD', 'NEW ARRIVALS', 'MAKE AN EXECUTIVE'] as const;

interface TypingState {
  index: number;
  length: number;
  deleting: boolean;
}

export interface TypingTimings {
  typeMs?: number;
  deleteMs?: number;
  holdMs?: number;
  gapMs?: number;
}

/**
 * Types each phrase letter by letter, holds it, deletes it and moves to the next, forever.
 * Returns the typed part and the whole current phrase. While `paused` it stays where it is.
 */
export function useTypedText(
  phrases: readonly string[],
  paused: boolean,
  { typeMs = 85, deleteMs = 40, holdMs = 1800, gapMs = 350 }: TypingTimings = {},
): { typed: string; current: string } {
  const [state, setState] = useState<TypingState>({ index: 0, length: 0, deleting: false });
  const phrase = phrases[state.index % phrases.length] ?? '';

  useEffect(() => {
    if (paused || phrases.length === 0) return;
    const full = state.length >= phrase.length;
    const delay = state.deleting ? (state.length === 0 ? gapMs : deleteMs) : full ? holdMs : typeMs;
    const timer = setTimeout(() => {
      setState((s) => {
        if (!s.deleting) return full ? { ...s, deleting: true } : { ...s, length: s.length + 1 };
        if (s.length > 0) return { ...s, length: s.length - 1 };
        return { index: (s.index + 1) % phrases.length, length: 0, deleting: false };
      });
    }, delay);
    return () => clearTimeout(timer);
  }, [state, phrase, phrases.length, paused, typeMs, deleteMs, holdMs, gapMs]);

  return { typed: phrase.slice(0, state.length), current: phrase };
}

function PauseIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
      <path d="M5 4h3v12H5zM12 4h3v12h-3z" />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
      <path d="M6 4l10 6-10 6z" />
    </svg>
  );
}

/**
 * The page's h1. Screen readers get the three phrases as plain text; the typing animation is
 * decoration (aria-hidden). Every phrase is laid out invisibly in the same grid cell, so the
 * heading is always as tall as its longest phrase and nothing below it jumps while it types.
 * With prefers-reduced-motion the phrases are shown whole, one per line, without typing.
 */
export function TypedTagline({
  id,
  phrases = TAGLINES,
  timings,
}: {
  id: string;
  phrases?: readonly string[];
  timings?: TypingTimings;
}) {
  const reducedMotion = usePrefersReducedMotion();
  const [paused, setPaused] = useState(false);
  const { typed, current } = useTypedText(phrases, paused || reducedMotion, timings);
  const headingClass =
    'text-4xl font-extrabold leading-tight tracking-tight text-white sm:text-5xl lg:text-6xl';

  if (reducedMotion) {
    return (
      <h1 id={id} className={headingClass}>
        <span className="sr-only">{phrases.join('. ')}.</span>
        <span aria-hidden="true" className="flex flex-col">
          {phrases.map((phrase, i) => (
            <span key={phrase} className={i === 0 ? undefined : 'text-orange-400'}>
              {phrase}
            </span>
          ))}
        </span>
      </h1>
    );
  }

  return (
    <div className="flex flex-col items-start gap-3">
      <h1 id={id} className={headingClass}>
        <span className="sr-only">{phrases.join('. ')}.</span>
        <span aria-hidden="true" className="grid" data-testid="typed-tagline">
          {phrases.map((phrase) => (
            <span key={phrase} className="invisible col-start-1 row-start-1">
              {phrase}
            </span>
          ))}
          {/* The whole phrase is always laid out (the untyped rest is invisible), so letters never
              move or rewrap as they appear: no layout shift. The caret is a box-shadow, which
              takes no room. A new key per phrase gives each phrase fresh text nodes. */}
          <span key={current} className="col-start-1 row-start-1 text-orange-400">
            <span data-testid="typed-text" className="[box-shadow:0.08em_0_0_#fdba74]">
              {typed}
            </span>
            <span className="invisible">{current.slice(typed.length)}</span>
          </span>
        </span>
      </h1>
      <button
        type="button"
        className="btn btn-ghost btn-xs gap-1 text-slate-300 hover:bg-white/10 hover:text-white"
        onClick={() => setPaused((p) => !p)}
      >
        {paused ? <PlayIcon /> : <PauseIcon />}
        {paused ? 'Play tagline animation' : 'Pause tagline animation'}
      </button>
    </div>
  );
}
