import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { ACCESS_TOKEN_TTL_SECONDS } from '@gestar/contracts';
import { APP_CONFIG, AppConfig } from '../../config';
import { AuthGuard } from './auth.guard';
import { UserStateService } from './user-state.service';

@Global()
@Module({
  imports: [
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        secret: config.jwtSecret,
        signOptions: { algorithm: 'HS256', expiresIn: ACCESS_TOKEN_TTL_SECONDS },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
  ],
  providers: [UserStateService, AuthGuard, { provide: APP_GUARD, useExisting: AuthGuard }],
  exports: [JwtModule, UserStateService, AuthGuard],
})
export class CommonAuthModule {}
