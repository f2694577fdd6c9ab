import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { TerminalsController } from './terminals.controller';
import { TerminalsRepository } from './terminals.repository';
import { TerminalsService } from './terminals.service';
import { WallStream } from './wall-stream';

/** Shared terminals (issue 34). */
@Module({
  imports: [AuthModule],
  controllers: [TerminalsController],
  providers: [TerminalsService, TerminalsRepository, WallStream],
})
export class TerminalsModule {}
