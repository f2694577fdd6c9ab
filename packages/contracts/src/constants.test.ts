import * as c from './constants';

describe('SPEC.md section 9 constants', () => {
  it.each([
    ['PRODUCT_NAME', 'Gestar'],
    ['APP_TAGLINE', 'Administrador de tareas'],
    ['COMPANY_NAME', 'Muebles del Sur S.A.'],
    ['APP_VERSION', '0.5.17'],
    ['DEBOUNCE_MS', 500],
    ['PAGE_SIZE', 10],
    ['MAX_PAGE_SIZE', 100],
    ['NO_RATING_LABEL', 'Sin calificación'],
    ['SAME_DAY_CUTOFF_HOUR', 22],
    ['DEFAULT_TIMEZONE', 'America/Argentina/Buenos_Aires'],
    ['DESCRIPTION_PREVIEW_LENGTH', 75],
    ['DEVICE_PLATFORM', 'web'],
    ['DEFAULT_SELECT_PLACEHOLDER', 'Seleccione una opción'],
    ['DATE_PICKER_PLACEHOLDER', 'Seleccione una fecha'],
    ['DATE_UNAVAILABLE', 'Fecha no disponible'],
    ['MAX_BODY_BYTES', 1_048_576],
    ['PDF_MAX_ROWS', 5000],
    ['ACCESS_TOKEN_TTL_SECONDS', 900],
    ['REFRESH_TOKEN_TTL_DAYS', 30],
    ['REFRESH_REUSE_GRACE_SECONDS', 10],
  ] as const)('%s = %p', (name, value) => {
    expect((c as Record<string, unknown>)[name]).toBe(value);
  });

  it('has the structured constants', () => {
    expect(c.INTERVAL_PRESETS.map((p) => [p.days, p.label])).toEqual([
      [1, 'Diario'],
      [7, 'Semanal'],
      [15, 'Quincenal'],
      [30, 'Mensual'],
      [60, 'Bimensual'],
      [90, 'Trimestral'],
      [365, 'Anual'],
    ]);
    expect(c.RATING_LABELS).toEqual({
      1: 'Incompleta',
      2: 'Podría mejorar',
      3: 'Aceptable',
      4: 'Muy bueno',
      5: 'Excelente',
    });
    expect(c.EXPORT_FORMATS).toEqual(['xlsx', 'pdf', 'csv']);
    expect(c.LOGIN_RATE_LIMIT).toEqual({
      perUserAndAddress: 10,
      windowMinutes: 15,
      addressFreeFailures: 20,
      addressDelayStepMs: 100,
      addressDelayMaxMs: 3000,
    });
    expect(c.PASSWORD_CHECK_LIMIT).toBe(5);
  });
});
