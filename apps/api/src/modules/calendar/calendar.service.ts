import { Inject, Injectable } from '@nestjs/common';
import {
  calendarDateIn,
  CreateNonWorkingDayRequest,
  ImportHolidaysResponse,
  MESSAGES,
  NonWorkingDayListQuery,
  NonWorkingDayListResponse,
  NonWorkingDayResponse,
  todayIn,
  WEEKDAYS,
} from '@gestar/contracts';
import { APP_CONFIG, AppConfig } from '../../config';
import type { AuthUser } from '../../common/auth/auth-user';
import { conflict, notFound } from '../../common/http/app-exception';
import { PG, pgErrorCode } from '../../database/sql';
import { CalendarRepository } from './calendar.repository';

/** date-holidays' data, required when the calendar is first read rather than at every start. */
const loadHolidays = async () => (await import('date-holidays')).default;

/**
 * The company calendar (issue 19): the weekdays the company works (APP_WORKING_DAYS) and the
 * non-working days it marks, by hand or from its country's public holidays (date-holidays,
 * APP_COUNTRY). The generator and the schedules' preview ask it whether a date is worked.
 */
@Injectable()
export class CalendarService {
  constructor(
    private readonly repo: CalendarRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(query: NonWorkingDayListQuery): Promise<NonWorkingDayListResponse> {
    const anio = query.anio ?? Number(todayIn(this.config.timezone).slice(0, 4));
    const pais = this.config.country;
    const pais_nombre = new (await loadHolidays())().getCountries('es')[pais] ?? pais;
    return { anio, dias_laborables: this.config.workingDays, pais, pais_nombre, data: await this.repo.ofYear(anio) };
  }

  async create(caller: AuthUser, input: CreateNonWorkingDayRequest): Promise<NonWorkingDayResponse> {
    try {
      return await this.repo.insert(calendarDateIn(input.fecha, this.config.timezone), input.descripcion, caller.uuid);
    } catch (err) {
      if (pgErrorCode(err) === PG.uniqueViolation) throw conflict(MESSAGES.errors.nonWorkingDayExists);
      throw err;
    }
  }

  async remove(uuid: string): Promise<{ ok: true }> {
    if (!(await this.repo.delete(uuid))) throw notFound();
    return { ok: true };
  }

  /** The public holidays of `anio` in the company's country; days already marked stay as they are. */
  async importHolidays(caller: AuthUser, anio: number): Promise<ImportHolidaysResponse> {
    const seen = new Set<string>();
    const days: { fecha: string; descripcion: string }[] = [];
    const Holidays = await loadHolidays();
    for (const h of new Holidays(this.config.country).getHolidays(anio, 'es') || []) {
      const fecha = h.date.slice(0, 10);
      if (h.type !== 'public' || seen.has(fecha)) continue;
      seen.add(fecha);
      days.push({ fecha, descripcion: h.name.slice(0, 120) });
    }
    const agregados = await this.repo.insertHolidays(days, caller.uuid);
    return { agregados, data: await this.repo.ofYear(anio) };
  }

  /** Whether people work on `date` (`YYYY-MM-DD`), given the marked days in `marked`. */
  isWorkingDay(date: string, marked: ReadonlySet<string>): boolean {
    const weekday = WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;
    return this.config.workingDays.includes(weekday) && !marked.has(date);
  }

  /** The marked days between two dates, for a tick or a preview. */
  markedBetween(from: string, to: string): Promise<Set<string>> {
    return this.repo.datesBetween(from, to);
  }
}
