/**
 * Moving a board card with the keyboard (dnd-kit's keyboard sensor): the arrows choose the status,
 * one step at a time in reading order, on the desktop's columns as on a phone's tabs.
 */
import { useMemo, useRef } from 'react';
import { pointerWithin, type CollisionDetection, type KeyboardCoordinateGetter, type UniqueIdentifier } from '@dnd-kit/core';

const STEP: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/** The drop targets (columns, or tabs on a phone) in reading order. */
function targetsInOrder(context: Parameters<KeyboardCoordinateGetter>[1]['context']) {
  return context.droppableContainers
    .getEnabled()
    .map((c) => ({ id: c.id, rect: context.droppableRects.get(c.id) }))
    .filter((t): t is { id: UniqueIdentifier; rect: NonNullable<typeof t.rect> } => Boolean(t.rect))
    .sort((a, b) => a.rect.left - b.rect.left || a.rect.top - b.rect.top);
}

/**
 * Moving with the keyboard: the card is over its own status when picked up, and each arrow takes it
 * to the next or previous status in reading order, on the desktop's columns as on a phone's tabs.
 * The status chosen is kept here, not found from where the moving card is drawn: on a phone the
 * card spans the screen and its centre sits under whichever tab is in the middle.
 */
export function useKeyboardMoves() {
  const chosen = useRef<UniqueIdentifier | null>(null);
  return useMemo(() => {
    /** The arrows step from status to status; the moving card slides sideways to the target, keeping its height. */
    const coordinateGetter: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
      const step = STEP[event.code];
      const { collisionRect, active } = context;
      if (!step || !collisionRect) return undefined;
      event.preventDefault();
      const targets = targetsInOrder(context);
      if (!targets.length) return undefined;
      const currentId = chosen.current ?? (active?.data.current as { estado?: string } | undefined)?.estado;
      const index = targets.findIndex((t) => t.id === currentId);
      const nextIndex = index === -1 ? (step > 0 ? 0 : targets.length - 1) : Math.min(targets.length - 1, Math.max(0, index + step));
      const target = targets[nextIndex]!;
      chosen.current = target.id;
      // Already at the last status that way: nothing moves.
      if (index === nextIndex) return undefined;
      const x = target.rect.left + target.rect.width / 2 - collisionRect.width / 2;
      // The target is found again only when the card moves: a tab centred where the card already is gets a pixel's nudge.
      return { x: Math.abs(x - currentCoordinates.x) < 1 ? x + step : x, y: currentCoordinates.y };
    };
    /** Under the pointer; with the keyboard, the status the arrows chose (at first the card's own). */
    const collisionDetection: CollisionDetection = (args) => {
      if (args.pointerCoordinates) return pointerWithin(args);
      const id = chosen.current ?? (args.active.data.current as { estado?: string } | undefined)?.estado;
      const container = args.droppableContainers.find((c) => c.id === id);
      return container ? [{ id: container.id, data: { droppableContainer: container, value: 0 } }] : [];
    };
    /** A new drag starts from the card's own status. */
    const reset = () => {
      chosen.current = null;
    };
    return { coordinateGetter, collisionDetection, reset };
  }, []);
}
