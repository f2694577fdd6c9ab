/**
 * The state of the last 90 days as one horizontal bar (plain CSS: each interval a coloured share),
 * a legend that says each state's hours in words, and the list of stops with their reasons.
 */
import { Group, List, Stack, Text, Tooltip } from '@mantine/core';
import { ASSET_STATE_LABELS, ASSET_STATES, type AssetStateInterval } from '@gestar/contracts';
import { formatDate } from '../../../lib/dates';
import { ASSET_STATE_FILLS } from './asset-states';
import { durationText, hoursByState, timelineSegments } from './downtime';
import classes from './assets.module.css';

const when = (ms: number) => formatDate(new Date(ms), 'DD/MM/YYYY HH:mm');

export interface DowntimeTimelineProps {
  desde: string;
  hasta: string;
  intervalos: AssetStateInterval[];
}

export function DowntimeTimeline({ desde, hasta, intervalos }: DowntimeTimelineProps) {
  const from = Date.parse(desde);
  const to = Date.parse(hasta);
  const segments = timelineSegments(intervalos, from, to);
  const hours = hoursByState(segments);
  const stops = intervalos
    .filter((i) => i.estado !== 'operativo')
    .slice(-10)
    .reverse();
  return (
    <Stack gap="xs">
      <div
        className={classes.timeline}
        role="img"
        aria-label={`Estados del ${formatDate(desde)} al ${formatDate(hasta)}: ${
          ASSET_STATES.filter((s) => hours[s] !== undefined)
            .map((s) => `${ASSET_STATE_LABELS[s]} ${durationText(hours[s]!)}`)
            .join(', ') || 'sin datos'
        }`}
        data-testid="downtime-bar"
      >
        {segments.map((s) => (
          <Tooltip
            key={s.desde}
            label={`${ASSET_STATE_LABELS[s.estado]}: ${when(s.desde)} a ${when(s.hasta)}`}
            withinPortal
          >
            <div
              className={classes.segment}
              data-estado={s.estado}
              // A stretch too short to see still shows as a sliver, inside the bar.
              style={{
                left: `min(${s.left}%, 100% - 3px)`,
                width: `${s.width}%`,
                backgroundColor: ASSET_STATE_FILLS[s.estado],
              }}
            />
          </Tooltip>
        ))}
      </div>
      <Group justify="space-between" gap={4}>
        <Text size="xs" c="dimmed">
          {formatDate(desde)}
          {(segments[0]?.desde ?? to) > from && ' · en gris, antes de su alta'}
        </Text>
        <Text size="xs" c="dimmed">
          Hoy
        </Text>
      </Group>
      <Group gap="md" data-testid="downtime-legend">
        {ASSET_STATES.map((s) => (
          <Group key={s} gap={6} wrap="nowrap">
            <span className={classes.swatch} style={{ backgroundColor: ASSET_STATE_FILLS[s] }} aria-hidden />
            <Text size="sm">
              {ASSET_STATE_LABELS[s]}:{' '}
              <b>{hours[s] === undefined ? '0 h' : hours[s] === 0 ? 'menos de 0,1 h' : durationText(hours[s])}</b>
            </Text>
          </Group>
        ))}
      </Group>
      {stops.length > 0 && (
        <List size="sm" spacing={4} aria-label="Paradas y mantenimientos">
          {stops.map((i) => (
            <List.Item key={i.desde}>
              <b>{ASSET_STATE_LABELS[i.estado]}</b> desde {formatDate(i.desde, 'DD/MM/YYYY HH:mm')}
              {i.hasta ? ` hasta ${formatDate(i.hasta, 'DD/MM/YYYY HH:mm')}` : ' (sigue así)'}
              {i.solicitud_numero !== null && ` · solicitud #${i.solicitud_numero}`}
              {i.motivo && (
                <Text span c="dimmed" size="sm">
                  {' '}
                  — {i.motivo}
                </Text>
              )}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
