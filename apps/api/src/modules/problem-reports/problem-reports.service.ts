import { randomUUID } from 'node:crypto';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import {
  AcceptProblemReportRequest,
  AttachmentResponse,
  CreateProblemReportRequest,
  MergeProblemReportRequest,
  MESSAGES,
  OPEN_PROBLEM_REPORT_STATES,
  ProblemReportDetailResponse,
  ProblemReportListQuery,
  ProblemReportListResponse,
  ProblemReportResponse,
  RejectProblemReportRequest,
} from '@gestar/contracts';
import { hasPermission, type AuthUser } from '../../common/auth/auth-user';
import { areaScope, assertInScope, inScope, scopeAreas } from '../../common/access/access';
import { badRequest, conflict, forbidden, notFound } from '../../common/http/app-exception';
import { pageMeta, pgErrorCode, PG } from '../../database/sql';
import { AssetsService } from '../assets/assets.service';
import { AttachmentsService, UploadedFile } from '../attachments/attachments.service';
import { OccurrenceFinishedHooks } from '../assigned-tasks/occurrence-finished';
import { TasksService } from '../tasks/tasks.service';
import { toProblemReportResponse, toStepResponse } from './problem-reports.mapper';
import { ProblemReportsNotifier, ReportNotice } from './problem-reports.notifier';
import { LockedReportRow, ProblemReportsRepository } from './problem-reports.repository';

const m = MESSAGES.problemReports;

function fieldError(path: string, message: string) {
  return badRequest(message, [{ path, message }]);
}

/** A task's rich-text description: one paragraph per line. */
function richText(lines: readonly string[]): string {
  return JSON.stringify(lines.map((text) => ({ type: 'paragraph', children: [{ text }] })));
}

const firstWords = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/**
 * «Solicitudes» (issue 33, DECISIONS section 9): anyone reports a problem, a machine said to be
 * stopped is «detenido» from that moment; the area's supervisors accept it into a task on the
 * machine, merge it into an open report of the same machine, or reject it with a reason; when
 * the task is finished they confirm the machine works and it is operativo again. Each step is
 * kept for the reporter and told to them; each change of a report is in the audit log (trigger).
 */
@Injectable()
export class ProblemReportsService implements OnModuleInit {
  constructor(
    private readonly repo: ProblemReportsRepository,
    private readonly assets: AssetsService,
    private readonly tasks: TasksService,
    private readonly attachments: AttachmentsService,
    private readonly finishedHooks: OccurrenceFinishedHooks,
    private readonly notifier: ProblemReportsNotifier,
  ) {}

  onModuleInit(): void {
    this.finishedHooks.listen((occurrence, by) => this.taskFinished(occurrence, by));
  }

  private triages(caller: AuthUser, areaUuid: string): boolean {
    return hasPermission(caller, 'triage:problem-report') && inScope(areaScope(caller), areaUuid);
  }

  private assertTriages(caller: AuthUser, areaUuid: string): void {
    if (!this.triages(caller, areaUuid)) throw forbidden(m.triageForbidden);
  }

  private async response(uuid: string): Promise<ProblemReportResponse> {
    const row = await this.repo.find(uuid);
    if (!row) throw notFound(m.notFound);
    return toProblemReportResponse(row);
  }

  async list(caller: AuthUser, q: ProblemReportListQuery): Promise<ProblemReportListResponse> {
    let areas: readonly string[] | null = null;
    if (!q.mias) {
      if (!hasPermission(caller, 'triage:problem-report')) throw forbidden(m.triageForbidden);
      const scope = areaScope(caller);
      if (q.area_uuid) assertInScope(scope, q.area_uuid, m.triageForbidden);
      areas = scopeAreas(scope);
    }
    const { rows, total } = await this.repo.page(
      { areas, creadoPor: q.mias ? caller.uuid : undefined, estado: q.estado, areaUuid: q.area_uuid, equipo: q.equipo },
      q,
    );
    return { data: rows.map(toProblemReportResponse), meta: pageMeta(q, total) };
  }

