import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('roles')
export class RoleEntity {
  @PrimaryGeneratedColumn('uuid') uuid: string;
  @Column({ type: 'varchar', length: 100, unique: true }) nombre: string;
  @Column({ type: 'text', array: true, default: () => "'{}'" }) permisos: string[];
  @CreateDateColumn({ type: 'timestamptz' }) created_at: Date;
}
