/**
 * The area's board on the wall (issue 34): while nobody is signed in at the terminal, what the
 * workshop must see from a distance — overdue and due today, in progress, machines stopped,
 * problem reports waiting — in large type, full screen.
 */
import { useEffect, useState } from 'react';
import { UnstyledButton } from '@mantine/core';
import classes from './terminal.module.css';

export interface WallItem {
  key: string;
  title: string;
  /** A second line: who, which machine, since when. */
  detail?: string;
}

export interface WallPanel {
  key: string;
  title: string;
  color: string;
  items: readonly WallItem[];
  /** The total, when the list is cut. */
  total?: number;
}

/** Items shown per panel; the count says how many more. */
export const WALL_ITEMS_SHOWN = 8;

function useClock(): string {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 15_000);
    return () => clearInterval(timer);
  }, []);
  return now.toLocaleTimeString('es-AR', { hour: '2-digit', minute: '2-digit' });
}

export function WallBoard({
  area,
  panels,
  updatedAt,
  onExit,
}: {
  area: string;
  panels: readonly WallPanel[];
  updatedAt: string | null;
  onExit(): void;
}) {
  const clock = useClock();
  return (
    <main className={classes.wall} aria-label={`Tablero del área ${area}`}>
      <header className={classes.wallHeader}>
        <div className={classes.wallTitle}>{area}</div>
        <div className={classes.wallClock} aria-label="Hora">
          {clock}
        </div>
      </header>
      <div className={classes.wallGrid}>
        {panels.map((panel) => {
          const total = panel.total ?? panel.items.length;
          const shown = panel.items.slice(0, WALL_ITEMS_SHOWN);
          return (
            <section
              key={panel.key}
              className={classes.wallPanel}
              style={{ ['--panel-color' as string]: panel.color }}
              aria-labelledby={`pared-${panel.key}`}
              data-testid={`pared-${panel.key}`}
            >
              <div className={classes.wallPanelHead}>
                <h2 id={`pared-${panel.key}`} className={classes.wallPanelTitle} style={{ margin: 0 }}>
                  {panel.title}
                </h2>
                <span className={classes.wallCount} aria-label={`${total} en total`}>
                  {total}
                </span>
              </div>
              {shown.length === 0 ? (
                <div className={classes.wallMore}>Nada por ahora</div>
              ) : (
                <ul className={classes.wallList}>
                  {shown.map((item) => (
                    <li key={item.key}>
                      <div className={classes.wallItem}>{item.title}</div>
                      {item.detail && <div className={`${classes.wallItem} ${classes.wallItemSub}`}>{item.detail}</div>}
                    </li>
                  ))}
                </ul>
              )}
              {total > shown.length && <div className={classes.wallMore}>y {total - shown.length} más</div>}
            </section>
          );
        })}
      </div>
      <footer className={classes.wallHeader}>
        <span className={classes.wallMore}>{updatedAt ? `Actualizado ${updatedAt}` : 'Actualizando…'}</span>
        <UnstyledButton onClick={onExit} className={classes.wallExit}>
          Toque aquí para ingresar
        </UnstyledButton>
      </footer>
    </main>
  );
}