  async get(caller: AuthUser, uuid: string): Promise<ProblemReportDetailResponse> {
    const row = await this.repo.find(uuid);
    if (!row) throw notFound(m.notFound);
    const triages = this.triages(caller, row.area_uuid);
    if (row.creado_por_uuid !== caller.uuid && !triages) throw forbidden(m.forbidden);
    const [steps, adjuntos] = await Promise.all([this.repo.steps(uuid), this.attachments.ofReport(uuid)]);
    return { ...toProblemReportResponse(row), pasos: steps.map(toStepResponse), adjuntos, puede_revisar: triages };
  }

  /** Stores the report (and stops its machine), then tells the area's supervisors. */
  async create(caller: AuthUser, input: CreateProblemReportRequest): Promise<ProblemReportResponse> {
    const created = await this.insert(caller, input);
    const report = await this.response(created.uuid);
    const where = report.equipo ? `${report.equipo.nombre} (${report.equipo.codigo})` : report.area.nombre;
    await this.notifier.notify([
      {
        recipients: await this.repo.triagersOf(report.area.uuid),
        titulo: `${m.newTitle} N.º ${report.numero}`,
        mensaje: `${where}${report.equipo_detenido && report.equipo ? m.stoppedSuffix : ''}: ${report.descripcion}`,
        actorUuid: caller.uuid,
      },
    ]);
    return report;
  }

  @Transactional()
  private async insert(caller: AuthUser, input: CreateProblemReportRequest): Promise<{ uuid: string; numero: number }> {
    let equipo: { uuid: string; area_uuid: string } | null = null;
    if (input.equipo) {
      const found = await this.assets.findByCode(input.equipo);
      if (!found) throw fieldError('equipo', m.equipoNotFound);
      equipo = { uuid: found.uuid, area_uuid: found.area.uuid };
      if (input.area_uuid && input.area_uuid !== equipo.area_uuid) throw fieldError('area_uuid', m.areaNotMachine);
    } else if (!(await this.repo.areaExists(input.area_uuid!))) {
      throw fieldError('area_uuid', m.areaNotFound);
    }
    // Reports stopping the same machine queue on its row before anything is written (the report's
    // reference to the machine would otherwise share-lock it first and two of them deadlock).
    const machine = equipo && input.equipo_detenido ? await this.repo.lockMachine(equipo.uuid) : null;
    const uuid = input.uuid ?? randomUUID();
    if (input.uuid && (await this.repo.exists(input.uuid))) throw conflict(m.uuidTaken);
    let row: { uuid: string; numero: number };
    try {
      row = await this.repo.insert({
        uuid,
        equipoUuid: equipo?.uuid ?? null,
        areaUuid: equipo?.area_uuid ?? input.area_uuid!,
        descripcion: input.descripcion,
        equipoDetenido: input.equipo_detenido && equipo !== null,
        urgencia: input.urgencia,
        creadoPor: caller.uuid,
      });
    } catch (err) {
      if (pgErrorCode(err) === PG.uniqueViolation) throw conflict(m.uuidTaken);
      throw err;
    }
    await this.repo.addStep([uuid], 'creada', null, caller.uuid);
    if (equipo && machine) {
      // The first stops it; the others, queued behind it, find it stopped.
      if (machine.estado === 'operativo') {
        await this.assets.setState({
          equipoUuid: equipo.uuid,
          estado: 'detenido',
          motivo: `Solicitud N.º ${row.numero}`,
          solicitudUuid: uuid,
          porUuid: caller.uuid,
        });
      }
    }
    return row;
  }

  /** A photo: the reporter or who triages the area, while the report is open. */
  async addPhoto(caller: AuthUser, uuid: string, file: UploadedFile | undefined): Promise<AttachmentResponse> {
    const seen = await this.repo.find(uuid);
    if (!seen) throw notFound(m.notFound);
    if (seen.creado_por_uuid !== caller.uuid && !this.triages(caller, seen.area_uuid)) throw forbidden(m.photosForbidden);
    return this.attachments.uploadReportPhoto(caller, uuid, file, async () => {
      const locked = await this.repo.lock(uuid);
      if (!locked) throw notFound(m.notFound);
      if (!OPEN_PROBLEM_REPORT_STATES.includes(locked.estado)) throw conflict(m.photosClosed);
    });
  }

