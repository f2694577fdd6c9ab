import { createSecretKey } from 'node:crypto';
import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { ACCESS_TOKEN_TTL_SECONDS } from '@gestar/contracts';
import { APP_CONFIG, AppConfig } from '../../config';
import { AuthGuard } from './auth.guard';
import { AccessRepository } from '../access/access.repository';
import { UserStateRepository } from './user-state.repository';
import { UserStateService } from './user-state.service';
import { SessionStateRepository } from './session-state.repository';
import { SessionStateService } from './session-state.service';
import { Clock } from '../time/clock';
import { TerminalStateRepository } from './terminal-state.repository';
import { TerminalStateService } from './terminal-state.service';

@Global()
@Module({
  imports: [
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => {
        // One key object for the process: given the secret as a string, jsonwebtoken rebuilds
        // the key on every sign and verify (first trying, and failing, to read it as a public key).
        const key = createSecretKey(Buffer.from(config.jwtSecret));
        return {
          secretOrKeyProvider: () => key,
          signOptions: { algorithm: 'HS256', expiresIn: ACCESS_TOKEN_TTL_SECONDS },
          verifyOptions: { algorithms: ['HS256'] },
        };
      },
    }),
  ],
  providers: [
    Clock,
    UserStateService,
    UserStateRepository,
    SessionStateService,
    SessionStateRepository,
    AccessRepository,
    TerminalStateRepository,
    TerminalStateService,
    AuthGuard,
    { provide: APP_GUARD, useExisting: AuthGuard },
  ],
  exports: [JwtModule, Clock, UserStateService, SessionStateService, TerminalStateService, AccessRepository, AuthGuard],
})
export class CommonAuthModule {}
