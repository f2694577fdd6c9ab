/**
 * Text colours that stay readable (WCAG AA, 4.5:1 for the small bold text of
 * badges and compact buttons) on the pale tint of Mantine's 'light' variant.
 */
import { toRgba } from '@mantine/core';

interface Rgb {
  r: number;
  g: number;
  b: number;
}

/**
 * The darkest backdrop a light badge or button sits on: a hovered table row
 * (gray.1), under the tint at its hover strength (12 %).
 */
const HOVERED_ROW: Rgb = { r: 0xf1, g: 0xf3, b: 0xf5 };
const TINT_ALPHA = 0.12;
/** A little above 4.5:1, so rounding in the browser cannot tip it under. */
const MIN_RATIO = 4.6;
const STEP = 0.05;

function luminance({ r, g, b }: Rgb): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const hex = ({ r, g, b }: Rgb) => `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/**
 * `text` as is when it already reads on a `tint`-coloured light background,
 * else darkened just enough (same hue) to reach 4.5:1. Colours are hex or rgb().
 */
export function readableOnTint(text: string, tint: string = text): string {
  const t = toRgba(tint);
  const backdrop: Rgb = {
    r: t.r * TINT_ALPHA + HOVERED_ROW.r * (1 - TINT_ALPHA),
    g: t.g * TINT_ALPHA + HOVERED_ROW.g * (1 - TINT_ALPHA),
    b: t.b * TINT_ALPHA + HOVERED_ROW.b * (1 - TINT_ALPHA),
  };
  const start = toRgba(text);
  for (let dark = 0; dark < 1; dark += STEP) {
    const candidate = { r: start.r * (1 - dark), g: start.g * (1 - dark), b: start.b * (1 - dark) };
    if (contrast(candidate, backdrop) >= MIN_RATIO) return hex(candidate);
  }
  return '#000000';
}
