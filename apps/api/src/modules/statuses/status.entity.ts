import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('estados')
export class StatusEntity {
  @PrimaryGeneratedColumn('uuid') uuid: string;
  @Column({ type: 'varchar', length: 100 }) nombre: string;
  @Column({ type: 'text' }) descripcion: string;
  @Column({ type: 'integer' }) order: number;
  @Column({ type: 'varchar', length: 7 }) color: string;
  @CreateDateColumn({ type: 'timestamptz' }) created_at: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updated_at: Date;
}
