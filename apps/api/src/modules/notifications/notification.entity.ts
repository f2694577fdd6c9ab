import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn, Relation } from 'typeorm';
import { UserEntity } from '../users/user.entity';

@Entity('dispositivos')
export class DeviceEntity {
  @PrimaryGeneratedColumn('uuid') uuid: string;
  @Column({ type: 'uuid' }) usuario_uuid: string;
  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'usuario_uuid' }) usuario: Relation<UserEntity>;
  @Column({ type: 'varchar', length: 4096, unique: true }) token: string;
  @Column({ type: 'varchar', length: 20, default: 'web' }) plataforma: string;
  @CreateDateColumn({ type: 'timestamptz' }) created_at: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updated_at: Date;
}

/** In-app inbox: every notification sent to a user, read or not. */
@Entity('notificaciones')
export class NotificationEntity {
  @PrimaryGeneratedColumn('uuid') uuid: string;
  @Column({ type: 'uuid' }) usuario_uuid: string;
  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'usuario_uuid' }) usuario: Relation<UserEntity>;
  @Column({ type: 'varchar', length: 200 }) titulo: string;
  @Column({ type: 'text' }) mensaje: string;
  @Column({ type: 'boolean', default: false }) leida: boolean;
  @Column({ type: 'uuid', nullable: true }) enviado_por_uuid: string | null;
  @CreateDateColumn({ type: 'timestamptz' }) fecha_creacion: Date;
}
