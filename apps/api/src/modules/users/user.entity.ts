import {
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  OneToMany,
  PrimaryColumn,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  Relation,
} from 'typeorm';
import { AreaEntity } from '../areas/area.entity';
import { JobDescriptionEntity } from '../job-descriptions/job-description.entity';
import { RoleEntity } from '../roles/role.entity';

@Entity('usuarios')
export class UserEntity {
  @PrimaryGeneratedColumn('uuid') uuid: string;
  @Column({ type: 'varchar', length: 100 }) username: string;
  @Column({ type: 'varchar', length: 255, select: false }) password_hash: string;
  @Column({ type: 'varchar', length: 100 }) nombre: string;
  @Column({ type: 'varchar', length: 100 }) apellido: string;
  @Column({ type: 'uuid' }) rol_uuid: string;
  @ManyToOne(() => RoleEntity) @JoinColumn({ name: 'rol_uuid' }) rol: Relation<RoleEntity>;
  @Column({ type: 'uuid', nullable: true }) descripcion_puesto_uuid: string | null;
  @ManyToOne(() => JobDescriptionEntity, { nullable: true })
  @JoinColumn({ name: 'descripcion_puesto_uuid' })
  descripcion_puesto: Relation<JobDescriptionEntity> | null;
  @Column({ type: 'boolean', default: true }) activo: boolean;
  @OneToMany(() => UserAreaEntity, (ua) => ua.usuario) usuario_areas: Relation<UserAreaEntity[]>;
  @CreateDateColumn({ type: 'timestamptz' }) created_at: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updated_at: Date;
}

@Entity('usuario_areas')
export class UserAreaEntity {
  @PrimaryColumn({ type: 'uuid' }) usuario_uuid: string;
  @PrimaryColumn({ type: 'uuid' }) area_uuid: string;
  @ManyToOne(() => UserEntity, (u) => u.usuario_areas, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'usuario_uuid' })
  usuario: Relation<UserEntity>;
  @ManyToOne(() => AreaEntity) @JoinColumn({ name: 'area_uuid' }) area: Relation<AreaEntity>;
}
