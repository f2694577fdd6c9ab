import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Opaque refresh tokens, stored only as SHA-256 hashes; one family per login. */
@Entity('refresh_tokens')
export class RefreshTokenEntity {
  @PrimaryGeneratedColumn('uuid') uuid: string;
  @Column({ type: 'uuid' }) usuario_uuid: string;
  @Column({ type: 'uuid' }) family_uuid: string;
  @Column({ type: 'varchar', length: 64, unique: true }) token_hash: string;
  @Column({ type: 'timestamptz' }) expires_at: Date;
  @Column({ type: 'timestamptz', nullable: true }) rotated_at: Date | null;
  @Column({ type: 'uuid', nullable: true }) replaced_by_uuid: string | null;
  @Column({ type: 'timestamptz', nullable: true }) revoked_at: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) created_at: Date;
}

@Entity('login_attempts')
export class LoginAttemptEntity {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' }) id: string;
  @Column({ type: 'varchar', length: 100 }) username: string;
  @Column({ type: 'varchar', length: 100 }) address: string;
  @CreateDateColumn({ type: 'timestamptz' }) attempted_at: Date;
}
