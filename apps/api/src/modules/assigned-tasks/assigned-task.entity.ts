import {
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  OneToMany,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  Relation,
} from 'typeorm';
import { StatusEntity } from '../statuses/status.entity';
import { TaskEntity } from '../tasks/task.entity';
import { UserEntity } from '../users/user.entity';
import { ScheduleEntity } from '../scheduled-tasks/schedule.entity';

/** One occurrence of a task for one employee (tarea asignada). */
@Entity('tareas_asignadas')
export class AssignedTaskEntity {
  @PrimaryGeneratedColumn('uuid') uuid: string;
  @Column({ type: 'uuid' }) tarea_uuid: string;
  @ManyToOne(() => TaskEntity) @JoinColumn({ name: 'tarea_uuid' }) tarea: Relation<TaskEntity>;
  @Column({ type: 'uuid' }) empleado_uuid: string;
  @ManyToOne(() => UserEntity) @JoinColumn({ name: 'empleado_uuid' }) empleado: Relation<UserEntity>;
  @Column({ type: 'uuid' }) estado_uuid: string;
  @ManyToOne(() => StatusEntity) @JoinColumn({ name: 'estado_uuid' }) estado: Relation<StatusEntity>;
  @CreateDateColumn({ type: 'timestamptz' }) fecha_asignacion: Date;
  /** Due date, `YYYY-MM-DD` in APP_TIMEZONE. */
  @Column({ type: 'date', nullable: true }) fecha_vencimiento: string | null;
  @Column({ type: 'boolean', default: false }) archivada: boolean;
  @Column({ type: 'smallint', nullable: true }) calificacion: number | null;
  @Column({ type: 'text', nullable: true }) observaciones: string | null;
  @Column({ type: 'timestamptz', nullable: true }) fecha_archivado: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) fecha_completada: Date | null;
  @Column({ type: 'uuid', nullable: true }) asignado_por_uuid: string | null;
  @Column({ type: 'uuid', nullable: true }) programacion_uuid: string | null;
  @ManyToOne(() => ScheduleEntity, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'programacion_uuid' })
  programacion: Relation<ScheduleEntity> | null;
  /** Occurrence date for schedule-generated rows; part of the exactly-once key. */
  @Column({ type: 'date', nullable: true }) fecha_ocurrencia: string | null;
  @UpdateDateColumn({ type: 'timestamptz' }) updated_at: Date;
  @OneToMany(() => CommentEntity, (c) => c.tarea_asignada) comentarios: Relation<CommentEntity[]>;
  @OneToMany(() => AssignedTaskHistoryEntity, (h) => h.tarea_asignada) historial: Relation<AssignedTaskHistoryEntity[]>;
}

@Entity('comentarios')
export class CommentEntity {
  @PrimaryGeneratedColumn('uuid') uuid: string;
  @Column({ type: 'uuid' }) tarea_asignada_uuid: string;
  @ManyToOne(() => AssignedTaskEntity, (a) => a.comentarios, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tarea_asignada_uuid' })
  tarea_asignada: Relation<AssignedTaskEntity>;
  @Column({ type: 'uuid' }) usuario_uuid: string;
  @ManyToOne(() => UserEntity) @JoinColumn({ name: 'usuario_uuid' }) usuario: Relation<UserEntity>;
  @Column({ type: 'text' }) texto: string;
  @CreateDateColumn({ type: 'timestamptz' }) fecha_creacion: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updated_at: Date;
}

/** Who did what to an assigned task, and when (status change, archive, comment, assignment). */
@Entity('historial_tareas_asignadas')
export class AssignedTaskHistoryEntity {
  @PrimaryGeneratedColumn('uuid') uuid: string;
  @Column({ type: 'uuid' }) tarea_asignada_uuid: string;
  @ManyToOne(() => AssignedTaskEntity, (a) => a.historial, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tarea_asignada_uuid' })
  tarea_asignada: Relation<AssignedTaskEntity>;
  @Column({ type: 'varchar', length: 20 }) tipo: 'estado' | 'archivo' | 'comentario' | 'asignacion';
  @Column({ type: 'text' }) detalle: string;
  @Column({ type: 'uuid', nullable: true }) usuario_uuid: string | null;
  @ManyToOne(() => UserEntity, { nullable: true })
  @JoinColumn({ name: 'usuario_uuid' })
  usuario: Relation<UserEntity> | null;
  @CreateDateColumn({ type: 'timestamptz' }) fecha: Date;
}