  /** The report locked, pending, and the caller triages its area (403 before 409: a stranger learns nothing). */
  private async lockPending(caller: AuthUser, uuid: string): Promise<LockedReportRow> {
    const r = await this.repo.lock(uuid);
    if (!r) throw notFound(m.notFound);
    this.assertTriages(caller, r.area_uuid);
    if (r.estado !== 'pendiente') throw conflict(m.alreadyTriaged);
    return r;
  }

  async accept(caller: AuthUser, uuid: string, input: AcceptProblemReportRequest): Promise<ProblemReportResponse> {
    const { report, task, titulo } = await this.applyAccept(caller, uuid, input);
    await this.tasks.announceAssigned(caller, task, titulo);
    await this.notifier.notify([
      { recipients: [report.creado_por_uuid], titulo: m.acceptedTitle, mensaje: m.acceptedBody + titulo, actorUuid: caller.uuid },
    ]);
    return this.response(uuid);
  }

  @Transactional()
  private async applyAccept(caller: AuthUser, uuid: string, input: AcceptProblemReportRequest) {
    const report = await this.lockPending(caller, uuid);
    const full = (await this.repo.find(uuid))!;
    const machine = full.equipo_codigo ? `${full.equipo_nombre} (${full.equipo_codigo})` : null;
    const titulo =
      input.titulo ?? firstWords(machine ? `Reparar ${machine}: ${report.descripcion}` : `Solicitud N.º ${report.numero}: ${report.descripcion}`, 200);
    const task = await this.tasks.createMachineTask(caller, {
      titulo,
      descripcion: richText([
        report.descripcion,
        `Solicitud N.º ${report.numero} de ${full.creado_por_nombre} ${full.creado_por_apellido}${report.equipo_detenido ? ' (equipo detenido)' : ''}.`,
      ]),
      tipoTareaUuid: input.tipo_tarea_uuid,
      areaUuid: report.area_uuid,
      equipoUuid: report.equipo_uuid,
      assignees: input.usuarios_asignados,
      due: input.fecha_vencimiento,
    });
    await this.repo.accept(uuid, task.created[0]!.uuid, caller.uuid);
    await this.repo.addStep([uuid], 'aceptada', titulo, caller.uuid);
    return { report, task, titulo };
  }

  async merge(caller: AuthUser, uuid: string, input: MergeProblemReportRequest): Promise<ProblemReportResponse> {
    const { source, target } = await this.applyMerge(caller, uuid, input);
    await this.notifier.notify([
      { recipients: [source.creado_por_uuid], titulo: m.mergedTitle, mensaje: `${m.mergedBody}${target.numero}`, actorUuid: caller.uuid },
    ]);
    return this.response(uuid);
  }

  /**
   * Into an open report of the same machine. The machine stays as it is: if the merged report
   * stopped it, the report it joins now says it is stopped (and resolving that one starts it).
   */
  @Transactional()
  private async applyMerge(caller: AuthUser, uuid: string, input: MergeProblemReportRequest) {
    if (input.en === uuid) throw fieldError('en', m.mergeSelf);
    const pair = await this.repo.lockPair(uuid, input.en);
    const source = pair.find((r) => r.uuid === uuid);
    const target = pair.find((r) => r.uuid === input.en);
    if (!source) throw notFound(m.notFound);
    this.assertTriages(caller, source.area_uuid);
    if (!target) throw fieldError('en', m.mergeTargetNotFound);
    if (source.estado !== 'pendiente') throw conflict(m.alreadyTriaged);
    if (!source.equipo_uuid) throw fieldError('en', m.mergeNoMachine);
    if (target.equipo_uuid !== source.equipo_uuid) throw fieldError('en', m.mergeOtherMachine);
    if (!OPEN_PROBLEM_REPORT_STATES.includes(target.estado)) throw conflict(m.mergeTargetClosed);
    await this.repo.merge(uuid, target.uuid, caller.uuid);
    if (source.equipo_detenido && !target.equipo_detenido) await this.repo.markStopped(target.uuid);
    await this.repo.addStep([uuid], 'fusionada', `Solicitud N.º ${target.numero}`, caller.uuid);
    return { source, target };
  }

