import {
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  OneToMany,
  OneToOne,
  PrimaryColumn,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  Relation,
} from 'typeorm';
import { AreaEntity } from '../areas/area.entity';
import { TaskTypeEntity } from '../task-types/task-type.entity';
import { UserEntity } from '../users/user.entity';
import { ScheduleEntity } from '../scheduled-tasks/schedule.entity';

/** A task definition (tarea): what has to be done, by default for whom. */
@Entity('tareas')
export class TaskEntity {
  @PrimaryGeneratedColumn('uuid') uuid: string;
  @Column({ type: 'varchar', length: 200 }) titulo: string;
  /** Rich-text JSON string (SPEC section 3) or plain text. */
  @Column({ type: 'text', default: '' }) descripcion: string;
  @Column({ type: 'uuid' }) tipo_tarea_uuid: string;
  @ManyToOne(() => TaskTypeEntity) @JoinColumn({ name: 'tipo_tarea_uuid' }) tipo_tarea: Relation<TaskTypeEntity>;
  @Column({ type: 'uuid' }) area_uuid: string;
  @ManyToOne(() => AreaEntity) @JoinColumn({ name: 'area_uuid' }) area: Relation<AreaEntity>;
  @Column({ type: 'boolean', default: true }) activo: boolean;
  @Column({ type: 'uuid' }) creado_por_uuid: string;
  @ManyToOne(() => UserEntity) @JoinColumn({ name: 'creado_por_uuid' }) creado_por: Relation<UserEntity>;
  @CreateDateColumn({ type: 'timestamptz' }) fecha_creacion: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updated_at: Date;
  @OneToMany(() => TaskDefaultAssigneeEntity, (a) => a.tarea) usuarios_tareas: Relation<TaskDefaultAssigneeEntity[]>;
  @OneToOne(() => ScheduleEntity, (s) => s.tarea) programacion: Relation<ScheduleEntity> | null;
  @OneToMany(() => SuggestionEntity, (s) => s.tarea) sugerencias: Relation<SuggestionEntity[]>;
}

/** Default assignees of a task (usuarios_tareas). */
@Entity('tarea_usuarios')
export class TaskDefaultAssigneeEntity {
  @PrimaryColumn({ type: 'uuid' }) tarea_uuid: string;
  @PrimaryColumn({ type: 'uuid' }) usuario_uuid: string;
  @ManyToOne(() => TaskEntity, (t) => t.usuarios_tareas, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tarea_uuid' })
  tarea: Relation<TaskEntity>;
  @ManyToOne(() => UserEntity) @JoinColumn({ name: 'usuario_uuid' }) usuario: Relation<UserEntity>;
}

@Entity('sugerencias')
export class SuggestionEntity {
  @PrimaryGeneratedColumn('uuid') uuid: string;
  @Column({ type: 'uuid' }) tarea_uuid: string;
  @ManyToOne(() => TaskEntity, (t) => t.sugerencias, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tarea_uuid' })
  tarea: Relation<TaskEntity>;
  @Column({ type: 'uuid' }) creado_por_uuid: string;
  @ManyToOne(() => UserEntity) @JoinColumn({ name: 'creado_por_uuid' }) creado_por: Relation<UserEntity>;
  @Column({ type: 'text' }) descripcion: string;
  @CreateDateColumn({ type: 'timestamptz' }) fecha_creacion: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updated_at: Date;
}
