import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { SsoModule } from '../sso/sso.module';
import { UsersModule } from '../users/users.module';
import { SignInController } from './sign-in.controller';
import { SignInService } from './sign-in.service';

/** Signing in with a password (the directory first when LDAP is on) and out: over auth, sso and users. */
@Module({
  imports: [AuthModule, SsoModule, UsersModule],
  controllers: [SignInController],
  providers: [SignInService],
})
export class SignInModule {}
