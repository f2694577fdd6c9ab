/**
 * The forms' drop-downs on a phone (issue 36, section 1): at 390 px with touch, each select opens
 * where it is, the page and the dialog keep their width, and a tapped option is chosen. A user is
 * created from a phone.
 */
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { MESSAGES } from '@gestar/contracts';
import { expect, loginAs, test } from './fixtures';

test.describe.configure({ timeout: 150_000 });
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
const shots = '/tmp/shots-phone';

/** The widths of the page and of `dialog` over a few frames (a layout that jumps shows several). */
async function widths(page: Page, dialog: Locator | null): Promise<{ page: number[]; dialog: number[] }> {
  const handle = dialog ? await dialog.elementHandle() : null;
  return page.evaluate(async (el) => {
    const seen = { page: new Set<number>(), dialog: new Set<number>() };
    for (let i = 0; i < 20; i++) {
      await new Promise((r) => requestAnimationFrame(r));
      seen.page.add(Math.max(document.documentElement.scrollWidth, window.innerWidth));
      if (el) seen.dialog.add(Math.round((el as HTMLElement).getBoundingClientRect().width));
    }
    return { page: [...seen.page], dialog: [...seen.dialog] };
  }, handle);
}

/** Taps the field, checks nothing widens while its list is open, taps the option. */
async function tapOption(page: Page, field: Locator, option: string, dialog: Locator | null, shot?: string): Promise<void> {
  const before = dialog ? Math.round((await dialog.boundingBox())!.width) : null;
  await field.tap();
  const choice = page.getByRole('option', { name: option, exact: true });
  await expect(choice).toBeVisible();
  const seen = await widths(page, dialog);
  expect(seen.page, 'el ancho de la página con la lista abierta').toEqual([390]);
  if (dialog) expect(seen.dialog, 'el ancho del diálogo con la lista abierta').toEqual([before]);
  const box = (await choice.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  if (shot) await page.screenshot({ path: join(shots, shot) });
  await choice.tap();
}

test('«Nuevo Usuario» on a phone: Rol, Puesto de trabajo and Áreas are chosen by touch, and the user is created', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.goto('/usuarios');
  await page.getByRole('button', { name: 'Nuevo Usuario' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Nuevo Usuario' });
  await expect(dialog).toBeVisible();
  const username = `tel_${Math.random().toString(36).slice(2, 8)}`;
  await dialog.getByRole('textbox', { name: 'Usuario' }).fill(username);
  await dialog.getByLabel('Contraseña').fill('claveDelTelefono1');
  await dialog.getByRole('textbox', { name: 'Nombre' }).fill('Telma');
  await dialog.getByRole('textbox', { name: 'Apellido' }).fill('Móvil');

  await tapOption(page, dialog.getByRole('combobox', { name: 'Rol' }), 'Operario', dialog, 'users-new-rol-390.png');
  await expect(dialog.getByRole('combobox', { name: 'Rol' })).toHaveValue('Operario');
  await tapOption(page, dialog.getByRole('combobox', { name: 'Puesto de trabajo' }), 'Carpintero', dialog);
  await expect(dialog.getByRole('combobox', { name: 'Puesto de trabajo' })).toHaveValue('Carpintero');
  await tapOption(page, dialog.getByRole('combobox', { name: 'Áreas' }), 'Carpintería', dialog, 'users-new-areas-390.png');
  // A multiple choice stays open for more: a tap outside the list closes it.
  await dialog.getByRole('heading', { name: 'Nuevo Usuario' }).tap();
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(dialog.getByText('Carpintería', { exact: true })).toBeVisible();
  await page.screenshot({ path: join(shots, 'users-new-filled-390.png') });

  await dialog.getByRole('button', { name: 'Crear' }).tap();
  await expect(page.getByText(MESSAGES.success.userCreated)).toBeVisible();
  await expect(dialog).toBeHidden();
});