  async reject(caller: AuthUser, uuid: string, input: RejectProblemReportRequest): Promise<ProblemReportResponse> {
    const { report, merged } = await this.applyReject(caller, uuid, input);
    await this.notifier.notify([
      {
        recipients: [report.creado_por_uuid, ...merged.map((r) => r.creado_por_uuid)],
        titulo: m.rejectedTitle,
        mensaje: `${m.rejectedBody}${input.motivo}`,
        actorUuid: caller.uuid,
      },
    ]);
    return this.response(uuid);
  }

  /**
   * With a reason. A report that stopped its machine leaves it stopped only while another open
   * report says so; otherwise the machine is operativo again from now.
   */
  @Transactional()
  private async applyReject(caller: AuthUser, uuid: string, input: RejectProblemReportRequest) {
    const report = await this.lockPending(caller, uuid);
    await this.repo.reject(uuid, input.motivo, caller.uuid);
    const merged = await this.repo.mergedInto(uuid);
    await this.repo.addStep([uuid, ...merged.map((r) => r.uuid)], 'rechazada', input.motivo, caller.uuid);
    if (report.equipo_detenido && report.equipo_uuid) {
      await this.startIfNoneStops(report.equipo_uuid, report.uuid, caller, `Solicitud N.º ${report.numero} rechazada`);
    }
    return { report, merged };
  }

  private async startIfNoneStops(equipoUuid: string, except: string, caller: AuthUser, motivo: string): Promise<void> {
    const machine = await this.repo.lockMachine(equipoUuid);
    if (machine?.estado !== 'detenido' || (await this.repo.otherStoppedReport(equipoUuid, except))) return;
    await this.assets.setState({ equipoUuid, estado: 'operativo', motivo, solicitudUuid: except, porUuid: caller.uuid });
  }

  /**
   * The assigned-tasks' hook, in the transaction that finished an occurrence of a report's task:
   * the report gets its step and the area's supervisors are asked to confirm the machine works.
   */
  private async taskFinished(occurrenceUuid: string, byUuid: string): Promise<void> {
    const reports = await this.repo.finishedBy(occurrenceUuid);
    if (!reports.length) return;
    await this.repo.addStep(reports.map((r) => r.uuid), 'tarea_terminada', null, byUuid);
    const notices: ReportNotice[] = [];
    for (const r of reports) {
      notices.push(
        { recipients: await this.repo.triagersOf(r.area_uuid), titulo: m.finishedTitle, mensaje: `${m.finishedBody}${r.numero}`, actorUuid: byUuid },
        { recipients: [r.creado_por_uuid], titulo: m.finishedReporterTitle, mensaje: `${m.finishedReporterBody}${r.numero}`, actorUuid: byUuid },
      );
    }
    await this.notifier.notify(notices);
  }

  /** «Confirmar que funciona»: after its task is finished; the machine is operativo again unless another report stops it. */
  async resolve(caller: AuthUser, uuid: string): Promise<ProblemReportResponse> {
    const { report, merged } = await this.applyResolve(caller, uuid);
    await this.notifier.notify([
      {
        recipients: [report.creado_por_uuid, ...merged.map((r) => r.creado_por_uuid)],
        titulo: m.resolvedTitle,
        mensaje: `${m.resolvedBody}${report.numero}`,
        actorUuid: caller.uuid,
      },
    ]);
    return this.response(uuid);
  }

  @Transactional()
  private async applyResolve(caller: AuthUser, uuid: string) {
    const report = await this.repo.lock(uuid);
    if (!report) throw notFound(m.notFound);
    this.assertTriages(caller, report.area_uuid);
    if (report.estado !== 'aceptada') throw conflict(m.notAccepted);
    if (!(await this.repo.find(uuid))!.tarea_terminada) throw conflict(m.taskNotFinished);
    await this.repo.resolve(uuid);
    const merged = await this.repo.mergedInto(uuid);
    await this.repo.addStep([uuid, ...merged.map((r) => r.uuid)], 'resuelta', null, caller.uuid);
    if (report.equipo_uuid) await this.startIfNoneStops(report.equipo_uuid, uuid, caller, `Solicitud N.º ${report.numero} resuelta`);
    return { report, merged };
  }
}
