import { createTheme, v8CssVariablesResolver, type CSSVariablesResolver } from '@mantine/core';
import { readableOnTint } from '../lib/contrast';
import { DRAWER_ANIMATION_MS } from '../lib/ui-settings';

export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 keeps white button text and blue links above 4.5:1 contrast (WCAG AA).
  primaryShade: { light: 8, dark: 5 },
  defaultRadius: 'md',
  cursorType: 'pointer',
  headings: { fontWeight: '700' },
  components: {
    Drawer: { defaultProps: { transitionProps: { duration: DRAWER_ANIMATION_MS } } },
    // Icon-only buttons Mantine renders without a name (axe 'button-name').
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar' } } },
    /*
     * Every drop-down list (Select, MultiSelect) is placed relative to the screen, not the page. Mantine
     * keeps a closed list mounted and hidden, measured at width 0: on opening, its first frame is drawn
     * where that measure put it, half past the field's right edge. Placed in the page, that frame widened
     * a phone's page (390 to 514 px), the dialog grew with it, the list moved and hid, and so on: no option
     * could be tapped. Placed on the screen, a frame never widens the page.
     */
    Combobox: { defaultProps: { floatingStrategy: 'fixed' } },
    Select: { defaultProps: { clearButtonProps: { 'aria-label': 'Borrar selección' } } },
    MultiSelect: { defaultProps: { clearButtonProps: { 'aria-label': 'Borrar selección' } } },
    ColorInput: { defaultProps: { eyeDropperButtonProps: { 'aria-label': 'Tomar un color de la pantalla' } } },
    DatePickerInput: { defaultProps: { clearButtonProps: { 'aria-label': 'Borrar fecha' } } },
  },
});

/**
 * WCAG AA contrast in the light scheme: Mantine's dimmed grey (gray.6) and the
 * text of 'light' variants (shade 8 on a 10 % tint) fall below 4.5:1.
 * gray.7 does not; shade 9 does not for most colours, and the warm and green
 * ones (yellow, orange, green, lime, teal) get their shade 9 darkened a little.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => {
  // Mantine 9 paints 'light' variants with solid shades 1/2 and shade-9 text; the app keeps
  // Mantine 8's tint of the primary shade, which the contrast rule below was measured on.
  const v8 = v8CssVariablesResolver(t);
  return {
    variables: v8.variables,
    light: {
      ...v8.light,
      '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
      ...Object.fromEntries(
        Object.entries(t.colors).map(([name, shades]) => [
          `--mantine-color-${name}-light-color`,
          // The tint is the primary shade (8, above) at 10-12 %.
          readableOnTint(shades[9], shades[8]),
        ]),
      ),
    },
    dark: v8.dark,
  };
};
