import * as c from './constants';

describe('SPEC.md section 9 constants', () => {
  it.each([
    ['PRODUCT_NAME', 'Gestar'],
    ['APP_TAGLINE', 'Administrador de tareas'],
    ['COMPANY_NAME', 'Muebles del Sur S.A.'],
    ['APP_VERSION', '0.5.16'],
    ['DEBOUNCE_MS', 500],
    ['TOAST_DURATION_MS', 3000],
    ['PAGE_SIZE', 10],
    ['MAX_PAGE_SIZE', 100],
    ['USERS_SKELETON_ROWS', 3],
    ['QUERY_GC_TIME_MS', 300_000],
    ['NO_RATING_LABEL', 'Sin calificación'],
    ['SAME_DAY_CUTOFF_HOUR', 22],
    ['DEFAULT_TIMEZONE', 'America/Argentina/Buenos_Aires'],
    ['DESCRIPTION_PREVIEW_LENGTH', 75],
    ['EDITOR_HISTORY_DEPTH', 100],
    ['DRAWER_ANIMATION_MS', 300],
    ['SUBMENU_ANIMATION_MS', 300],
    ['SUBMENU_MAX_HEIGHT', '24rem'],
    ['DEVICE_PLATFORM', 'web'],
    ['DEFAULT_SELECT_PLACEHOLDER', 'Selecciona una opción'],
    ['DATE_PICKER_PLACEHOLDER', 'Selecciona una fecha'],
    ['DATE_UNAVAILABLE', 'Fecha no disponible'],
    ['PAGINATION_SIBLINGS', 2],
    ['MAX_BODY_BYTES', 1_048_576],
    ['PDF_MAX_ROWS', 5000],
    ['TOKEN_REFRESH_EVENT', 'TokenRefresh'],
    ['ACCESS_TOKEN_TTL_SECONDS', 900],
    ['REFRESH_TOKEN_TTL_DAYS', 30],
    ['REFRESH_REUSE_GRACE_SECONDS', 10],
  ] as const)('%s = %p', (name, value) => {
    expect((c as Record<string, unknown>)[name]).toBe(value);
  });

  it('has the structured constants', () => {
    expect(c.CACHE_TIMES).toEqual({
      assignedTasks: 60_000,
      reports: 60_000,
      statuses: 300_000,
      scheduledTasks: 300_000,
      taskTypes: 300_000,
      tasks: 300_000,
      users: 300_000,
      roles: 300_000,
      areas: 300_000,
      areasWithUsers: 300_000,
      jobPositions: 300_000,
      areasOfUser: 1_800_000,
      usersOfAreasOfUser: 1_800_000,
    });
    expect(c.QUERY_RETRY).toEqual({ count: 3, minDelayMs: 1000, maxDelayMs: 30_000 });
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
    expect(c.STORAGE_KEYS).toEqual({ auth: 'auth', token: 'token', refreshToken: 'refreshToken' });
    expect(c.LOGIN_RATE_LIMIT).toEqual({ perUserAndAddress: 10, perAddress: 100, windowMinutes: 15 });
  });
});
