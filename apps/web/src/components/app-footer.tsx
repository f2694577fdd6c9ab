import { Text } from '@mantine/core';
import { APP_TAGLINE, APP_VERSION, COMPANY_NAME, PRODUCT_NAME } from '@gestar/contracts';

export const FOOTER_TEXT = `${PRODUCT_NAME} · ${APP_TAGLINE} · ${COMPANY_NAME} · v${APP_VERSION}`;

export function AppFooter() {
  return (
    <Text component="footer" size="xs" c="dimmed" ta="center" py="sm">
      {FOOTER_TEXT}
    </Text>
  );
}
