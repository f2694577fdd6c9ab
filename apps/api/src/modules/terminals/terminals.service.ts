import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import {
  addDaysToCalendarDate,
  companyMidnight,
  CurrentTerminalResponse,
  MESSAGES,
  pinLockedFor,
  PinStatusResponse,
  RegisterTerminalRequest,
  RegisterTerminalResponse,
  ResetPinRequest,
  SetOwnPinRequest,
  TERMINAL_LIMITS,
  TerminalListQuery,
  TerminalListResponse,
  TerminalPeopleQuery,
  TerminalPeopleResponse,
  TerminalResponse,
  TerminalSessionResponse,
  TerminalSignInRequest,
  TerminalSignInResponse,
  terminalTooManyFor,
  todayIn,
  UpdateTerminalRequest,
  WallBoardResponse,
} from '@gestar/contracts';
import { APP_CONFIG, AppConfig } from '../../config';
import type { AuthUser } from '../../common/auth/auth-user';
import { anyInScope, areaScope, assertInScope, scopeAreas } from '../../common/access/access';
import { AuditService } from '../../common/audit/audit.service';
import { badRequest, conflict, forbidden, notFound, tooManyRequests, unauthorized } from '../../common/http/app-exception';
import { hashPassword, verifyPassword } from '../../common/auth/password';
import { sha256, TerminalDevice, terminalReach, TerminalStateService } from '../../common/auth/terminal-state.service';
import { pageMeta } from '../../database/sql';
import { AuthService, SignInOrigin } from '../auth/auth.service';
import { UserStateService } from '../../common/auth/user-state.service';
import { pinKey, terminalPinKey, TerminalsRepository } from './terminals.repository';
import { toTerminalPerson, toTerminalResponse, toWallTask } from './terminals.mapper';

const t = MESSAGES.terminals;
const L = TERMINAL_LIMITS;

