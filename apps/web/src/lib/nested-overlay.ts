/**
 * A dialog opened inside a drawer (the photo viewer in the task drawer): Escape closes the dialog
 * only. Mantine's drawer and modal both listen for Escape on the window, so the drawer is told
 * while something above it is open and leaves that Escape alone.
 */
import { createContext, useContext, useEffect, useState } from 'react';

type Register = () => () => void;

export const NestedOverlayContext = createContext<Register | null>(null);

/** For the drawer: how many overlays above it are open, and the function they register with. */
export function useNestedOverlays(): { open: boolean; register: Register } {
  const [count, setCount] = useState(0);
  const [register] = useState<Register>(() => () => {
    setCount((c) => c + 1);
    return () => setCount((c) => c - 1);
  });
  return { open: count > 0, register };
}

/** For a dialog that may open inside a drawer: while `opened`, the drawer keeps its Escape. */
export function useNestedOverlay(opened: boolean): void {
  const register = useContext(NestedOverlayContext);
  useEffect(() => (opened && register ? register() : undefined), [opened, register]);
}
