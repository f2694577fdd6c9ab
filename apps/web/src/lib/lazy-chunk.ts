/**
 * A chunk of a screen loaded after its first paint (the board's drawer, dialogs and bulk bar): the
 * screen's first cards do not wait for what they bring. Unlike `React.lazy`, the module's arrival is
 * an ordinary update, drawn at once, where a lazy component's retry would wait behind the transition
 * that draws the rest of the screen (a second on a slow phone).
 */
import { useEffect, useState } from 'react';

export interface Chunk<M> {
  /** The module once loaded (kept for every later use). */
  module: M | null;
  load: () => Promise<M>;
}

export function chunk<M>(load: () => Promise<M>): Chunk<M> {
  const c: Chunk<M> = {
    module: null,
    load: () =>
      load().then((m) => {
        c.module = m;
        return m;
      }),
  };
  return c;
}

/** The module of `c`, once `wanted` has held: null until it has arrived, then kept. */
export function useChunk<M>(c: Chunk<M>, wanted: boolean): M | null {
  const [loaded, setLoaded] = useState<M | null>(() => (wanted ? c.module : null));
  useEffect(() => {
    if (!wanted || loaded) return;
    let live = true;
    c.load().then(
      (module) => live && setLoaded(module),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [c, loaded, wanted]);
  return loaded;
}
