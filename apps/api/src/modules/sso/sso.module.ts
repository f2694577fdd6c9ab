import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { UsersModule } from '../users/users.module';
import { LdapService } from './ldap.service';
import { OidcRepository } from './oidc.repository';
import { OidcService } from './oidc.service';
import { SsoController } from './sso.controller';

/** Company sign-in: LDAP for the login form, OpenID Connect for 'Ingresar con ...'. */
@Module({
  imports: [AuthModule, UsersModule],
  controllers: [SsoController],
  providers: [LdapService, OidcService, OidcRepository],
  exports: [LdapService],
})
export class SsoModule {}
