import { Inject, Injectable, Logger } from '@nestjs/common';
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
  WEEKDAY_NAMES,
} from '@gestar/contracts';
import { APP_CONFIG, AppConfig } from '../../config';
import type { AuthUser } from '../../common/auth/auth-user';
import { conflict, notFound } from '../../common/http/app-exception';
import { PG, pgErrorCode } from '../../database/sql';
import { Clock } from '../../common/time/clock';
import { CalendarRepository, Holiday } from './calendar.repository';

/** Years brought in automatically: the current one and the next (company time zone). */
export const AUTOMATIC_HOLIDAY_YEARS = 2;

export interface AutomaticImport {
  /** The years looked at (current and next). */
  anios: number[];
  /** The years brought in by this run, with the days each added (years already covered are left alone). */
  importados: { anio: number; agregados: number }[];
}

/** date-holidays' data, required when the calendar is first read rather than at every start. */
const loadHolidays = async () => (await import('date-holidays')).default;

/**
 * The company calendar (issue 19): the weekdays the company works (APP_WORKING_DAYS) and the
 * non-working days it marks, by hand or from its country's public holidays (date-holidays,
 * APP_COUNTRY). The generator and the schedules' preview ask it whether a date is worked.
 */
@Injectable()
export class CalendarService {
  private readonly logger = new Logger('Calendario');

  constructor(
    private readonly repo: CalendarRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The years whose holidays are loaded (automatically or by hand), as a set. */
  async holidayYears(): Promise<Set<number>> {
    return new Set((await this.repo.holidayYears()).map((y) => y.anio));
  }

  async list(query: NonWorkingDayListQuery): Promise<NonWorkingDayListResponse> {
    const anio = query.anio ?? this.currentYear();
    const pais = this.config.country;
    const countries = new (await loadHolidays())().getCountries('es');
    const [years, data] = await Promise.all([this.repo.holidayYears(), this.repo.ofYear(anio)]);
    return {
      anio,
      dias_laborables: this.config.workingDays,
      pais,
      pais_nombre: countries[pais] ?? pais,
      feriados_automaticos: this.config.schedulerEnabled,
      feriados_cargados: years.map((y) => ({ ...y, pais_nombre: y.pais === null ? null : (countries[y.pais] ?? y.pais) })),
      data,
    };
  }

  /**
   * Brings in the configured country's holidays of the current and the next year (company time
   * zone), each year once: a year already covered (automatically or by hand) is left as it is, so
   * a holiday an administrator removed stays removed and a day they marked keeps their text.
   * Safe to run at once in any number of processes: the year is claimed in the statement that
   * adds its days (an hourly run over covered years is two statements that change nothing).
   */
  async importCurrentYears(now: number = this.clock.now()): Promise<AutomaticImport> {
    const first = this.currentYear(now);
    const anios = Array.from({ length: AUTOMATIC_HOLIDAY_YEARS }, (_, i) => first + i);
    const importados: AutomaticImport['importados'] = [];
    for (const anio of anios) {
      const agregados = await this.repo.insertHolidayYearOnce(anio, this.config.country, await this.holidaysOf(anio));
      if (agregados === null) continue;
      importados.push({ anio, agregados });
      this.logger.log(`Feriados de ${this.config.country} de ${anio} agregados al calendario: ${agregados}`);
    }
    return { anios, importados };
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
    if (!(await this.repo.delete(uuid))) throw notFound(MESSAGES.errors.nonWorkingDayGone);
    return { ok: true };
  }

  /**
   * The public holidays of `anio` in the company's country; days already marked stay as they are.
   * The year counts as covered from then on (by hand), and is not brought in automatically again.
   */
  async importHolidays(caller: AuthUser, anio: number): Promise<ImportHolidaysResponse> {
    const agregados = await this.repo.insertHolidaysByHand(anio, this.config.country, await this.holidaysOf(anio), caller.uuid);
    return { agregados, data: await this.repo.ofYear(anio) };
  }

  /** The country's public holidays of a year, one per date. */
  private async holidaysOf(anio: number): Promise<Holiday[]> {
    const seen = new Set<string>();
    const days: Holiday[] = [];
    const Holidays = await loadHolidays();
    for (const h of new Holidays(this.config.country).getHolidays(anio, 'es') || []) {
      const fecha = h.date.slice(0, 10);
      if (h.type !== 'public' || seen.has(fecha)) continue;
      seen.add(fecha);
      days.push({ fecha, descripcion: h.name.slice(0, 120) });
    }
    return days;
  }

  private currentYear(now: number = this.clock.now()): number {
    return Number(todayIn(this.config.timezone, new Date(now)).slice(0, 4));
  }

  /** Whether people work on `date` (`YYYY-MM-DD`), given the marked days in `marked`. */
  isWorkingDay(date: string, marked: ReadonlySet<string>): boolean {
    const weekday = WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;
    return this.config.workingDays.includes(weekday) && !marked.has(date);
  }

  /** The names of the marked days among `dates` («Navidad», «Inventario»), by date. */
  namesOf(dates: readonly string[]): Promise<Map<string, string>> {
    return this.repo.namesOf(dates);
  }

  /** Why an unmarked day is not worked: its weekday («la empresa no trabaja los domingos»). */
  dayOffReason(date: string): string {
    const name = WEEKDAY_NAMES[WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!];
    return `la empresa no trabaja los ${name.endsWith('s') ? name : `${name}s`}`;
  }

  /** The marked days between two dates, for a tick or a preview. */
  markedBetween(from: string, to: string): Promise<Set<string>> {
    return this.repo.datesBetween(from, to);
  }
}
