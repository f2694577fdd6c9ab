import { Column, CreateDateColumn, Entity, JoinColumn, OneToOne, PrimaryGeneratedColumn, UpdateDateColumn, Relation } from 'typeorm';
import { TaskEntity } from '../tasks/task.entity';

/** A task's schedule (programación): one per task. Dates are calendar dates in APP_TIMEZONE. */
@Entity('programaciones_tareas')
export class ScheduleEntity {
  @PrimaryGeneratedColumn('uuid') uuid: string;
  @Column({ type: 'uuid', unique: true }) tarea_uuid: string;
  @OneToOne(() => TaskEntity, (t) => t.programacion, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tarea_uuid' })
  tarea: Relation<TaskEntity>;
  @Column({ type: 'integer' }) intervalo_repeticion: number;
  /** Next occurrence date, `YYYY-MM-DD`. */
  @Column({ type: 'date' }) proxima_ejecucion: string;
  /** Days between an occurrence date and its due date (kept from the task form). */
  @Column({ type: 'integer', default: 0 }) dias_vencimiento: number;
  @Column({ type: 'boolean', default: true }) activo: boolean;
  @Column({ type: 'timestamptz', nullable: true }) ultima_ejecucion: Date | null;
  @Column({ type: 'integer', default: 0 }) total_generadas: number;
  @CreateDateColumn({ type: 'timestamptz' }) created_at: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updated_at: Date;
}