@Injectable()
export class TerminalsService {
  constructor(
    private readonly repo: TerminalsRepository,
    private readonly auth: AuthService,
    private readonly audit: AuditService,
    private readonly state: TerminalStateService,
    private readonly users: UserStateService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private async found(user: AuthUser, uuid: string) {
    const row = await this.repo.find(uuid);
    if (!row) throw notFound(t.notFound);
    assertInScope(areaScope(user), row.area_uuid, t.forbidden);
    return row;
  }

  async register(user: AuthUser, body: RegisterTerminalRequest): Promise<RegisterTerminalResponse> {
    const area = await this.repo.areaName(body.area_uuid);
    if (!area) throw notFound(MESSAGES.errors.areaNotFound);
    assertInScope(areaScope(user), body.area_uuid, t.areaForbidden);
    const token = randomBytes(32).toString('base64url');
    const uuid = await this.repo.insert(body.nombre, body.area_uuid, body.minutos_inactividad, sha256(token), user.uuid);
    await this.audit.by(user, null, {
      accion: 'registrar_terminal',
      recurso: 'terminal',
      recursoUuid: uuid,
      detalle: { nombre: body.nombre, area_uuid: body.area_uuid, minutos_inactividad: body.minutos_inactividad },
    });
    const row = await this.repo.find(uuid);
    return { ...toTerminalResponse(row!), token };
  }

  async list(user: AuthUser, q: TerminalListQuery): Promise<TerminalListResponse> {
    const { rows, total } = await this.repo.list(scopeAreas(areaScope(user)), q.area_uuid, q.revocadas ?? false, q.page, q.limit);
    return { data: rows.map(toTerminalResponse), meta: pageMeta(q, total) };
  }

  async update(user: AuthUser, uuid: string, body: UpdateTerminalRequest): Promise<TerminalResponse> {
    const before = await this.found(user, uuid);
    if (before.revocada_en) throw conflict(t.revoked);
    await this.repo.update(uuid, body.nombre, body.minutos_inactividad);
    const after = (await this.repo.find(uuid))!;
    await this.audit.by(user, null, {
      accion: 'editar',
      recurso: 'terminal',
      recursoUuid: uuid,
      detalle: {
        antes: { nombre: before.nombre, minutos_inactividad: before.minutos_inactividad },
        despues: { nombre: after.nombre, minutos_inactividad: after.minutos_inactividad },
      },
    });
    return toTerminalResponse(after);
  }

  async revoke(user: AuthUser, uuid: string): Promise<TerminalResponse> {
    await this.found(user, uuid);
    if (await this.repo.revoke(uuid, user.uuid)) {
      const sesiones = await this.auth.endSessionsOfTerminal(uuid);
      await this.audit.by(user, null, { accion: 'revocar_terminal', recurso: 'terminal', recursoUuid: uuid, detalle: { sesiones_cerradas: sesiones } });
    }
    return toTerminalResponse((await this.repo.find(uuid))!);
  }

  async current(device: TerminalDevice): Promise<CurrentTerminalResponse> {
    const area = await this.repo.areaName(device.areaUuid);
    return { uuid: device.uuid, nombre: device.nombre, area: { uuid: device.areaUuid, nombre: area?.nombre ?? '' }, minutos_inactividad: device.minutosInactividad };
  }

  async people(device: TerminalDevice, q: TerminalPeopleQuery): Promise<TerminalPeopleResponse> {
    const { rows, total } = await this.repo.people(device.areaUuid, q.q, q.page, q.limit);
    return { data: rows.map(toTerminalPerson), meta: pageMeta(q, total) };
  }

  /**
   * PIN sign-in. Each attempt is reserved as a failure before the PIN is checked, per person and
   * per terminal, atomically in PostgreSQL (AuthService.reserveAttempt): parallel attempts
   * cannot pass the limits. A right PIN clears the person's failures and gives the terminal's back.
   */
  async signIn(device: TerminalDevice, body: TerminalSignInRequest, origin: SignInOrigin): Promise<TerminalSignInResponse> {
    const person = await this.repo.signInPerson(body.usuario_uuid, device.areaUuid);
    if (!person || !person.activo || !person.en_area) throw forbidden(t.personNotHere);
    if (!person.pin_hash) throw unauthorized(t.pinNotSet);
    const key = pinKey(person.uuid);
    const personAttempt = await this.auth.reserveAttempt(key, L.pinFailuresPerPerson, L.pinWindowMinutes);
    if (!personAttempt) {
      const seconds = await this.auth.blockedSeconds(key, L.pinFailuresPerPerson, L.pinWindowMinutes);
      throw tooManyRequests(pinLockedFor(seconds / 60), seconds);
    }
    const tkey = terminalPinKey(device.uuid);
    const terminalAttempt = await this.auth.reserveAttempt(tkey, L.pinFailuresPerTerminal, L.pinWindowMinutes);
    if (!terminalAttempt) {
      await this.auth.releaseLoginAttempt(personAttempt);
      const seconds = await this.auth.blockedSeconds(tkey, L.pinFailuresPerTerminal, L.pinWindowMinutes);
      throw tooManyRequests(terminalTooManyFor(seconds / 60), seconds);
    }
    let ok: boolean;
    try {
      ok = await verifyPassword(person.pin_hash, body.pin);
    } catch (err) {
      await this.auth.releaseLoginAttempt(personAttempt);
      await this.auth.releaseLoginAttempt(terminalAttempt);
      throw err;
    }
    if (!ok) {
      const fallos = await this.auth.attemptsHeld(key, L.pinFailuresPerPerson, L.pinWindowMinutes);
      const entry = { actorUuid: null, recurso: 'usuario', recursoUuid: person.uuid, ip: origin.ip } as const;
      await this.audit.record({ ...entry, accion: 'pin_incorrecto', detalle: { terminal: device.uuid, intento: fallos, limite: L.pinFailuresPerPerson } });
      if (fallos >= L.pinFailuresPerPerson) {
        await this.audit.record({ ...entry, accion: 'bloqueo', detalle: { terminal: device.uuid, intentos: fallos, minutos: L.pinWindowMinutes } });
      }
      throw unauthorized(t.pinWrong);
    }
    await this.auth.clearAttempts(key);
    await this.auth.releaseLoginAttempt(terminalAttempt);
    const opened = await this.auth.startTerminalSession(person.uuid, device.uuid, origin);
    const session = await this.sessionInfo(person.uuid, opened.sesion, device, opened.creadaEn);
    return { ...session, token: opened.token, replay_token: opened.replayToken, replay_vence_en: opened.replayVenceEn.toISOString() };
  }

  private async sessionInfo(usuario: string, sesion: string, device: TerminalDevice | CurrentTerminalResponse, since: Date): Promise<TerminalSessionResponse> {
    const state = await this.users.load(usuario);
    if (!state) throw unauthorized(MESSAGES.errors.userInactive);
    const terminal = 'areaUuid' in device ? await this.current(device) : device;
    return {
      sesion_uuid: sesion,
      usuario: { uuid: state.uuid, nombre: state.nombre, apellido: state.apellido, username: state.username },
      terminal,
      permisos: terminalReach(state.permisos),
      minutos_inactividad: terminal.minutos_inactividad,
      iniciada_en: since.toISOString(),
      vence_por_inactividad_en: new Date(Date.now() + terminal.minutos_inactividad * 60_000 + L.serverIdleGraceSeconds * 1000).toISOString(),
    };
  }

  async session(user: AuthUser): Promise<TerminalSessionResponse> {
    if (!user.terminalUuid || user.replay) throw forbidden(t.notTerminalSession);
    const row = await this.repo.find(user.terminalUuid);
    if (!row) throw notFound(t.notFound);
    const terminal = { uuid: row.uuid, nombre: row.nombre, area: { uuid: row.area_uuid, nombre: row.area_nombre }, minutos_inactividad: row.minutos_inactividad };
    const since = await this.repo.sessionStart(user.sesionUuid);
    return this.sessionInfo(user.uuid, user.sesionUuid, terminal, since ?? new Date());
  }

  async endSession(user: AuthUser): Promise<{ ok: true }> {
    if (!user.terminalUuid || user.replay) throw forbidden(t.notTerminalSession);
    await this.auth.endTerminalSession(user);
    return { ok: true };
  }

  private async pinStatus(usuario: string): Promise<PinStatusResponse> {
    const pin = await this.repo.pin(usuario);
    const fallos = await this.auth.attemptsHeld(pinKey(usuario), L.pinFailuresPerPerson, L.pinWindowMinutes);
    return { tiene_pin: !!pin, actualizado_en: pin?.actualizado_en.toISOString() ?? null, bloqueado: fallos >= L.pinFailuresPerPerson };
  }

  myPin(user: AuthUser): Promise<PinStatusResponse> {
    return this.pinStatus(user.uuid);
  }

  /**
   * The person's own PIN. An account with a local password proves it is them with that password
   * (checked like «Cambiar contraseña», wrong attempts limited); a company sign-in account, which
   * has no local password, with its session. Never from a terminal.
   */
  async setMyPin(user: AuthUser, body: SetOwnPinRequest): Promise<PinStatusResponse> {
    if (user.terminalUuid) throw forbidden(t.notFromTerminal);
    const person = await this.repo.person(user.uuid);
    if (!person) throw notFound(MESSAGES.errors.userGone);
    if (person.origen === 'local') {
      const given = body.contrasena_actual;
      if (!given) throw badRequest(t.currentPasswordRequired, [{ path: 'contrasena_actual', message: t.currentPasswordRequired }]);
      if (!(await this.auth.checkCurrentPassword(user.uuid, () => verifyPassword(person.password_hash, given)))) {
        throw badRequest(t.currentPasswordWrong, [{ path: 'contrasena_actual', message: t.currentPasswordWrong }]);
      }
    }
    await this.repo.setPin(user.uuid, await hashPassword(body.pin));
    await this.auth.clearAttempts(pinKey(user.uuid));
    await this.audit.by(user, null, { accion: 'fijar_pin', recurso: 'usuario', recursoUuid: user.uuid });
    return this.pinStatus(user.uuid);
  }

  private async personInScope(user: AuthUser, uuid: string) {
    const person = await this.repo.person(uuid);
    if (!person) throw notFound(MESSAGES.errors.userGone);
    if (!anyInScope(areaScope(user), person.areas ?? [])) throw forbidden(t.personForbidden);
    return person;
  }

  async resetPin(user: AuthUser, uuid: string, body: ResetPinRequest): Promise<PinStatusResponse> {
    await this.personInScope(user, uuid);
    if (body.pin) await this.repo.setPin(uuid, await hashPassword(body.pin));
    else await this.repo.clearPin(uuid);
    await this.auth.clearAttempts(pinKey(uuid));
    await this.audit.by(user, null, { accion: 'restablecer_pin', recurso: 'usuario', recursoUuid: uuid, detalle: { nuevo_pin: !!body.pin } });
    return this.pinStatus(uuid);
  }

  async unlockPin(user: AuthUser, uuid: string): Promise<PinStatusResponse> {
    await this.personInScope(user, uuid);
    await this.auth.clearAttempts(pinKey(uuid));
    await this.audit.by(user, null, { accion: 'desbloquear_pin', recurso: 'usuario', recursoUuid: uuid });
    return this.pinStatus(uuid);
  }

  async wall(device: TerminalDevice): Promise<WallBoardResponse> {
    const tz = this.config.timezone;
    const today = todayIn(tz);
    const dayStart = companyMidnight(today, tz);
    const dayEnd = companyMidnight(addDaysToCalendarDate(today, 1), tz);
    const w = await this.repo.wall(device.areaUuid, dayStart, dayEnd);
    const area = await this.repo.areaName(device.areaUuid);
    const ref = (r: { equipo_uuid: string | null; equipo_codigo: string | null; equipo_nombre: string | null }) =>
      r.equipo_uuid ? { uuid: r.equipo_uuid, codigo: r.equipo_codigo ?? '', nombre: r.equipo_nombre ?? '' } : null;
    return {
      area: { uuid: device.areaUuid, nombre: area?.nombre ?? '' },
      generado_en: new Date().toISOString(),
      vencidas: w.vencidas.map(toWallTask),
      hoy: w.hoy.map(toWallTask),
      en_curso: w.enCurso.map(toWallTask),
      equipos_detenidos: w.equipos.map((e) => ({ uuid: e.uuid, codigo: e.codigo, nombre: e.nombre, estado: e.estado, estado_desde: e.estado_desde.toISOString() })),
      solicitudes_pendientes: w.solicitudes.map((s) => ({
        uuid: s.uuid,
        numero: s.numero,
        descripcion: s.descripcion,
        urgencia: s.urgencia,
        equipo: ref(s),
        equipo_detenido: s.equipo_detenido,
        creado_en: s.creado_en.toISOString(),
      })),
      totales: {
        vencidas: w.vencidas[0]?.total ?? 0,
        hoy: w.hoy[0]?.total ?? 0,
        en_curso: w.enCurso[0]?.total ?? 0,
        equipos_detenidos: w.equipos[0]?.total ?? 0,
        solicitudes_pendientes: w.solicitudes[0]?.total ?? 0,
      },
    };
  }

  async wallTicket(device: TerminalDevice): Promise<{ ticket: string; expira_en: string }> {
    const { ticket, expira_en } = await this.state.issueTicket(device.uuid);
    return { ticket, expira_en: expira_en.toISOString() };
  }
}
